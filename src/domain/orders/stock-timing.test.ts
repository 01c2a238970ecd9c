import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, type DeliveryStatus } from './delivery-rules';
import {
  DEDUCTION_TIMINGS,
  type DeductionTiming,
  hasPassedMoment,
  isCancellation,
  isDeductionMoment,
  isReopening,
  type OrderState,
} from './stock-timing';

const s = (paymentStatus: string, deliveryStatus: DeliveryStatus) => ({ paymentStatus, deliveryStatus });

describe('when the stock is deducted (DECISIONS 10)', () => {
  it.each<[DeductionTiming, ReturnType<typeof s> | null, ReturnType<typeof s>, boolean, boolean]>([
    ['on_order', null, s('unpaid', 'pending'), false, true],
    ['on_order', s('unpaid', 'pending'), s('paid', 'shipped'), false, false],
    ['on_order', null, s('unpaid', 'pending'), true, false],
    ['on_order', null, s('unpaid', 'cancelled'), false, false],
    ['on_order', s('unpaid', 'cancelled'), s('unpaid', 'pending'), false, true],
    ['on_payment', null, s('paid', 'pending'), false, true],
    ['on_payment', null, s('partial', 'pending'), false, false],
    ['on_payment', s('partial', 'pending'), s('paid', 'pending'), false, true],
    ['on_payment', s('paid', 'pending'), s('paid', 'pending'), false, false],
    ['on_payment', s('partial', 'pending'), s('paid', 'pending'), true, false],
    ['on_payment', s('paid', 'cancelled'), s('paid', 'pending'), false, true],
    ['on_shipping', s('unpaid', 'pending'), s('unpaid', 'shipped'), false, true],
    ['on_shipping', s('unpaid', 'processing'), s('unpaid', 'in_transit'), false, true],
    ['on_shipping', s('unpaid', 'shipped'), s('unpaid', 'in_transit'), false, false],
    ['on_shipping', null, s('unpaid', 'shipped'), false, true],
    ['on_shipping', null, s('paid', 'pending'), false, false],
    // issue 12: delivered (or collected) without passing through shipped is past shipping too.
    ['on_shipping', s('unpaid', 'pending'), s('unpaid', 'delivered'), false, true],
    ['on_shipping', s('paid', 'ready'), s('paid', 'delivered'), false, true],
    ['on_shipping', null, s('paid', 'delivered'), false, true],
    ['on_shipping', s('unpaid', 'shipped'), s('unpaid', 'delivered'), false, false],
    ['on_shipping', s('unpaid', 'failed'), s('unpaid', 'delivered'), false, true],
    ['on_shipping', s('unpaid', 'pending'), s('unpaid', 'failed'), false, false],
  ])('%s: %j → %j (deducted %s) → %s', (timing, before, after, deducted, expected) => {
    expect(isDeductionMoment(timing, before, after, deducted)).toBe(expected);
  });
});

describe('cancellation (DECISIONS 6)', () => {
  it.each([
    [s('unpaid', 'pending'), s('unpaid', 'cancelled'), true],
    [s('unpaid', 'cancelled'), s('unpaid', 'cancelled'), false],
    [null, s('unpaid', 'cancelled'), true],
    [s('unpaid', 'pending'), s('unpaid', 'failed'), false],
  ])('%j → %j: %s', (before, after, expected) => {
    expect(isCancellation(before, after)).toBe(expected);
  });
});

describe('re-opening a cancelled order (docs/decisions/0039)', () => {
  it.each([
    [s('unpaid', 'cancelled'), s('unpaid', 'pending'), true],
    [s('paid', 'cancelled'), s('paid', 'delivered'), true],
    [s('unpaid', 'cancelled'), s('unpaid', 'cancelled'), false],
    [s('unpaid', 'failed'), s('unpaid', 'pending'), false],
    [s('unpaid', 'pending'), s('unpaid', 'processing'), false],
    [null, s('unpaid', 'pending'), false],
  ])('%j → %j: %s', (before, after, expected) => {
    expect(isReopening(before, after)).toBe(expected);
  });
});

/**
 * Every path through the status graph (issue 12): each order is created in some state and moved
 * through up to three more; the stock it holds is simulated as settleOrderStock moves it.
 */
function* paths(states: readonly OrderState[], length: number): Generator<OrderState[]> {
  if (length === 0) {
    yield [];
    return;
  }
  for (const rest of paths(states, length - 1)) for (const state of states) yield [...rest, state];
}

function walk(timing: DeductionTiming, path: readonly OrderState[]) {
  let held = 0;
  let deductions = 0;
  let returns = 0;
  let before: OrderState | null = null;
  for (const after of path) {
    if (isCancellation(before, after)) {
      if (held > 0) {
        held -= 1;
        returns += 1;
      }
    } else if (isDeductionMoment(timing, before, after, held > 0)) {
      held += 1;
      deductions += 1;
    }
    expect(held).toBeGreaterThanOrEqual(0);
    expect(held).toBeLessThanOrEqual(1);
    before = after;
  }
  return { held, deductions, returns };
}

const deliveryOnly = DELIVERY_STATUSES.map((d) => s('unpaid', d));
const withPayment = DELIVERY_STATUSES.flatMap((d) => [s('unpaid', d), s('paid', d)]);

describe.each(DEDUCTION_TIMINGS)('every path through the status graph, %s', (timing) => {
  const states = timing === 'on_payment' ? withPayment : deliveryOnly;
  const length = timing === 'on_payment' ? 3 : 4;
  const all = [...paths(states, length)];

  it(`holds the stock at most once on each of ${all.length} paths, and gives back only what it took`, () => {
    for (const path of all) {
      const { held, deductions, returns } = walk(timing, path);
      expect(deductions - returns).toBe(held);
    }
  });

  it('holds the stock at the end of every path that ends past the moment and never cancelled', () => {
    for (const path of all) {
      const last = path.at(-1)!;
      const stopped = path.some((p) => p.deliveryStatus === 'cancelled' || p.deliveryStatus === 'failed');
      if (!stopped && hasPassedMoment(timing, last))
        expect(walk(timing, path).held, JSON.stringify(path)).toBe(1);
    }
  });

  it('holds nothing at the end of a path that never reached the moment, or ends cancelled', () => {
    for (const path of all) {
      const reached = path.some(
        (p) =>
          hasPassedMoment(timing, p) && p.deliveryStatus !== 'cancelled' && p.deliveryStatus !== 'failed',
      );
      if (!reached || path.at(-1)!.deliveryStatus === 'cancelled')
        expect(walk(timing, path).held, JSON.stringify(path)).toBe(0);
    }
  });
});
