import { type DeliveryStatus, isShippedStatus } from './delivery-rules';
import type { PaymentStatus } from './payment-rules';

/** The stock setting stock_deduction_timing (spec 2 §4, DECISIONS 10). */
export type DeductionTiming = 'on_order' | 'on_payment' | 'on_shipping';

type OrderState = { paymentStatus: PaymentStatus | string; deliveryStatus: DeliveryStatus };

/**
 * DECISIONS 10: whether the stock deduction's moment comes with this change. on_order: the order is
 * created; on_payment: it becomes paid; on_shipping: its delivery status becomes shipped or
 * in_transit. Never for a cancelled or failed order, and never twice (already deducted).
 */
export function isDeductionMoment(
  timing: DeductionTiming,
  before: OrderState | null,
  after: OrderState,
  alreadyDeducted: boolean,
): boolean {
  if (alreadyDeducted) return false;
  if (after.deliveryStatus === 'cancelled' || after.deliveryStatus === 'failed') return false;
  if (timing === 'on_order') return before === null;
  if (timing === 'on_payment') return after.paymentStatus === 'paid' && before?.paymentStatus !== 'paid';
  return isShippedStatus(after.deliveryStatus) && !(before && isShippedStatus(before.deliveryStatus));
}

/** DECISIONS 6: cancelling an order whose stock was deducted gives the stock back. */
export function isCancellation(before: OrderState | null, after: OrderState): boolean {
  return after.deliveryStatus === 'cancelled' && before?.deliveryStatus !== 'cancelled';
}
