import { desc, eq } from 'drizzle-orm';
import type { CustomerLinkStatusReply } from '../../../contracts/orders';
import {
  CUSTOMER_LINK_USES,
  customerLinkButton,
  customerLinkStatus,
} from '../../../domain/orders/documents-and-link';
import type { Executor } from '../../platform/db/database';
import { orderLinks } from './orders.tables';

export type OrderLinkRow = typeof orderLinks.$inferSelect;

/** The order's link: the newest one sent (DECISIONS 11). */
export async function latestOrderLink(db: Executor, orderId: number): Promise<OrderLinkRow | null> {
  const [link] = await db
    .select()
    .from(orderLinks)
    .where(eq(orderLinks.orderId, orderId))
    .orderBy(desc(orderLinks.sentAt), desc(orderLinks.id))
    .limit(1);
  return link ?? null;
}

/** CustomerLinkStatusReply data, its status derived now (DECISIONS 11). */
export function presentCustomerLink(link: OrderLinkRow | null, now: Date): CustomerLinkStatusReply['data'] {
  const status = customerLinkStatus(
    link
      ? {
          sent_at: link.sentAt,
          expires_at: link.expiresAt,
          uses: CUSTOMER_LINK_USES - link.usesRemaining,
          send_failed: link.sendError !== null,
        }
      : null,
    now,
  );
  return {
    status,
    sent_at: link?.sentAt.toISOString() ?? null,
    expires_at: link && !link.sendError ? link.expiresAt.toISOString() : null,
    uses_remaining: link && !link.sendError ? link.usesRemaining : null,
    button_label: customerLinkButton(status),
  };
}
