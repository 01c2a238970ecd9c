import { and, eq, sql } from 'drizzle-orm';
import {
  type DocumentType,
  documentNumber,
  NUMBERED_DOCUMENT_PREFIX,
} from '../../../domain/orders/documents-and-link';
import type { Tx } from '../../platform/db/database';
import { documentSequences, orderDocumentNumbers } from './orders.tables';

/**
 * DECISIONS 12: the number of an order's final invoice or credit note, gapless per type and year.
 * An order keeps the number it got first (a regenerated document is a new version, same number).
 * Otherwise the (type, year) counter is raised with one upsert … returning: the row stays locked
 * until the caller's transaction ends, so concurrent generations queue on it and each gets the next
 * number; a transaction that fails rolls its number back, so none is skipped. The caller holds the
 * order's row lock, so one order never asks twice at once. Other types carry no number (null).
 */
export async function reserveDocumentNumber(
  tx: Tx,
  orderId: number,
  type: DocumentType,
  year: number,
): Promise<string | null> {
  const prefix = NUMBERED_DOCUMENT_PREFIX[type];
  if (!prefix) return null;
  const [kept] = await tx
    .select({ number: orderDocumentNumbers.documentNumber })
    .from(orderDocumentNumbers)
    .where(and(eq(orderDocumentNumbers.orderId, orderId), eq(orderDocumentNumbers.documentType, type)));
  if (kept) return kept.number;
  const [sequence] = await tx
    .insert(documentSequences)
    .values({ documentType: type, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.documentType, documentSequences.year],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSequences.lastNumber });
  const number = documentNumber(prefix, year, sequence!.lastNumber);
  await tx.insert(orderDocumentNumbers).values({ orderId, documentType: type, documentNumber: number });
  return number;
}
