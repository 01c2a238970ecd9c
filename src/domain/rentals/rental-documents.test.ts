import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, fromDecimal } from '../money/money';
import type { BookingStatus } from './booking-status';
import {
  bookingDocumentAvailable,
  financialSummary,
  isPeriodFullyPaid,
  periodInvoiceType,
  type RentalDocumentKind,
} from './rental-documents';

describe('documents of the booking itself (spec 3 §4)', () => {
  it.each<[RentalDocumentKind, BookingStatus, boolean]>([
    ['rental_agreement', 'active', true],
    ['rental_agreement', 'ready', false],
    ['rental_agreement', 'returned', false],
    ['delivery_note', 'pending', false],
    ['delivery_note', 'quoted', false],
    ['delivery_note', 'ready', true],
    ['delivery_note', 'in_transit', true],
    ['delivery_note', 'active', true],
    ['delivery_note', 'returned', true],
    ['delivery_note', 'cancelled', false],
    ['return_receipt', 'active', false],
    ['return_receipt', 'returned', true],
    ['proforma', 'pending', true],
    ['proforma', 'cancelled', true],
    ['final_invoice', 'active', false],
    ['final_invoice', 'returned', false],
  ])('%s while %s: %s', (type, status, expected) => {
    expect(bookingDocumentAvailable(type, status)).toBe(expected);
  });
});

describe('the invoice of a period', () => {
  it.each([
    ['100.00', '0', false],
    ['100.00', '99.99', false],
    ['100.00', '100.00', true],
    ['100.00', '120.00', true],
    ['0', '0', false],
  ])('total %s, paid %s: fully paid %s', (total, paid, expected) => {
    expect(isPeriodFullyPaid(fromDecimal(total), fromDecimal(paid))).toBe(expected);
  });

  it.each([
    ['active_unpaid', false, 'proforma'],
    ['pending', false, 'proforma'],
    ['payment_overdue', false, 'proforma'],
    ['active_paid', false, 'final_invoice'],
    ['paid', false, 'final_invoice'],
    ['active_unpaid', true, 'final_invoice'],
  ] as const)('%s (fully paid %s) gets a %s', (status, fullyPaid, expected) => {
    expect(periodInvoiceType({ status, fullyPaid })).toBe(expected);
  });
});

describe('financial summary (spec 3 §7)', () => {
  it.each([
    // period totals, estimate, paid → billed, outstanding, from
    [[], '250.00', '0', '250.00', '250.00', 'estimate'],
    [[], '250.00', '300.00', '250.00', '0.00', 'estimate'],
    [['100.00', '50.50'], '999.00', '60.00', '150.50', '90.50', 'periods'],
    [['0'], '999.00', '0', '0.00', '0.00', 'periods'],
  ])(
    'periods %j, estimate %s, paid %s → billed %s, outstanding %s (%s)',
    (totals, estimate, paid, billed, outstanding, from) => {
      const summary = financialSummary({
        periodTotals: totals.map(fromDecimal),
        estimate: fromDecimal(estimate),
        paid: fromDecimal(paid),
      });
      expect(summary).toEqual({
        billed: fromDecimal(billed),
        paid: fromDecimal(paid),
        outstanding: fromDecimal(outstanding),
        billedFrom: from,
      });
    },
  );

  it('outstanding is whole cents, never below 0, and billed − paid whenever paid does not exceed billed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 200_000_000 }),
        (totals, estimate, paid) => {
          const s = financialSummary({
            periodTotals: totals.map(cents),
            estimate: cents(estimate),
            paid: cents(paid),
          });
          expect(Number.isInteger(s.outstanding)).toBe(true);
          expect(s.outstanding).toBeGreaterThanOrEqual(0);
          if (paid <= s.billed) expect(s.outstanding + s.paid).toBe(s.billed);
          else expect(s.outstanding).toBe(0);
        },
      ),
    );
  });
});
