import { describe, expect, it } from 'vitest';
import type { DeliveryStatus } from './delivery-rules';
import { type DeductionTiming, isCancellation, isDeductionMoment } from './stock-timing';

const s = (paymentStatus: string, deliveryStatus: DeliveryStatus) => ({ paymentStatus, deliveryStatus });

describe('when the stock is deducted (DECISIONS 10)', () => {
  it.each<[DeductionTiming, ReturnType<typeof s> | null, ReturnType<typeof s>, boolean, boolean]>([
    ['on_order', null, s('unpaid', 'pending'), false, true],
    ['on_order', s('unpaid', 'pending'), s('paid', 'shipped'), false, false],
    ['on_order', null, s('unpaid', 'pending'), true, false],
    ['on_order', null, s('unpaid', 'cancelled'), false, false],
    ['on_payment', null, s('paid', 'pending'), false, true],
    ['on_payment', null, s('partial', 'pending'), false, false],
    ['on_payment', s('partial', 'pending'), s('paid', 'pending'), false, true],
    ['on_payment', s('paid', 'pending'), s('paid', 'pending'), false, false],
    ['on_payment', s('partial', 'pending'), s('paid', 'pending'), true, false],
    ['on_shipping', s('unpaid', 'pending'), s('unpaid', 'shipped'), false, true],
    ['on_shipping', s('unpaid', 'processing'), s('unpaid', 'in_transit'), false, true],
    ['on_shipping', s('unpaid', 'shipped'), s('unpaid', 'in_transit'), false, false],
    ['on_shipping', null, s('unpaid', 'shipped'), false, true],
    ['on_shipping', null, s('paid', 'pending'), false, false],
    ['on_shipping', s('unpaid', 'pending'), s('unpaid', 'delivered'), false, false],
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
