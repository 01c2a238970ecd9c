import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Gapless counters per series and year (DECISIONS 12): one row per (series, year) holds the last
 * number given. The column keeps its first name, `document_type`: the series are the numbered
 * document types (final_invoice, credit_note), shared by every module that issues them.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    documentType: text('document_type').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [uniqueIndex('document_sequences_type_year').on(t.documentType, t.year)],
);
