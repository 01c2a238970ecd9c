import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many rows a large table holds, kept by database triggers (migration 0017) in the
 * transaction that adds or removes them, so an unfiltered list's total is one row read instead of
 * a count of the whole table (docs/decisions/0044). `name` is the table's name.
 */
export const rowCounts = pgTable('row_counts', {
  name: text('name').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  /**
   * How many committed changes of the table's rows a searched list could see (orders only:
   * migration 0040): the key under which a process keeps a search's matches
   * (docs/decisions/0106).
   */
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
});
