import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ORDER_DOCUMENT_MESSAGES as M, type OrderLinkView } from '../../../contracts/orders';
import { fromDecimal, toDecimal } from '../../../domain/money/money';
import { type CustomerLinkOpening, customerLinkOpening } from '../../../domain/orders/documents-and-link';
import { isPayableOnline } from '../../../domain/orders/payment-rules';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { orderDocumentData } from './documents.queries';
import { orderLinks, orders } from './orders.tables';
import { hashLinkToken } from './send-customer-link';

export type OrderLinkResult = { ok: true; view: OrderLinkView } | Refusal;

/** A link that may be opened: how many views it has left and until when. */
export type OrderLinkGate = { uses_remaining: number; expires_at: string };

type Refusal = { ok: false; status: 404 | 410; message: string };

const REFUSALS: Record<Exclude<CustomerLinkOpening, 'open'>, Refusal> = {
  unknown: { ok: false, status: 404, message: M.linkUnknown },
  expired: { ok: false, status: 410, message: M.linkExpired },
  used_up: { ok: false, status: 410, message: M.linkUsedUp },
};

/** The link behind a token, with whether its order is still kept: one read. */
async function linkOpening(ctx: AppContext, hash: string) {
  const [link] = await ctx.db
    .select({
      usesRemaining: orderLinks.usesRemaining,
      expiresAt: orderLinks.expiresAt,
      sendError: orderLinks.sendError,
      orderKept: sql<boolean>`${orders.id} is not null`,
    })
    .from(orderLinks)
    .leftJoin(orders, and(eq(orders.id, orderLinks.orderId), isNull(orders.deletedAt)))
    .where(eq(orderLinks.tokenHash, hash));
  const opening = customerLinkOpening(
    link
      ? {
          expires_at: link.expiresAt,
          uses_remaining: link.usesRemaining,
          send_failed: link.sendError !== null,
          order_kept: link.orderKept,
        }
      : null,
    ctx.now(),
  );
  return { link, opening };
}

/**
 * GET /order-link/{token}: whether the link still opens its order, read without spending a use
 * (GET never changes state: a mail scanner or a link preview opening it spends nothing). The page
 * shows no order data, only the button that opens it (docs/decisions/0032).
 */
export async function orderLinkGate(
  ctx: AppContext,
  token: string,
): Promise<{ ok: true; gate: OrderLinkGate } | Refusal> {
  const { link, opening } = await linkOpening(ctx, hashLinkToken(token));
  if (opening !== 'open') return REFUSALS[opening];
  // An open link is a link that was found.
  return {
    ok: true,
    gate: { uses_remaining: link!.usesRemaining, expires_at: link!.expiresAt.toISOString() },
  };
}

/**
 * POST /order-link/{token} (DECISIONS 11): each view spends one use with one conditional update
 * (never below 0, never after expiry), so concurrent views cannot overspend a link. An unknown,
 * failed or revoked token, or a deleted order, is 404; an expired or used-up link is 410. The
 * answer for a refused link carries no order data.
 */
export async function openOrderLink(ctx: AppContext, token: string): Promise<OrderLinkResult> {
  const hash = hashLinkToken(token);
  const now = ctx.now();
  const [spent] = await ctx.db
    .update(orderLinks)
    .set({ usesRemaining: sql`${orderLinks.usesRemaining} - 1` })
    .where(
      and(
        eq(orderLinks.tokenHash, hash),
        gt(orderLinks.usesRemaining, 0),
        gt(orderLinks.expiresAt, now),
        isNull(orderLinks.sendError),
      ),
    )
    .returning();
  if (!spent) {
    const { opening } = await linkOpening(ctx, hash);
    // Refused by the update yet read as open only in a moment's race between the two: used up.
    return REFUSALS[opening === 'open' ? 'used_up' : opening];
  }
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, spent.orderId), isNull(orders.deletedAt)));
  if (!order) return REFUSALS.unknown;
  const { items } = await orderDocumentData(ctx.db, order);
  const grand = fromDecimal(order.grandTotal);
  const paid = fromDecimal(order.amountPaid);
  return {
    ok: true,
    view: {
      order_code: order.orderCode,
      created_at: order.createdAt.toISOString(),
      customer_name: [order.customerFirstName, order.customerLastName].filter(Boolean).join(' '),
      currency_symbol: order.currencySymbol,
      items: items.map((item) => ({
        id: item.id,
        name: item.productName,
        variant: item.variantLabel,
        quantity: item.quantity,
        unit_price: Number(item.price),
        line_total: Number(item.lineTotal),
      })),
      items_total: Number(order.itemsTotal),
      vat_total: Number(order.vatTotal),
      shipping_cost: Number(order.shippingCost),
      discount_total: Number(order.discountTotal),
      grand_total: Number(order.grandTotal),
      amount_paid: Number(order.amountPaid),
      amount_due: toDecimal(Math.max(0, grand - paid) as typeof grand),
      payment_status: order.paymentStatus,
      delivery_status: order.deliveryStatus,
      // The link's "pay" (DECISIONS 11): the shop's payment page, opened by the same token.
      pay_url: isPayableOnline({
        grandTotal: grand,
        amountPaid: paid,
        deliveryStatus: order.deliveryStatus,
        paymentStatus: order.paymentStatus,
      })
        ? `/payment/${encodeURIComponent(order.orderCode)}?token=${encodeURIComponent(token)}`
        : null,
      uses_remaining: spent.usesRemaining,
      expires_at: spent.expiresAt.toISOString(),
    },
  };
}

/**
 * The order a customer order link names while it is valid (not expired, sent, not revoked), for
 * the link's "pay" (DECISIONS 11): paying spends no use, so the last view still lets them pay.
 */
export async function orderIdOfLinkToken(db: Executor, token: string, now: Date): Promise<number | null> {
  const [link] = await db
    .select({ orderId: orderLinks.orderId })
    .from(orderLinks)
    .where(
      and(
        eq(orderLinks.tokenHash, hashLinkToken(token)),
        gt(orderLinks.expiresAt, now),
        isNull(orderLinks.sendError),
      ),
    )
    .limit(1);
  return link?.orderId ?? null;
}
