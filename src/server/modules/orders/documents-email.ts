import { ORDER_DOCUMENT_MESSAGES } from '../../../contracts/orders';
import { fieldError } from '../../../domain/errors';
import { DOCUMENT_TITLES, type DocumentType } from '../../../domain/orders/documents-and-link';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { getSettings } from '../../platform/settings/settings-store';
import { documentFileName } from './documents.presenter';
import { findOrderOr404 } from './documents.queries';
import { currentDocument, readDocumentPdf } from './documents-view';

/**
 * POST /admin/orders/{id}/send-document-email (spec 1 §7): mails the latest version (a fresh one
 * when the order changed since) to the order's customer e-mail as a PDF attachment. Returns
 * false when the mail server refused it; the attempt is audited either way.
 */
export async function sendDocumentEmail(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  type: DocumentType,
): Promise<boolean> {
  const order = await findOrderOr404(ctx.db, orderId);
  if (!order.customerEmail) throw fieldError('document_type', ORDER_DOCUMENT_MESSAGES.customerEmailRequired);
  const { doc } = await currentDocument(ctx, actor, orderId, type, false);
  const pdf = await readDocumentPdf(ctx, doc);
  const s = await getSettings(ctx.db, ['company_name', 'site_name']);
  const shop = s.company_name || s.site_name;
  const title = DOCUMENT_TITLES[type];
  const name = [order.customerFirstName, order.customerLastName].filter(Boolean).join(' ');
  let error: string | null = null;
  try {
    await ctx.mailer.send({
      to: order.customerEmail,
      subject: `${title} for order ${order.orderCode}${doc.documentNumber ? ` (${doc.documentNumber})` : ''} · ${shop}`,
      text: `Dear ${name || 'customer'},\n\nPlease find attached the ${title.toLowerCase()} for your order ${order.orderCode}.\n\nKind regards,\n${shop}\n`,
      attachments: [{ filename: documentFileName(order, doc), content: pdf, contentType: 'application/pdf' }],
    });
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  await audit(ctx.db, {
    actorUserId: actor.userId,
    action: error ? 'order.document_email_failed' : 'order.document_emailed',
    subjectType: 'order',
    subjectId: order.id,
    data: { document_id: doc.id, document_type: type, to: order.customerEmail, ...(error ? { error } : {}) },
    ip: actor.ip,
  });
  return error === null;
}
