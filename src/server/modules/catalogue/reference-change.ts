import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { REFERENCE_MESSAGES } from '../../../contracts/catalogue-reference';
import type { Executor } from '../../platform/db/database';
import { withUniqueFieldsOf } from '../../platform/db/database-errors';

/** The unique indexes of the reference tables, and the field and words each one answers with. */
const UNIQUE_INDEXES: Record<string, [field: string, message: string]> = {
  brands_slug_unique: ['slug', REFERENCE_MESSAGES.slugTaken],
  categories_slug_unique: ['slug', REFERENCE_MESSAGES.slugTaken],
  colors_name_unique: ['name', REFERENCE_MESSAGES.nameTaken],
  attributes_name_unique: ['name', REFERENCE_MESSAGES.nameTaken],
  attribute_values_unique: ['value', REFERENCE_MESSAGES.valueTaken],
  vats_name_unique: ['name', REFERENCE_MESSAGES.nameTaken],
};

/** Runs a change whose names and slugs must be unique (withUniqueFieldsOf). */
export const withUniqueFields = withUniqueFieldsOf(UNIQUE_INDEXES);

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
