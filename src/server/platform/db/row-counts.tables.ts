import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many rows a large table holds, kept by database triggers (migration 0017) in the
 * transaction that adds or removes them, so an unfiltered list's total is one row read instead of
 * a count of the whole table (docs/decisions/0044). `name` is the table's name.
 */
export const rowCounts = pgTable('row_counts', {
  name: text('name').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});
