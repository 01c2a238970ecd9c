import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../http/errors';
import type { Executor } from './database';

/**
 * Reads a row and locks it for the rest of the transaction (404 with `message` when missing).
 * Writes that refer to the row (a product choosing this brand, a city its state) take a key-share
 * lock on it (parentExists), so a delete that counts its users after this lock cannot miss one
 * added at the same moment.
 */
export async function lockById<T extends PgTable & { id: AnyPgColumn }>(
  db: Executor,
  table: T,
  id: number,
  message: string,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  if (!row) throw notFound(message);
  return row as T['$inferSelect'];
}

/**
 * A parent chosen in a form (a state's country): whether it exists. The key-share lock keeps it
 * from being deleted before this transaction ends.
 */
export async function parentExists<T extends PgTable & { id: AnyPgColumn }>(
  db: Executor,
  table: T,
  id: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('key share');
  return Boolean(row);
}
