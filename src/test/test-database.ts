import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../server/platform/db/database';
import { forgetKeptReads } from '../server/platform/db/kept-by-changes';

/** Where the prepared template lives, shared by global setup and the test files. */
export const TEMPLATE_DB_PREFIX = 'emporium_tpl_';
export const TEST_DB_PREFIX = 'emporium_test_';
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function testTarget(): 'pglite' | 'postgres' {
  return process.env.EMPORIUM_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

export function adminUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Where global setup keeps, inside the PGlite template, what a used copy is emptied back to: the
 * list of tables and the rows of those that had some.
 */
export const TEMPLATE_ROWS_SCHEMA = 'test_template';

/** Run by global setup on the migrated PGlite template, before it is dumped. */
export async function keepTemplateRows(database: Database): Promise<void> {
  await database.pglite!.exec(`
    create schema ${TEMPLATE_ROWS_SCHEMA};
    create table ${TEMPLATE_ROWS_SCHEMA}.tables (name text primary key, has_rows boolean not null);
  `);
  const tables = await database.pglite!.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  for (const { name } of tables.rows) {
    const rows = await database.pglite!.query<{ found: boolean }>(
      `select exists (select from public.${quoteIdent(name)}) as found`,
    );
    const hasRows = rows.rows[0]!.found;
    if (hasRows) {
      await database.pglite!.exec(
        `create table ${TEMPLATE_ROWS_SCHEMA}.${quoteIdent(name)} as table public.${quoteIdent(name)}`,
      );
    }
    await database.pglite!.query(`insert into ${TEMPLATE_ROWS_SCHEMA}.tables values ($1, $2)`, [
      name,
      hasRows,
    ]);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The statements that empty a used PGlite copy back to the template: a transaction a test left
 * open is rolled back, session settings and advisory locks dropped, every table truncated and the
 * template's rows put back (with triggers and foreign-key checks off, as a restore does), the
 * sequences set where a freshly loaded copy has them and the planner's statistics forgotten. The reference
 * data version only ever goes up: the process's reference cache (docs/decisions/0064) is keyed by
 * the database handle, which the next file gets again, and must not take the next file's version 2
 * for the last file's.
 */
async function resetStatements(database: Database): Promise<string> {
  const pglite = database.pglite!;
  // As the copy has them when just loaded: a restored PGlite's sequences stand past the values
  // the template had used (PostgreSQL logs sequences ahead), and a recycled copy must match it.
  const sequences = await pglite.query<{ name: string; value: string; called: boolean }>(
    `select format('%I.%I', schemaname, sequencename) as name,
       coalesce(last_value, start_value)::text as value, last_value is not null as called
     from pg_sequences where schemaname = 'public'`,
  );
  const tables = await pglite.query<{ name: string; has_rows: boolean; columns: string | null }>(
    `select t.name, t.has_rows,
       (select string_agg(quote_ident(a.attname), ', ' order by a.attnum)
          from pg_attribute a
         where a.attrelid = format('public.%I', t.name)::regclass
           and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
     from ${TEMPLATE_ROWS_SCHEMA}.tables t order by t.name`,
  );
  const version = 'reference_data_version';
  const emptied = tables.rows.filter((t) => t.name !== version).map((t) => `public.${quoteIdent(t.name)}`);
  const refilled = tables.rows
    .filter((t) => t.has_rows && t.name !== version)
    .map(
      (t) =>
        `insert into public.${quoteIdent(t.name)} (${t.columns}) overriding system value select ${t.columns} from ${TEMPLATE_ROWS_SCHEMA}.${quoteIdent(t.name)};`,
    );
  return [
    'reset all;',
    'select pg_advisory_unlock_all();',
    'begin;',
    'set local session_replication_role = replica;',
    `truncate ${emptied.join(', ')};`,
    ...refilled,
    ...sequences.rows.map((q) => `select setval('${q.name}', ${q.value}, ${q.called});`),
    `update public.${version} set version = version + 1;`,
    `delete from pg_statistic where starelid in (select format('public.%I', name)::regclass from ${TEMPLATE_ROWS_SCHEMA}.tables);`,
    'commit;',
  ].join('\n');
}

/**
 * PGlite copies this worker's test files have given back (`recycleDatabase`), with the statements
 * that empty each one. Loading the template costs 0.5–1.4 s per file, a third of the PGlite suite's
 * time (CI time, issue 18); emptying a used copy back to it about 0.1 s. The db project keeps a
 * worker's modules between files (vitest `isolate: false`), so the copies outlive the file.
 */
const recycled = new Map<string, { database: Database; reset: string }[]>();
const resets = new WeakMap<Database, { templatePath: string; reset: string }>();

/**
 * A freshly migrated database for one test file, cloned from the template that global setup
 * prepared: PGlite restores the template's data dir into memory (or empties a copy an earlier file
 * of this worker gave back), PostgreSQL copies the template database. Closing drops the copy.
 */
export async function freshDatabase(templatePath: string): Promise<Database> {
  if (testTarget() === 'pglite') {
    const kept = recycled.get(templatePath)?.pop();
    if (kept) {
      try {
        await kept.database.pglite!.exec('rollback');
        await kept.database.pglite!.exec(kept.reset);
        // The copy's orders are the template's again, under a change count its last file also had.
        forgetKeptReads(kept.database.db);
        resets.set(kept.database, { templatePath, reset: kept.reset });
        return kept.database;
      } catch {
        await kept.database.close().catch(() => undefined);
      }
    }
    const dump = await fs.readFile(templatePath);
    const database = await openPglite(undefined, new Blob([dump]));
    resets.set(database, { templatePath, reset: await resetStatements(database) });
    return database;
  }
  // The template's name carries the run id; copies share it so the run's teardown finds them.
  const runId = templatePath.slice(TEMPLATE_DB_PREFIX.length);
  const name = `${TEST_DB_PREFIX}${runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${templatePath}`);
  await admin.end();
  const database = await openPostgres(withDatabase(adminUrl(), name), 5);
  return {
    ...database,
    async close() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Gives a test file's database back when the file is done: a PGlite copy is kept for the worker's
 * next file (unless a test closed it), a PostgreSQL copy is dropped.
 */
export async function recycleDatabase(database: Database): Promise<void> {
  const kept = resets.get(database);
  if (!kept) return database.close();
  resets.delete(database);
  if (database.pglite!.closed) return;
  const idle = recycled.get(kept.templatePath) ?? [];
  idle.push({ database, reset: kept.reset });
  recycled.set(kept.templatePath, idle);
}

/** Runs one statement (create or drop a database) on the server's administration database. */
export async function onAdminDatabase(statement: string): Promise<void> {
  const database = await openPostgres(adminUrl(), 1);
  try {
    await database.pool!.query(statement);
  } finally {
    await database.close();
  }
}
