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
import { assertDocumentAvailable } from './generate-document';

type DocumentForMail = { orderId: number; type: DocumentType; actorUserId: number; ip: string | null };

type DocumentMail = {
  orderId: number;
  documentId: number;
  type: DocumentType;
  actorUserId: number;
  ip: string | null;
};

/**
 * The document's e-mail, sent by the job queue (docs/decisions/0046): the version documentForMail
 * chose, as a PDF attachment to the order's customer e-mail. Audited when sent,
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
  failed: (ctx, payload, error) => auditMailFailure(ctx, payload, error),
});

/** The e-mail's failure, whether making its document or sending it failed last. */
async function auditMailFailure(
  ctx: AppContext,
  { orderId, type, actorUserId, ip, documentId }: DocumentForMail & { documentId?: number },
  error: string,
): Promise<void> {
  await audit(ctx.db, {
    actorUserId,
    action: 'order.document_email_failed',
    subjectType: 'order',
    subjectId: orderId,
    data: { ...(documentId === undefined ? {} : { document_id: documentId }), document_type: type, error },
    ip,
  });
}

/**
 * The document an e-mail carries, made by the job queue rather than in the admin's request (issue
 * 18: document generation is a job): the latest version when the order has not changed since it
 * was made, else a fresh one, and the e-mail queued in the same transaction. A failed attempt
 * rolls back whole, so a retry never leaves a half-made version; the mail job (documentMail)
 * retries the sending on its own.
 */
export const documentForMail = defineJob<DocumentForMail>({
  name: 'orders.document-for-mail',
  async run(ctx, { orderId, type, actorUserId, ip }) {
    await ctx.db.transaction(async (tx) => {
      const order = await findOrderOr404(tx, orderId).catch(() => null);
      if (!order?.customerEmail) return; // deleted, or its address removed since: nothing to send
      const { doc } = await currentDocumentIn(ctx, tx, { userId: actorUserId, ip }, orderId, type, false);
      await documentMail.enqueue(tx, { orderId, documentId: doc.id, type, actorUserId, ip }, ctx.now());
    });
  },
  failed: auditMailFailure,
});

/**
 * POST /admin/orders/{id}/send-document-email (spec 1 §7): checks the order can be mailed and
 * queues the making of its document (the latest version, a fresh one when the order changed
 * since), which queues the e-mail to the order's customer (documentForMail, documentMail).
 */
export async function sendDocumentEmail(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  type: DocumentType,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await findOrderOr404(tx, orderId);
    if (!order.customerEmail)
      throw fieldError('document_type', ORDER_DOCUMENT_MESSAGES.customerEmailRequired);
    // What the Generate button would refuse is refused here, at once (422), not by the job.
    assertDocumentAvailable(order, type);
    await documentForMail.enqueue(tx, { orderId, type, actorUserId: actor.userId, ip: actor.ip }, ctx.now());
  });
}
