import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { ORDER_DOCUMENT_MESSAGES as M } from '../../../contracts/orders';
import { fieldError } from '../../../domain/errors';
import { CUSTOMER_LINK_DAYS, CUSTOMER_LINK_USES } from '../../../domain/orders/documents-and-link';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { defineJob } from '../../platform/jobs/job-queue';
import { getSettings } from '../../platform/settings/settings-store';
import type { OrderLinkRow } from './customer-link.queries';
import { findOrderOr404 } from './documents.queries';
import { orderLinks } from './orders.tables';

/** Only a token's SHA-256 is stored (DECISIONS 11, 27): the link in the e-mail is the only copy. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type LinkMail = { linkId: number; token: string; actorUserId: number; ip: string | null };

/**
 * The link's e-mail, sent by the job queue (docs/decisions/0046). Once it is sent, earlier links of
 * the order stop working; when the last attempt fails the link keeps the error (status `error`)
 * and earlier links stay as they were. The token is in the job's payload only until then.
 */
export const customerLinkMail = defineJob<LinkMail>({
  name: 'orders.customer-link-mail',
  secretKeys: ['token'],
  async run(ctx, { linkId, token, actorUserId, ip }) {
    // A finished job loses its token: a failed one sent again by hand cannot mail a working link.
    if (!token) throw new Error('the link token is no longer kept: send a new link');
    const [link] = await ctx.db.select().from(orderLinks).where(eq(orderLinks.id, linkId));
    if (!link) return; // the order was deleted since: nothing to send
    const order = await findOrderOr404(ctx.db, link.orderId);
    if (!order.customerEmail) throw new Error('the order has no customer e-mail address any more');
    const url = `${ctx.config.publicUrl}/order-link/${token}`;
    const s = await getSettings(ctx.db, ['company_name', 'site_name']);
    const shop = s.company_name || s.site_name;
    const name = [order.customerFirstName, order.customerLastName].filter(Boolean).join(' ');
    await ctx.mailer.send({
      to: order.customerEmail,
      subject: `Your order ${order.orderCode} · ${shop}`,
      text:
        `Dear ${name || 'customer'},\n\nYou can view your order ${order.orderCode} here:\n${url}\n\n` +
        `The link works for ${CUSTOMER_LINK_DAYS} days and can be opened ${CUSTOMER_LINK_USES} times.\n\nKind regards,\n${shop}\n`,
    });
    await ctx.db.transaction(async (tx) => {
      // Only older links: a newer link mailed first must keep working.
      await tx
        .update(orderLinks)
        .set({ usesRemaining: 0 })
        .where(and(eq(orderLinks.orderId, order.id), lt(orderLinks.id, link.id)));
      await audit(tx, {
        actorUserId,
        action: 'order.customer_link_sent',
        subjectType: 'order',
        subjectId: order.id,
        data: { link_id: link.id, to: order.customerEmail },
        ip,
      });
    });
  },
  async failed(ctx, { linkId, actorUserId, ip }, error) {
    await ctx.db.transaction(async (tx) => {
      const [link] = await tx
        .update(orderLinks)
        .set({ sendError: error.slice(0, 1000) })
        .where(eq(orderLinks.id, linkId))
        .returning();
      if (!link) return;
      await audit(tx, {
        actorUserId,
        action: 'order.customer_link_failed',
        subjectType: 'order',
        subjectId: link.orderId,
        data: { link_id: link.id, error },
        ip,
      });
    });
  },
});

/**
 * POST /admin/orders/{id}/send-customer-link (spec 1 §4, §7; DECISIONS 11): a new random link,
 * 7 days and 5 uses, stored with its e-mail queued in one transaction (customerLinkMail sends it).
 */
export async function sendCustomerLink(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
): Promise<OrderLinkRow> {
  const order = await findOrderOr404(ctx.db, orderId);
  if (!order.customerEmail) throw fieldError('customer_email', M.customerEmailRequiredForLink);
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [link] = await tx
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
    await customerLinkMail.enqueue(
      tx,
      { linkId: link!.id, token, actorUserId: actor.userId, ip: actor.ip },
      now,
    );
    return link!;
  });
}
