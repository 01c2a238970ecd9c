import { eq, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { preparedStatement } from './prepared';
import { rowCounts } from './row-counts.tables';

/** The tables whose committed changes are counted for searched lists (migration 0040). */
export type ChangedTable = 'orders';

/** A searched list's matches as a process keeps them: the first ids in list order, and how many match. */
type Matches = { ids: readonly number[]; total: number };

/** The most ids kept for one search: its first 100 pages of 10; a page past them is read as before. */
export const KEPT_IDS = 1_000;
/** The most searches kept per database handle, the least recently read forgotten first. */
const KEPT_SEARCHES = 100;

type Kept = { changes: number; searches: Map<string, Matches> };
const keptByHandle = new WeakMap<Executor, Kept>();

const changesStatement = preparedStatement((db) =>
  db
    .select({ changes: rowCounts.changes })
    .from(rowCounts)
    .where(eq(rowCounts.name, sql.placeholder('name')))
    .prepare('row_changes'),
);

/** A transaction sees its own writes before their changes are counted (at its commit): it keeps nothing. */
function isTransaction(db: Executor): boolean {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

/**
 * One page of a searched list from the matches this process keeps for the search, under the count
 * of committed changes of its table (docs/decisions/0106): the same ids and total the search would
 * answer now, without running it again while nothing it reads has changed. `search(first)` answers
 * the first `first` matching ids in list order, and the number of matches. Null when the
 * page lies past the kept ids (the caller reads it as before).
 */
export async function keptMatchesPage(
  db: Executor,
  table: ChangedTable,
  key: string,
  limit: number,
  offset: number,
  search: (first: number) => Promise<{ ids: number[]; total: number }>,
): Promise<{ ids: number[]; total: number } | null> {
  if (isTransaction(db)) return null;
  const [row] = await changesStatement(db).execute({ name: table });
  const changes = row?.changes ?? 0;
  let kept = keptByHandle.get(db);
  if (!kept || kept.changes < changes) {
    kept = { changes, searches: new Map() };
    keptByHandle.set(db, kept);
  }
  let matches = kept.changes === changes ? kept.searches.get(key) : undefined;
  if (matches) {
    // Read again: the least recently read search is forgotten first.
    kept.searches.delete(key);
    kept.searches.set(key, matches);
  } else {
    matches = await search(KEPT_IDS);
    // A request that read an older count than this process has since seen answers without keeping.
    if (kept.changes === changes) {
      kept.searches.set(key, matches);
      if (kept.searches.size > KEPT_SEARCHES) kept.searches.delete(kept.searches.keys().next().value!);
    }
  }
  const end = offset + limit;
  if (end > matches.ids.length && matches.ids.length < matches.total) return null;
  return { ids: matches.ids.slice(offset, end), total: matches.total };
}

/** Forgets what this process keeps for `db` (a test database emptied for the next file). */
export function forgetKeptMatches(db: Executor): void {
  keptByHandle.delete(db);
}
