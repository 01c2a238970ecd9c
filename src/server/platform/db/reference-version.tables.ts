import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row: the version of the reference data (settings, currencies, discount rules, categories,
 * brands, colours, the menu and what it links to), bumped by database triggers in every
 * transaction that writes them (migration 0026), so each process's reference cache knows when to
 * reload (reference-cache.ts, docs/decisions/0064).
 */
export const referenceDataVersion = pgTable('reference_data_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
