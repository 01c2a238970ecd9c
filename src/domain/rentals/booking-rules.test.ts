import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, formatMoney } from '../money/money';
import { type BookedUnits, freeUnits, peakBookedUnits } from './availability';
import {
  BOOKING_MESSAGES as B,
  BOOKING_STATUSES,
  bookingItemsEditable,
  bookingSaveErrors,
  canChangeBookingStatus,
  documentAvailable,
} from './booking-status';
import { depositAfter, refundError } from './deposits';
import { PERIOD_PAYMENT_MESSAGES as P, periodPaymentError } from './period-payments';

describe('booking status transitions (DECISIONS 16)', () => {
  it.each([
    ['pending', 'quoted', true],
    ['quoted', 'ready', true],
    ['ready', 'in_transit', true],
    ['in_transit', 'active', true],
    ['active', 'returned', true],
    ['active', 'overdue', true],
    ['overdue', 'active', true],
    ['overdue', 'returned', true],
    ['pending', 'active', false],
    ['returned', 'active', false],
    ['cancelled', 'pending', false],
    ['pending', 'cancelled', true],
    ['active', 'failed', true],
    ['returned', 'cancelled', false],
    ['failed', 'failed', true],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canChangeBookingStatus(from, to)).toBe(allowed);
  });

  it('never leaves a final status and always allows cancelling an unfinished booking', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BOOKING_STATUSES), fc.constantFrom(...BOOKING_STATUSES), (from, to) => {
        if (['returned', 'failed', 'cancelled'].includes(from) && from !== to)
          expect(canChangeBookingStatus(from, to)).toBe(false);
        if (!['returned', 'failed', 'cancelled'].includes(from))
          expect(canChangeBookingStatus(from, 'cancelled')).toBe(true);
      }),
    );
  });

  it('lets items change only while pending', () => {
    expect(BOOKING_STATUSES.filter(bookingItemsEditable)).toEqual(['pending']);
  });
});

describe('saving a booking (spec 3 §4, §5)', () => {
  const base = {
    from: 'in_transit' as const,
    to: 'active' as const,
    itemCount: 1,
    periodItemCount: 0,
    hasCompletedPayment: true,
    reason: null,
  };
  it('passes a complete booking', () => {
    expect(bookingSaveErrors(base)).toEqual({});
  });
  it('refuses no items, active without payment, and failed or cancelled without a reason', () => {
    expect(bookingSaveErrors({ ...base, itemCount: 0 })).toEqual({ rental_items: B.itemsRequired });
    expect(bookingSaveErrors({ ...base, itemCount: 0, periodItemCount: 2 })).toEqual({});
    expect(bookingSaveErrors({ ...base, hasCompletedPayment: false })).toEqual({
      status: B.activeNeedsPayment,
    });
    expect(bookingSaveErrors({ ...base, to: 'failed', reason: ' ' })).toEqual({
      status_reason: B.reasonFailed,
    });
    expect(bookingSaveErrors({ ...base, to: 'cancelled' })).toEqual({ status_reason: B.reasonCancelled });
    expect(bookingSaveErrors({ ...base, from: 'pending' })).toEqual({
      status: B.transition('pending', 'active'),
    });
    expect(bookingSaveErrors({ ...base, from: null, to: 'pending' })).toEqual({});
  });
});

describe('documents (spec 3 §4)', () => {
  it.each([
    ['rental_agreement', 'active', true],
    ['rental_agreement', 'ready', false],
    ['delivery_note', 'in_transit', true],
    ['delivery_note', 'pending', false],
    ['return_receipt', 'returned', true],
    ['return_receipt', 'active', false],
    ['proforma', 'cancelled', true],
  ] as const)('%s when %s: %s', (type, status, expected) => {
    expect(documentAvailable(type, { status })).toBe(expected);
  });
  it('makes a final invoice only for a paid period', () => {
    expect(
      documentAvailable('final_invoice', { status: 'active' }, { status: 'active_paid', fullyPaid: false }),
    ).toBe(true);
    expect(
      documentAvailable('final_invoice', { status: 'active' }, { status: 'active_unpaid', fullyPaid: true }),
    ).toBe(true);
    expect(
      documentAvailable('final_invoice', { status: 'active' }, { status: 'active_unpaid', fullyPaid: false }),
    ).toBe(false);
    expect(documentAvailable('final_invoice', { status: 'active' })).toBe(false);
  });
});

describe('deposits (spec 3 §4)', () => {
  it.each([
    ['not_set', 'collect', 'collected'],
    ['not_set', 'hold', 'held'],
    ['collected', 'refund', 'refunded'],
    ['held', 'forfeit', 'forfeited'],
    ['not_set', 'refund', null],
    ['refunded', 'forfeit', null],
    ['forfeited', 'refund', null],
    ['collected', 'collect', null],
  ] as const)('%s, %s → %s', (status, action, expected) => {
    expect(depositAfter(status, action)).toBe(expected);
  });
  it('refunds above zero and not above what was collected', () => {
    const format = (value: number) => formatMoney(cents(value));
    expect(refundError(cents(5000), cents(5000), format)).toBeNull();
    expect(refundError(cents(0), cents(5000), format)).toMatch(/greater than 0/);
    expect(refundError(cents(5001), cents(5000), format)).toBe(
      'The refund cannot be more than the deposit collected ($50.00).',
    );
  });
});

describe('period payments (spec 3 §5)', () => {
  const format = (value: number) => formatMoney(cents(value));
  it.each([
    [100_00, 100_00, 0, null],
    [50_00, 100_00, 60_00, P.tooMuch('$40.00')],
    [1, 100_00, 100_00, P.fullyPaid],
    [0, 100_00, 0, P.amountPositive],
  ])('%i on a total of %i with %i paid', (amount, total, paid, expected) => {
    expect(periodPaymentError(cents(amount), cents(total), cents(paid), format)).toBe(expected);
  });
});

describe('availability', () => {
  const b = (start: string, end: string, quantity: number, status: BookedUnits['status'] = 'active') => ({
    start,
    end,
    quantity,
    status,
  });
  it('counts the busiest day of the range among bookings that hold stock', () => {
    const bookings = [
      b('2026-01-01', '2026-01-31', 1),
      b('2026-02-01', '2026-02-28', 1),
      b('2026-01-15', '2026-02-15', 1, 'pending'),
      b('2026-01-01', '2026-12-31', 5, 'cancelled'),
      b('2026-01-01', '2026-12-31', 5, 'returned'),
    ];
    expect(peakBookedUnits({ start: '2026-01-01', end: '2026-03-31' }, bookings)).toBe(2);
    expect(freeUnits(2, { start: '2026-01-10', end: '2026-01-20' }, bookings)).toBe(0);
    expect(freeUnits(2, { start: '2026-03-01', end: '2026-03-31' }, bookings)).toBe(2);
    expect(freeUnits(1, { start: '2026-01-01', end: '2026-12-31' }, bookings)).toBe(0);
  });

  it('agrees with counting every day', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => {
      const d = new Date(Date.UTC(2026, 0, 1 + n));
      return d.toISOString().slice(0, 10);
    });
    const booking = fc
      .record({
        a: day,
        b: day,
        quantity: fc.integer({ min: 1, max: 3 }),
        status: fc.constantFrom(...BOOKING_STATUSES),
      })
      .map(({ a, b: other, quantity, status }) => ({
        start: a < other ? a : other,
        end: a < other ? other : a,
        quantity,
        status,
      }));
    fc.assert(
      fc.property(fc.array(booking, { maxLength: 8 }), day, day, (bookings, x, y) => {
        const range = { start: x < y ? x : y, end: x < y ? y : x };
        let brute = 0;
        for (
          let d = range.start;
          d <= range.end;
          d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
        ) {
          const units = bookings
            .filter(
              (bk) =>
                !['failed', 'cancelled', 'returned'].includes(bk.status) && bk.start <= d && d <= bk.end,
            )
            .reduce((sum, bk) => sum + bk.quantity, 0);
          brute = Math.max(brute, units);
        }
        expect(peakBookedUnits(range, bookings)).toBe(brute);
      }),
    );
  });
});
