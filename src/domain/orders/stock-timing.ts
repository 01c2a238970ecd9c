import type { DeliveryStatus } from './delivery-rules';
import type { PaymentStatus } from './payment-rules';

/** The stock setting stock_deduction_timing (spec 2 §4, DECISIONS 10). */
export type DeductionTiming = 'on_order' | 'on_payment' | 'on_shipping';
export const DEDUCTION_TIMINGS = ['on_order', 'on_payment', 'on_shipping'] as const;

export type OrderState = { paymentStatus: PaymentStatus | string; deliveryStatus: DeliveryStatus };

/** Delivery states at or past "shipped": the goods have left (or reached the customer). */
const SHIPPED_OR_LATER: readonly DeliveryStatus[] = ['shipped', 'in_transit', 'delivered'];

/** States in which an order never takes stock: it is stopped. */
function isStopped(state: OrderState): boolean {
  return state.deliveryStatus === 'cancelled' || state.deliveryStatus === 'failed';
}

/**
 * Whether the order's state is at or past the timing's moment (DECISIONS 10, read as states, issue
 * 12): on_order from creation; on_payment once paid; on_shipping once shipped, in transit or
 * delivered — an order marked delivered straight from pending has passed shipping too.
 */
export function hasPassedMoment(timing: DeductionTiming, state: OrderState): boolean {
  if (timing === 'on_order') return true;
  if (timing === 'on_payment') return state.paymentStatus === 'paid';
  return SHIPPED_OR_LATER.includes(state.deliveryStatus);
}

/**
 * Whether this change takes the order's stock: on creation or on a change that crosses into the
 * timing's moment (or re-opens a cancelled or failed order already past it), never for a cancelled
 * or failed order, and never twice (already deducted). A change that stays past the moment (shipped
 * → delivered) takes nothing: stock given back when items changed is taken again by hand (spec 1
 * §4 "Item editing", docs/decisions/0030).
 */
export function isDeductionMoment(
  timing: DeductionTiming,
  before: OrderState | null,
  after: OrderState,
  alreadyDeducted: boolean,
): boolean {
  if (alreadyDeducted || isStopped(after) || !hasPassedMoment(timing, after)) return false;
  if (before === null) return true;
  return isStopped(before) || !hasPassedMoment(timing, before);
}

/** DECISIONS 6: cancelling an order whose stock was deducted gives the stock back. */
export function isCancellation(
  before: Pick<OrderState, 'deliveryStatus'> | null,
  after: Pick<OrderState, 'deliveryStatus'>,
): boolean {
  return after.deliveryStatus === 'cancelled' && before?.deliveryStatus !== 'cancelled';
}

/** A cancelled order brought back to any other delivery state (docs/decisions/0039). */
export function isReopening(
  before: Pick<OrderState, 'deliveryStatus'> | null,
  after: Pick<OrderState, 'deliveryStatus'>,
): boolean {
  return before?.deliveryStatus === 'cancelled' && after.deliveryStatus !== 'cancelled';
}
