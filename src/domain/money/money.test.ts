import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, formatMoney, fromDecimal, percentOf, roundHalfUp, toDecimal, toDecimalText } from './money';

describe('fromDecimal', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['12.345', 1235],
    ['12.344', 1234],
    ['0.005', 1],
    ['-1.005', -101],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
  ] as const)('%s → %i cents', (input, expected) => {
    expect(fromDecimal(input)).toBe(expected);
  });

  it.each(['', 'abc', '1,000.00', '1e5', '--1'])('refuses %j', (input) => {
    expect(() => fromDecimal(input)).toThrow(RangeError);
  });

  it('round-trips every whole-cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(fromDecimal(toDecimal(cents(n)))).toBe(n);
      }),
    );
  });
});

describe('toDecimalText', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [-101, '-1.01'],
    [999999999999, '9999999999.99'],
  ] as const)('%i cents → %s', (input, expected) => {
    expect(toDecimalText(cents(input))).toBe(expected);
  });

  it('round-trips through fromDecimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(fromDecimal(toDecimalText(cents(n)))).toBe(n);
      }),
    );
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '$', '$0.00'],
    [5, '$', '$0.05'],
    [123456, '$', '$1,234.56'],
    [100000000, 'Rs', 'Rs1,000,000.00'],
    [-123456, '$', '-$1,234.56'],
  ] as const)('%i with %s → %s', (value, symbol, expected) => {
    expect(formatMoney(cents(value), symbol)).toBe(expected);
  });

  it('agrees with Intl en-GB grouping for any amount', () => {
    const intl = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (n) => {
        expect(formatMoney(cents(n), '')).toBe(intl.format(n / 100));
      }),
    );
  });
});

describe('roundHalfUp and percentOf', () => {
  it.each([
    [0.5, 1],
    [1.5, 2],
    [2.4999, 2],
    [-0.5, -1],
    [-2.5, -3],
  ])('roundHalfUp(%d) = %d', (input, expected) => {
    expect(roundHalfUp(input)).toBe(expected);
  });

  it('percentOf never leaves whole cents and stays within the amount for 0–100 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 10000 }), (n, basis) => {
        const result = percentOf(cents(n), basis / 100);
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(n);
      }),
    );
  });
});
