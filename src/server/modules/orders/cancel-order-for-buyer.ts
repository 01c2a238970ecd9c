import type { Actor } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/database';
import { applyOrderChange } from './apply-order-change';
import type { OrderRow } from './orders.queries';
import { deliveryStatusPatch } from './update-order-field';

/**
 * Cancels an order on its buyer's request (spec 3 §4 Modify order) through the orders' own write
 * path: the stock it holds comes back (order_cancellation, DECISIONS 6), its discount uses are
 * settled and the change is audited. The caller holds the order's row lock and has checked that the
 * buyer may (src/domain/customer-areas).
 */
export function cancelOrderForBuyer(
  tx: Tx,
  actor: Actor,
  now: Date,
  order: OrderRow,
  reason: string,
): Promise<OrderRow> {
  return applyOrderChange(tx, actor, now, order, deliveryStatusPatch(order, 'cancelled', reason, now));
}
