import { eq } from 'drizzle-orm';
import { ORDER_DOCUMENT_MESSAGES } from '../../../contracts/orders';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { findDocument, findOrderOr404 } from './documents.queries';
import { orderDocuments } from './orders.tables';

/**
 * DELETE /admin/orders/{id}/documents/{docId}: removes one version and its file. A final invoice's
 * or credit note's number stays with the order (order_document_numbers), so the next version
 * prints the same number and the sequence keeps no gap (DECISIONS 12).
 */
export async function deleteDocument(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  docId: number,
  onRemovalFailure: (key: string, error: unknown) => void,
): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const order = await findOrderOr404(tx, orderId, true);
    const doc = await findDocument(tx, order.id, docId);
    if (!doc) throw notFound(ORDER_DOCUMENT_MESSAGES.documentNotFound);
    await tx.delete(orderDocuments).where(eq(orderDocuments.id, doc.id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'order.document_deleted',
      subjectType: 'order',
      subjectId: order.id,
      data: {
        document_id: doc.id,
        document_type: doc.documentType,
        document_number: doc.documentNumber,
        version: doc.version,
      },
      ip: actor.ip,
    });
    return doc;
  });
  await ctx.storage
    .remove(removed.storagePath)
    .catch((error: unknown) => onRemovalFailure(removed.storagePath, error));
}
