import { eq, sql } from 'drizzle-orm';
import type { DeliveryStatus } from '../../../domain/orders/delivery-rules';
import { type DeductionTiming, isCancellation, isDeductionMoment } from '../../../domain/orders/stock-timing';
import { stockQuantities } from '../../../domain/stock/stock-rules';
import type { ShopActor as Actor } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { getSettings } from '../../platform/settings/settings-store';
import { deduct, returnStock } from '../stock';
import { itemsOfOrder, type OrderItemRow, type OrderRow } from './orders.queries';
import { orders } from './orders.tables';

export async function stockSettings(tx: Tx) {
  const s = await getSettings(tx, ['stock_management_enabled', 'stock_deduction_timing']);
  return { enabled: s.stock_management_enabled, timing: s.stock_deduction_timing as DeductionTiming };
}

/** When the order's stock was taken, or null once it is given back (prepared: every web order sets it). */
const deductedAtStatement = preparedStatement((db) =>
  db
    .update(orders)
    .set({ stockDeductedAt: sql`cast(${sql.placeholder('at')} as timestamptz)` })
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('order_stock_deducted_at'),
);

export type DeductedItem = { product_name: string; variant: string | null; quantity: number };

/**
 * Whether a new order with these statuses takes its stock as it is created (DECISIONS 10): its
 * insert then carries stock_deducted_at, and `deductOrderStock` is told so (docs/decisions/0113).
 */
export async function deductsAtCreation(
  tx: Tx,
  order: Pick<OrderRow, 'paymentStatus' | 'deliveryStatus'>,
): Promise<boolean> {
  const settings = await stockSettings(tx);
  const statuses = {
    paymentStatus: order.paymentStatus,
    deliveryStatus: order.deliveryStatus as DeliveryStatus,
  };
  return settings.enabled && isDeductionMoment(settings.timing, null, statuses, false);
}

/**
 * Takes the stock of every item of the order through the stock service (reference {order, id}) and
 * marks the order deducted, unless its insert did (`markedAt`, deductsAtCreation). Lines of the
 * same product and variant are added up, since the service holds one deduction per item and order.
 * Not enough stock: the service's 409, and the caller's transaction rolls back. Answers null when
 * stock management is off (nothing was taken).
 */
export async function deductOrderStock(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'orderCode'> & { stockDeductedAt?: Date | null },
  items: readonly OrderItemRow[],
  actor: Actor,
  now: Date,
): Promise<{ deductedAt: Date; items: DeductedItem[] } | null> {
  const markedAt = order.stockDeductedAt ?? null;
  for (const item of stockQuantities(items)) {
    const result = await deduct(tx, {
      productId: item.productId,
      variantId: item.variantId,
      quantity: item.quantity,
      reference: { type: 'order', id: order.id, label: order.orderCode },
      userId: actor.userId,
    });
    if (result.status === 'disabled') {
      if (markedAt !== null) await deductedAtStatement(tx).execute({ id: order.id, at: null });
      return null;
    }
  }
  if (markedAt !== null) return { deductedAt: markedAt, items: deductedItems(items) };
  await deductedAtStatement(tx).execute({ id: order.id, at: now.toISOString() });
  return { deductedAt: now, items: deductedItems(items) };
}

const deductedItems = (items: readonly OrderItemRow[]): DeductedItem[] =>
  items
    .filter((i) => i.productId !== null)
    .map((i) => ({ product_name: i.productName, variant: i.variantLabel, quantity: i.quantity }));

/** Gives back what the order holds (reason order_cancellation, DECISIONS 6) and clears stock_deducted_at. */
export async function returnOrderStock(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'orderCode'>,
  items: readonly OrderItemRow[],
  actor: Actor,
): Promise<DeductedItem[]> {
  for (const item of stockQuantities(items)) {
    await returnStock(tx, {
      productId: item.productId,
      variantId: item.variantId,
      reference: { type: 'order', id: order.id, label: order.orderCode },
      reason: 'order_cancellation',
      userId: actor.userId,
    });
  }
  await deductedAtStatement(tx).execute({ id: order.id, at: null });
  return deductedItems(items);
}

/**
 * After a change of an order (created, paid, shipped, cancelled): cancelling gives back the stock
 * it holds (DECISIONS 6); otherwise, when the deduction's moment has come (DECISIONS 10) and the
 * order holds none yet, the stock is taken. Answers the order's stock_deducted_at afterwards.
 */
export async function settleOrderStock(
  tx: Tx,
  actor: Actor,
  now: Date,
  before: Pick<OrderRow, 'paymentStatus' | 'deliveryStatus'> | null,
  after: Pick<OrderRow, 'id' | 'orderCode' | 'paymentStatus' | 'deliveryStatus' | 'stockDeductedAt'>,
  items?: readonly OrderItemRow[],
): Promise<Date | null> {
  const b = before && {
    paymentStatus: before.paymentStatus,
    deliveryStatus: before.deliveryStatus as DeliveryStatus,
  };
  const a = { paymentStatus: after.paymentStatus, deliveryStatus: after.deliveryStatus as DeliveryStatus };
  if (isCancellation(b, a)) {
    if (after.stockDeductedAt === null) return null;
    await returnOrderStock(tx, after, items ?? (await itemsOfOrder(tx, after.id)), actor);
    return null;
  }
  const settings = await stockSettings(tx);
  if (!settings.enabled || !isDeductionMoment(settings.timing, b, a, after.stockDeductedAt !== null))
    return after.stockDeductedAt;
  const result = await deductOrderStock(tx, after, items ?? (await itemsOfOrder(tx, after.id)), actor, now);
  return result?.deductedAt ?? after.stockDeductedAt;
}
