import { and, desc, eq } from 'drizzle-orm';
import type { PlacedOrderView } from '../../../contracts/checkout';
import { fromDecimal } from '../../../domain/money/money';
import { isPayableOnline } from '../../../domain/orders/payment-rules';
import type { LoadedSession } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { notFound } from '../../platform/http/errors';
import { findOrderByCode, itemsOfOrder, type OrderRow, orderIdOfLinkToken } from '../orders';
import { findPickupPoint, listPaymentMethods } from '../shop-setup';
import { orderIdOfReceipt } from './checkout.queries';
import { cardPayments } from './checkout.tables';

export const ORDER_NOT_FOUND = 'This order was not found.';

/**
 * The order a buyer may see and pay (docs/decisions/0051): the receipt token of the checkout that
 * placed it, a valid customer order link's token (its "pay", DECISIONS 11), or the signed-in
 * account it belongs to. Anything else, including another buyer's order, is 404: an order code
 * alone opens nothing.
 */
export async function buyerOrder(
  db: Executor,
  session: LoadedSession | null,
  orderCode: string,
  token: string | null,
  now: Date,
): Promise<OrderRow> {
  const order = await findOrderByCode(db, orderCode);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (token && (await orderIdOfReceipt(db, token)) === order.id) return order;
  if (token && (await orderIdOfLinkToken(db, token, now)) === order.id) return order;
  if (session?.user && order.userId === session.user.id) return order;
  throw notFound(ORDER_NOT_FOUND);
}

/** Whether the buyer can still pay the order by card (unpaid or partly paid, not cancelled). */
export function isPayable(order: OrderRow): boolean {
  return isPayableOnline({
    grandTotal: fromDecimal(order.grandTotal),
    amountPaid: fromDecimal(order.amountPaid),
    deliveryStatus: order.deliveryStatus,
    paymentStatus: order.paymentStatus,
  });
}

export async function latestCardPayment(db: Executor, orderId: number) {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.orderId, orderId))
    .orderBy(desc(cardPayments.id))
    .limit(1);
  return row ?? null;
}

/** The buyer's view of the order: items, totals, payment and delivery state. */
export async function presentBuyerOrder(
  db: Executor,
  order: OrderRow,
  token: string | null,
): Promise<PlacedOrderView> {
  const [items, point, methods, card] = await readTogether(db, [
    () => itemsOfOrder(db, order.id),
    () => (order.pickupPointId === null ? Promise.resolve(null) : findPickupPoint(db, order.pickupPointId)),
    () => listPaymentMethods(db),
    () =>
      db
        .select()
        .from(cardPayments)
        .where(and(eq(cardPayments.orderId, order.id), eq(cardPayments.status, 'paid')))
        .orderBy(desc(cardPayments.id))
        .limit(1),
  ]);
  const method = methods.find((m) => m.code === order.paymentType) ?? null;
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return {
    order_code: order.orderCode,
    created_at: order.createdAt.toISOString(),
    customer_name: [order.customerFirstName, order.customerLastName].filter(Boolean).join(' '),
    email: order.customerEmail,
    items: items.map((i) => ({
      name: i.productName,
      variant: i.variantLabel,
      quantity: i.quantity,
      price: i.price,
      line_total: i.lineTotal,
    })),
    items_total: order.itemsTotal,
    vat_total: order.vatTotal,
    shipping_cost: order.shippingCost,
    grand_total: order.grandTotal,
    amount_paid: order.amountPaid,
    currency_symbol: order.currencySymbol,
    payment_status: order.paymentStatus,
    payment_type: order.paymentType,
    payment_method_name: method?.name ?? null,
    payment_instructions: method?.instructions ?? null,
    delivery_status: order.deliveryStatus,
    shipping: order.shippingType,
    delivery_address: order.deliveryAddress,
    pickup_point: point ? { name: point.name, address: point.address } : null,
    card: card[0] ? { brand: card[0].brand, last4: card[0].last4 } : null,
    pay_url: isPayable(order) && order.paymentType === 'card' ? `/payment/${order.orderCode}${query}` : null,
  };
}
