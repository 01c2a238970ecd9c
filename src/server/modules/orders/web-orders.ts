import { and, eq, isNull, type SQLWrapper } from 'drizzle-orm';
import type { OrderFormBody, OrderSavedReply } from '../../../contracts/orders';
import type { Cents } from '../../../domain/money/money';
import { toDecimalText } from '../../../domain/money/money';
import type { ShopActor } from '../../platform/audit/audit';
import type { Executor, Tx } from '../../platform/db/database';
import { shopToday } from '../../platform/settings/settings-store';
import { itemsOfOrder, lockOrder, type OrderItemRow, type OrderRow } from './orders.queries';
import { orders } from './orders.tables';
import { recordPayment } from './record-payment';
import { saveOrder } from './save-order';

export type { OrderItemRow, OrderRow };

/**
 * A web order (DECISIONS 18): the order form's write path with `order_from = web`, inside the
 * checkout's transaction. The body carries the server's own prices; the totals, stock timing and
 * discount uses are the orders' rules, as for an order taken in the back office. `pricedRuleUses`:
 * the rules its lines use, from the caller's own pricing in this transaction (saves pricing twice).
 * Answers the order with its audit row as a write still to send: both checkouts send it with their
 * own closing writes (writeTogether, docs/decisions/0113).
 */
export async function placeWebOrder(
  tx: Tx,
  actor: ShopActor,
  now: Date,
  body: OrderFormBody,
  pricedRuleUses: readonly number[],
): Promise<{ placed: OrderSavedReply; closingWrites: SQLWrapper[] }> {
  const closingWrites: SQLWrapper[] = [];
  const placed = await saveOrder(tx, actor, now, null, body, {
    orderFrom: 'web',
    pricedRuleUses,
    closingWrites,
  });
  return { placed, closingWrites };
}

/** A live order by its code, or null. */
export async function findOrderByCode(db: Executor, orderCode: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderCode, orderCode), isNull(orders.deletedAt)))
    .limit(1);
  return row ?? null;
}

export { itemsOfOrder, lockOrder };

/**
 * A card payment the gateway confirmed (DECISIONS 19): one completed payment of the order through
 * the payment rules of spec 1 §5 (amount at most what is due; becoming paid may take the stock,
 * DECISIONS 10). The caller holds the order's row lock.
 */
export async function recordCardPayment(
  tx: Tx,
  actor: ShopActor,
  now: Date,
  order: OrderRow,
  payment: { amount: Cents; transactionId: string; details: string },
) {
  const today = await shopToday(tx, now);
  return recordPayment(
    tx,
    actor,
    now,
    order,
    {
      payment_type: 'card',
      amount: Number(toDecimalText(payment.amount)),
      payment_date: today,
      transaction_id: payment.transactionId,
      payment_details: payment.details,
    },
    null,
  );
}
