import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { REFERENCE_MESSAGES } from '../../../contracts/catalogue-reference';
import { fieldError } from '../../../domain/errors';
import type { Executor } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/database-errors';
import { notFound } from '../../platform/http/errors';

/** Who makes a change to the catalogue's reference data, for the audit row. */

/** The unique indexes of the reference tables, and the field and words each one answers with. */
const UNIQUE_INDEXES: Record<string, [field: string, message: string]> = {
  brands_slug_unique: ['slug', REFERENCE_MESSAGES.slugTaken],
  categories_slug_unique: ['slug', REFERENCE_MESSAGES.slugTaken],
  colors_name_unique: ['name', REFERENCE_MESSAGES.nameTaken],
  attributes_name_unique: ['name', REFERENCE_MESSAGES.nameTaken],
  attribute_values_unique: ['value', REFERENCE_MESSAGES.valueTaken],
  vats_name_unique: ['name', REFERENCE_MESSAGES.nameTaken],
};

/**
 * Runs a change whose names and slugs must be unique. The use case checks first for a clear
 * answer; the unique index still decides when two admins save the same name at the same moment.
 */
export async function withUniqueFields<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    for (const [constraint, [field, message]] of Object.entries(UNIQUE_INDEXES)) {
      if (isUniqueViolation(error, constraint)) throw fieldError(field, message);
    }
    throw error;
  }
}

/**
 * Whether another row already has this text in `column`, ignoring case ("Red" and "red" are the
 * same colour to a shopper). `scope` narrows the rows compared (a category's siblings).
 */
export async function isTaken(
  db: Executor,
  table: PgTable,
  columns: { id: AnyPgColumn; text: AnyPgColumn },
  text: string,
  exceptId: number | null,
  scope?: SQL,
): Promise<boolean> {
  const [row] = await db
    .select({ id: columns.id })
    .from(table)
    .where(
      and(
        sql`lower(${columns.text}) = lower(${text})`,
        exceptId === null ? undefined : ne(columns.id, exceptId),
        scope,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether another row has exactly this slug (slugs are already lower-case). */
export async function isSlugTaken(
  db: Executor,
  table: PgTable,
  columns: { id: AnyPgColumn; slug: AnyPgColumn },
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: columns.id })
    .from(table)
    .where(and(eq(columns.slug, slug), exceptId === null ? undefined : ne(columns.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** The fields a save changed, as the audit row records them: `{ field: { from, to } }`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (before[key] !== after[key]) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

/**
 * Reads a row and locks it for the rest of the transaction (404 with `message` when missing).
 * Writes that refer to the row (a product choosing this brand) take a key-share lock on it, so a
 * delete that counts its users after this lock cannot miss one added at the same moment.
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
