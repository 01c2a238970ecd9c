import { and, eq } from 'drizzle-orm';
import {
  type DocumentType,
  documentNumber,
  NUMBERED_DOCUMENT_PREFIX,
} from '../../../domain/orders/documents-and-link';
import type { Tx } from '../../platform/db/database';
import { nextInSequence } from '../../platform/db/next-in-sequence';
import { orderDocumentNumbers } from './orders.tables';

/**
 * DECISIONS 12: the number of an order's final invoice or credit note, gapless per type and year.
 * An order keeps the number it got first (a regenerated document is a new version, same number).
 * Otherwise the (type, year) counter gives the next (nextInSequence: locked until the caller's
 * transaction ends, so concurrent generations queue and none is skipped). The caller holds the
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
  const number = documentNumber(prefix, year, await nextInSequence(tx, type, year));
  await tx.insert(orderDocumentNumbers).values({ orderId, documentType: type, documentNumber: number });
  return number;
}
