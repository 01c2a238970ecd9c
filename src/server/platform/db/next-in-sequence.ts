import { sql } from 'drizzle-orm';
import type { Tx } from './database';
import { documentSequences } from './sequences.tables';

/**
 * The next number of a (series, year) counter (DECISIONS 12): raised with one upsert … returning,
 * so the counter's row stays locked until the caller's transaction ends; concurrent callers queue
 * on it and each gets the next number, and a transaction that fails rolls its number back, so no
 * number is skipped.
 */
export async function nextInSequence(tx: Tx, series: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ documentType: series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.documentType, documentSequences.year],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSequences.lastNumber });
  return row!.lastNumber;
}
