import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import { fieldError } from '../../../domain/errors';
import type { Executor } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/database-errors';
import { notFound } from '../../platform/http/errors';

/** The unique indexes of the shipping tables, and the field and words each one answers with. */
const UNIQUE_INDEXES: Record<string, [field: string, message: string]> = {
  countries_code_unique: ['code', M.codeTaken],
  countries_name_unique: ['name', M.countryNameTaken],
  states_country_name_unique: ['name', M.stateNameTaken],
  cities_state_name_unique: ['name', M.cityNameTaken],
  shipping_methods_name_unique: ['name', M.methodNameTaken],
};

/**
 * Runs a change whose names must be unique: the unique index decides (also when two admins save
 * the same name at once) and its violation becomes the field's plain message (422).
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

/** Reads a row and locks it for the rest of the transaction (404 with `message` when missing). */
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
 * A parent chosen in a form (a state's country): it must exist, else the field's 422. The key-share
 * lock keeps it from being deleted before this transaction ends.
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
