import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from './database';
import { preparedStatement } from './prepared';

/**
 * Reference data (settings, currencies, discount rules, the menu, the shop's filter choices) kept per process between
 * requests (issue 14, docs/decisions/0064). Every write of those tables bumps one version number
 * in the same transaction (database triggers, migration 0026), so a write made by any process, a
 * use case or a plain SQL statement is seen by the next request of every process: a request reads
 * the version once, at its first reference read, and uses what this process loaded at that version,
 * or loads it. A job reads at the version its claim read (docs/decisions/0112). Without a scope
 * (tests calling use cases, transactions) nothing is cached: reads go to the database as before,
 * except in a referenceCachedTransaction (docs/decisions/0111).
 */
type Scope = { db: Executor; root: Executor; version: Promise<number> | null };

const scopes = new AsyncLocalStorage<Scope>();

/**
 * The reference version as a column of another statement (the session's read, a job's claim), so
 * the request or the job reads it without a round trip of its own.
 */
export const referenceVersionColumn = () =>
  sql<string>`(select version from reference_data_version where id = 1)`;

const versionStatement = preparedStatement((db) =>
  db
    .select({ version: sql<string>`version` })
    .from(sql`reference_data_version`)
    .prepare('reference_data_version'),
);

let cache: { db: Executor; version: number; values: Map<string, Promise<unknown>> } | null = null;

/**
 * Runs a read-only request, or a job, with the reference cache of `db` (its own handle, not a
 * transaction). `knownVersion`: the version when it has read it already (with its session, or with
 * the job's claim). What runs so writes no reference data on `db` that it then reads back.
 */
export function withReferenceCache<T>(db: Executor, run: () => T, knownVersion?: number): T {
  return inScope({ db, root: db }, run, knownVersion);
}

/**
 * A transaction of `db` whose reference reads are answered from `db`'s cache (docs/decisions/0111):
 * the checkout reads settings, rules, currencies, countries, shipping and payment methods in its
 * transaction, one round trip each otherwise. `knownVersion`: the version the request's session
 * statement read just before; without it the transaction reads the version at its first reference
 * read. Only for a transaction that writes no reference data before it reads it: what it reads is
 * what another request reading the same version would read, not its own uncommitted writes.
 */
export function referenceCachedTransaction<T>(
  db: Db,
  knownVersion: number | undefined,
  run: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => inScope({ db: tx, root: db }, () => run(tx), knownVersion));
}

function inScope<T>(handles: Pick<Scope, 'db' | 'root'>, run: () => T, knownVersion: number | undefined): T {
  return scopes.run(
    { ...handles, version: knownVersion === undefined ? null : Promise.resolve(knownVersion) },
    run,
  );
}

/** Whether reference reads on `db` are answered from the cache (a request's handle or a transaction opened so). */
export function readsReferenceCache(db: Executor): boolean {
  return scopes.getStore()?.db === db;
}

async function versionOf(scope: Scope): Promise<number> {
  scope.version ??= versionStatement(scope.db)
    .execute()
    .then((rows) => Number(rows[0]?.version ?? 0));
  return scope.version;
}

/**
 * `load()` once per reference version in this process, when `db` is the handle of the current
 * request's scope; otherwise `load()` itself. What it answers is shared between requests: callers
 * must not change it.
 */
export async function cachedReference<T>(db: Executor, key: string, load: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope || scope.db !== db) return load();
  const version = await versionOf(scope);
  const root = scope.root;
  if (!cache || cache.db !== root || cache.version < version)
    cache = { db: root, version, values: new Map() };
  // A request that read an older version than this process has since loaded reads for itself.
  else if (cache.version > version) return load();
  let value = cache.values.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    const values = cache.values;
    values.set(key, value);
    value.catch(() => values.delete(key));
  }
  return value;
}

/**
 * The reference version the current request reads, when `db` is the handle of its scope (what a
 * per-process cache of its own keys on beside its own versions); null outside a request scope,
 * where nothing is cached.
 */
export async function requestReferenceVersion(db: Executor): Promise<number | null> {
  const scope = scopes.getStore();
  if (!scope || scope.db !== db) return null;
  return versionOf(scope);
}
