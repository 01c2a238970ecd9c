import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { ORDER_DOCUMENT_MESSAGES as M } from '../../../contracts/orders';
import { fieldError } from '../../../domain/errors';
import { CUSTOMER_LINK_DAYS, CUSTOMER_LINK_USES } from '../../../domain/orders/documents-and-link';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { getSettings } from '../../platform/settings/settings-store';
import type { OrderLinkRow } from './customer-link.queries';
import { findOrderOr404 } from './documents.queries';
import { orderLinks } from './orders.tables';

/** Only a token's SHA-256 is stored (DECISIONS 11, 27): the link in the e-mail is the only copy. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * POST /admin/orders/{id}/send-customer-link (spec 1 §4, §7; DECISIONS 11): a new random link,
 * 7 days and 5 uses, e-mailed to the order's customer. When the mail fails the link keeps the
 * error (status `error`) and earlier links stay as they were; when it is sent, earlier links of
 * the order stop working, so only the newest link opens the order.
 */
export async function sendCustomerLink(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
): Promise<{ link: OrderLinkRow; sent: boolean }> {
  const order = await findOrderOr404(ctx.db, orderId);
  if (!order.customerEmail) throw fieldError('customer_email', M.customerEmailRequiredForLink);
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const [link] = await ctx.db
    .insert(orderLinks)
    .values({
      orderId: order.id,
      tokenHash: hashLinkToken(token),
      sentAt: now,
      expiresAt: new Date(now.getTime() + CUSTOMER_LINK_DAYS * 24 * 60 * 60 * 1000),
      usesRemaining: CUSTOMER_LINK_USES,
      createdBy: actor.userId,
    })
    .returning();
  const url = `${ctx.config.publicUrl}/order-link/${token}`;
  const s = await getSettings(ctx.db, ['company_name', 'site_name']);
  const shop = s.company_name || s.site_name;
  const name = [order.customerFirstName, order.customerLastName].filter(Boolean).join(' ');
  let error: string | null = null;
  try {
    await ctx.mailer.send({
      to: order.customerEmail,
      subject: `Your order ${order.orderCode} · ${shop}`,
      text:
        `Dear ${name || 'customer'},\n\nYou can view your order ${order.orderCode} here:\n${url}\n\n` +
        `The link works for ${CUSTOMER_LINK_DAYS} days and can be opened ${CUSTOMER_LINK_USES} times.\n\nKind regards,\n${shop}\n`,
    });
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  return ctx.db.transaction(async (tx) => {
    if (error) {
      await tx
        .update(orderLinks)
        .set({ sendError: error.slice(0, 1000) })
        .where(eq(orderLinks.id, link!.id));
    } else {
      await tx
        .update(orderLinks)
        .set({ usesRemaining: 0 })
        .where(and(eq(orderLinks.orderId, order.id), ne(orderLinks.id, link!.id)));
    }
    await audit(tx, {
      actorUserId: actor.userId,
      action: error ? 'order.customer_link_failed' : 'order.customer_link_sent',
      subjectType: 'order',
      subjectId: order.id,
      data: { link_id: link!.id, to: order.customerEmail, ...(error ? { error } : {}) },
      ip: actor.ip,
    });
    return { link: { ...link!, sendError: error ? error.slice(0, 1000) : null }, sent: error === null };
  });
}
