import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteClient } from './pglite-statements';

/** The one database type every query is written against, PGlite or PostgreSQL underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; every use case that moves money or stock works on one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: read helpers accept both so a use case can call them inside its transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the in-process client (tests dump and clone it). */
  pglite?: PGlite;
  /** PostgreSQL only: the connection pool. */
  pool?: pg.Pool;
  close(): Promise<void>;
};

/**
 * The project's `migrations` folder: the nearest one above this module, which is
 * src/server/platform/db in the sources and dist/server in the built server.
 */
export const MIGRATIONS_DIR = findMigrations(path.dirname(fileURLToPath(import.meta.url)));

function findMigrations(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No migrations folder above ${from}`);
  }
}

export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens PGlite in a folder (created when missing) or in memory when `dir` is undefined. */
export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  return { db: drizzleOnPglite(client), kind: 'pglite', pglite: client, close: () => client.close() };
}

/**
 * Drizzle over PGlite through the client that parses and plans each statement once
 * (pglite-statements.ts, docs/decisions/0095); `logger` sees every statement (tests count them).
 */
export function drizzleOnPglite(pglite: PGlite, logger?: Logger): Db {
  return drizzlePglite({
    client: pgliteClient(pglite) as unknown as PGlite,
    ...(logger ? { logger } : {}),
  }) as unknown as Db;
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  // JIT off: the planner's cost of a list page with correlated filters (the stock sheet, the product
  // list's price sort) passes jit_above_cost, and compiling then takes ten times longer than the
  // 20 ms query it speeds up (docs/benchmarks.md). Short OLTP queries never gain from it.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // An idle connection closed by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection error: ${error.message}`));
  const db = drizzleNodePg({ client: pool }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/** The embedded database lives in <data dir>/db unless DATABASE_URL names a server. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'db'));
}

/**
 * Applies the committed SQL migrations. On PostgreSQL an advisory lock makes several app
 * processes starting at once take turns.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(4242001)');
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(4242001)').catch(() => undefined);
    client.release();
  }
}
