import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, MIGRATIONS_DIR } from './database';

/** One entry of migrations/meta/_journal.json: drizzle records `when` as the row's created_at. */
export type JournalEntry = { tag: string; when: number };

/** The committed migrations, in order (read once: the journal ships with the code). */
export function readJournal(dir: string = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The journal's migrations this database has not applied (drizzle's `__drizzle_migrations`
 * holds one row per applied migration, created_at = the journal's `when`). Empty = up to date.
 */
export async function pendingMigrations(db: Executor, journal: readonly JournalEntry[]): Promise<string[]> {
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!exists.rows[0]?.present) return journal.map((entry) => entry.tag);
  const applied = (await db.execute(
    sql`select created_at::text as created_at from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { created_at: string }[] };
  const done = new Set(applied.rows.map((row) => Number(row.created_at)));
  return journal.filter((entry) => !done.has(entry.when)).map((entry) => entry.tag);
}
