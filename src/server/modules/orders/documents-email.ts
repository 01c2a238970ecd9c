import { ORDER_DOCUMENT_MESSAGES } from '../../../contracts/orders';
import { fieldError } from '../../../domain/errors';
import { DOCUMENT_TITLES, type DocumentType } from '../../../domain/orders/documents-and-link';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { defineJob } from '../../platform/jobs/job-queue';
import { getSettings } from '../../platform/settings/settings-store';
import { documentFileName } from './documents.presenter';
import { findDocument, findOrderOr404 } from './documents.queries';
import { currentDocumentIn, readDocumentPdf } from './documents-view';

type DocumentMail = {
  orderId: number;
  documentId: number;
  type: DocumentType;
  actorUserId: number;
  ip: string | null;
};

/**
 * The document's e-mail, sent by the job queue (docs/decisions/0046): the version chosen when the
 * admin pressed the button, as a PDF attachment to the order's customer e-mail. Audited when sent,
 * and when the last attempt fails.
 */
export const documentMail = defineJob<DocumentMail>({
  name: 'orders.document-mail',
  async run(ctx, { orderId, documentId, type, actorUserId, ip }) {
    const doc = await findDocument(ctx.db, orderId, documentId);
    if (!doc) return; // the version or its order was deleted since: nothing to send
    const order = await findOrderOr404(ctx.db, orderId);
    if (!order.customerEmail) throw new Error('the order has no customer e-mail address any more');
    const pdf = await readDocumentPdf(ctx, doc);
    const s = await getSettings(ctx.db, ['company_name', 'site_name']);
    const shop = s.company_name || s.site_name;
    const title = DOCUMENT_TITLES[type];
    const name = [order.customerFirstName, order.customerLastName].filter(Boolean).join(' ');
    await ctx.mailer.send({
      to: order.customerEmail,
      subject: `${title} for order ${order.orderCode}${doc.documentNumber ? ` (${doc.documentNumber})` : ''} · ${shop}`,
      text: `Dear ${name || 'customer'},\n\nPlease find attached the ${title.toLowerCase()} for your order ${order.orderCode}.\n\nKind regards,\n${shop}\n`,
      attachments: [{ filename: documentFileName(order, doc), content: pdf, contentType: 'application/pdf' }],
    });
    await audit(ctx.db, {
      actorUserId,
      action: 'order.document_emailed',
      subjectType: 'order',
      subjectId: order.id,
      data: { document_id: doc.id, document_type: type, to: order.customerEmail },
      ip,
    });
  },
  async failed(ctx, { orderId, documentId, type, actorUserId, ip }, error) {
    await audit(ctx.db, {
      actorUserId,
      action: 'order.document_email_failed',
      subjectType: 'order',
      subjectId: orderId,
      data: { document_id: documentId, document_type: type, error },
      ip,
    });
  },
});

/**
 * POST /admin/orders/{id}/send-document-email (spec 1 §7): picks the latest version (a fresh one
 * when the order changed since) and queues its e-mail to the order's customer in the same
 * transaction; documentMail sends it.
 */
export async function sendDocumentEmail(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  type: DocumentType,
): Promise<void> {
  const order = await findOrderOr404(ctx.db, orderId);
  if (!order.customerEmail) throw fieldError('document_type', ORDER_DOCUMENT_MESSAGES.customerEmailRequired);
  await ctx.db.transaction(async (tx) => {
    const { doc } = await currentDocumentIn(ctx, tx, actor, orderId, type, false);
    await documentMail.enqueue(
      tx,
      { orderId, documentId: doc.id, type, actorUserId: actor.userId, ip: actor.ip },
      ctx.now(),
    );
  });
}
