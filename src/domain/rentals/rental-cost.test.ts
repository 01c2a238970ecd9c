import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, fromDecimal } from '../money/money';
import { billedMonths, rentalItemCost, rentalTotal } from './rental-cost';

describe('rental item cost (spec 3 §9)', () => {
  it.each([
    // daily rate, quantity, days, discount → cost
    ['10.00', 1, 30, '0', '10.00'],
    ['10.00', 1, 31, '0', '20.00'],
    ['10.00', 2, 60, '0', '40.00'],
    ['12.50', 3, 90, '5.00', '107.50'],
    ['10.00', 1, 1, '0', '10.00'],
    ['10.00', 1, 30, '15.00', '0.00'],
    ['0.99', 7, 180, '0', '41.58'],
  ])('rate %s × %i for %i days − %s = %s', (rate, quantity, days, discount, expected) => {
    expect(
      rentalItemCost({
        dailyRate: fromDecimal(rate),
        quantity,
        durationDays: days,
        discount: fromDecimal(discount),
      }),
    ).toBe(fromDecimal(expected));
  });

  it('refuses a duration or quantity below 1', () => {
    expect(() => billedMonths(0)).toThrow(RangeError);
    expect(() => rentalItemCost({ dailyRate: cents(100), quantity: 0, durationDays: 30 })).toThrow(
      RangeError,
    );
  });

  it('is whole cents, never negative, and grows with each started 30 days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (rate, quantity, days, discount) => {
          const cost = rentalItemCost({
            dailyRate: cents(rate),
            quantity,
            durationDays: days,
            discount: cents(discount),
          });
          expect(Number.isSafeInteger(cost)).toBe(true);
          expect(cost).toBeGreaterThanOrEqual(0);
          expect(cost).toBe(Math.max(0, rate * quantity * Math.ceil(days / 30) - discount));
          const longer = rentalItemCost({ dailyRate: cents(rate), quantity, durationDays: days + 30 });
          expect(longer).toBe(
            rentalItemCost({ dailyRate: cents(rate), quantity, durationDays: days }) + rate * quantity,
          );
        },
      ),
    );
  });

  it('totals the items and the service fees', () => {
    expect(rentalTotal([fromDecimal('10.00'), fromDecimal('20.50')], [fromDecimal('5.25')])).toBe(
      fromDecimal('35.75'),
    );
    expect(rentalTotal([], [])).toBe(0);
  });
});
