import { and, lt, sql } from 'drizzle-orm';
import { defineJob } from '../../platform/jobs/job-queue';
import { orderLinks } from './orders.tables';

/** A customer order link is kept this long past its expiry (DECISIONS 11). */
export const ORDER_LINK_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Hourly, once across all app processes (docs/decisions/0073): deletes customer order links expired
 * for a month, except each order's newest one, which the order's panel reads for the link's status
 * ("expired" stays "expired" instead of turning into "no link sent").
 */
export const purgeExpiredOrderLinks = defineJob<{ slot: string }>({
  name: 'orders.purge-expired-links',
  every: 60 * 60 * 1000,
  maxAttempts: 3,
  async run(ctx) {
    const before = new Date(ctx.now().getTime() - ORDER_LINK_KEEP_MS);
    await ctx.db
      .delete(orderLinks)
      .where(
        and(
          lt(orderLinks.expiresAt, before),
          sql`exists (select 1 from order_links newer where newer.order_id = ${orderLinks.orderId} and (newer.sent_at, newer.id) > (${orderLinks.sentAt}, ${orderLinks.id}))`,
        ),
      );
  },
});
