import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, formatMoney } from '../money/money';
import {
  type InvoiceStatus,
  PERIOD_PAYMENT_MESSAGES as M,
  periodAfterPaymentChange,
  periodBalance,
  periodPaymentError,
} from './period-payments';

const format = (value: number) => formatMoney(cents(value));

describe('period payments (spec 3 §5)', () => {
  it.each([
    [1000, 10000, 0, null],
    [10000, 10000, 0, null],
    [10001, 10000, 0, M.tooMuch('$100.00')],
    [5001, 10000, 5000, M.tooMuch('$50.00')],
    [1, 10000, 10000, M.fullyPaid],
    [0, 10000, 0, M.amountPositive],
    [100, 0, 0, M.fullyPaid],
  ])('a payment of %i on a total of %i with %i paid → %s', (amount, total, paid, message) => {
    expect(periodPaymentError(cents(amount), cents(total), cents(paid), format)).toBe(message);
  });

  it('an accepted payment never takes the paid amount above the total', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(1_000_000), (amount, total, paid) => {
        const error = periodPaymentError(cents(amount), cents(total), cents(paid), format);
        if (error === null) expect(paid + amount).toBeLessThanOrEqual(Math.max(total, paid));
        expect(periodBalance(cents(total), cents(paid))).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('a period after its payments change (spec 3 §4)', () => {
  it.each<[string, InvoiceStatus, boolean, string, InvoiceStatus]>([
    ['active_unpaid', 'pending', true, 'active_paid', 'paid'],
    ['payment_overdue', 'payment_link_sent', true, 'active_paid', 'paid'],
    ['pending', 'pending', true, 'pending', 'paid'],
    ['returned', 'pending', true, 'returned', 'paid'],
    ['active_paid', 'paid', false, 'active_unpaid', 'pending'],
    ['active_unpaid', 'payment_link_sent', false, 'active_unpaid', 'payment_link_sent'],
    ['ready', 'paid', false, 'ready', 'pending'],
  ])('%s with invoice %s, fully paid %s → %s, %s', (status, invoiceStatus, paid, nextStatus, nextInvoice) => {
    expect(periodAfterPaymentChange({ status, invoiceStatus }, paid)).toEqual({
      status: nextStatus,
      invoiceStatus: nextInvoice,
    });
  });
});
