import type { SessionSideRead } from '../auth/session-side-read';
import type { Executor } from './database';
import { type ChangedTable, keptChangesText, rowChanges } from './row-counts';

/** The most ids kept for one search: its first 100 pages of 10; a page past them is read as before. */
export const KEPT_IDS = 1_000;
/** The most reads kept per database handle and table (searches and pages), the least recently used forgotten first. */
const KEPT_READS = 200;

type Kept = { changes: number; reads: Map<string, unknown> };
/** Per database handle, what is kept of each table's lists under that table's count. */
const keptByHandle = new WeakMap<Executor, Map<ChangedTable, Kept>>();

/**
 * The change count of a table read with the session (decisions 0103, 0106): a list route whose
 * every request reads it declares this, and takes one round trip fewer.
 */
export function changesSideRead(table: ChangedTable): SessionSideRead {
  return {
    name: `${table}_changes`,
    column: keptChangesText('side'),
    input: () => table,
  };
}

/** A transaction sees its own writes before their changes are counted (at its commit): it keeps nothing. */
function isTransaction(db: Executor): boolean {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

/** What one request may read from, and add to, what its process keeps under one change count. */
export type ChangesScope = {
  /** `load()`'s answer kept under `key` at this count, or `load()` itself, then kept. Callers must not change it. */
  keep<T>(key: string, load: () => Promise<T>): Promise<T>;
};

/**
 * The scope of a read of `table`'s lists (docs/decisions/0106): the process keeps what they answer
 * under the count of committed changes of what they show, and answers it again while the count
 * holds. `known`: the count as the session's statement read it (changesSideRead), when it did.
 * Null, and the caller reads for itself, in a transaction or for a count older than the process has
 * seen: neither keeps anything.
 */
export async function changesScope(
  db: Executor,
  table: ChangedTable,
  known?: string | null,
): Promise<ChangesScope | null> {
  if (isTransaction(db)) return null;
  const changes = known != null && /^\d+$/.test(known) ? Number(known) : await rowChanges(db, table);
  let tables = keptByHandle.get(db);
  if (!tables) {
    tables = new Map();
    keptByHandle.set(db, tables);
  }
  let kept = tables.get(table);
  if (kept && kept.changes > changes) return null;
  if (!kept || kept.changes < changes) {
    kept = { changes, reads: new Map() };
    tables.set(table, kept);
  }
  const store = kept;
  const byTable = tables;
  return {
    async keep<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (store.reads.has(key)) {
        const value = store.reads.get(key) as T;
        // Read again: the least recently read is forgotten first.
        store.reads.delete(key);
        store.reads.set(key, value);
        return value;
      }
      const value = await load();
      // A newer count seen by another request meanwhile has replaced the store: this answer is not kept.
      if (byTable.get(table) === store) {
        store.reads.set(key, value);
        if (store.reads.size > KEPT_READS) store.reads.delete(store.reads.keys().next().value!);
      }
      return value;
    },
  };
}

/**
 * One page of a searched list from the matches kept for the search (its first KEPT_IDS ids in list
 * order, and how many match): `search(first)` answers them. Null when the page lies past the kept
 * ids (the caller reads it as before).
 */
export async function keptMatchesPage(
  scope: ChangesScope,
  key: string,
  limit: number,
  offset: number,
  search: (first: number) => Promise<{ ids: number[]; total: number }>,
): Promise<{ ids: number[]; total: number } | null> {
  const matches = await scope.keep(`matches\u0000${key}`, () => search(KEPT_IDS));
  const end = offset + limit;
  if (end > matches.ids.length && matches.ids.length < matches.total) return null;
  return { ids: matches.ids.slice(offset, end), total: matches.total };
}

/** Forgets what this process keeps for `db` (a test database emptied for the next file, a plan test). */
export function forgetKeptReads(db: Executor): void {
  keptByHandle.get(db)?.clear();
}
