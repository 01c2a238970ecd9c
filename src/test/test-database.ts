import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../server/platform/db/database';

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
 * A freshly migrated database for one test file, cloned from the template that global setup
 * prepared: PGlite restores the template's data dir into memory, PostgreSQL copies the template
 * database. Closing drops the copy.
 */
export async function freshDatabase(templatePath: string): Promise<Database> {
  if (testTarget() === 'pglite') {
    const dump = await fs.readFile(templatePath);
    return openPglite(undefined, new Blob([dump]));
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

/** Runs one statement (create or drop a database) on the server's administration database. */
export async function onAdminDatabase(statement: string): Promise<void> {
  const database = await openPostgres(adminUrl(), 1);
  try {
    await database.pool!.query(statement);
  } finally {
    await database.close();
  }
}
