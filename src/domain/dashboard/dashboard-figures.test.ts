import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageOrder, percentage, statusBreakdown } from './dashboard-figures';

describe('percentage', () => {
  it.each([
    [0, 0, 0],
    [0, 5, 0],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [1, 8, 12.5],
    [1, 2000, 0.1],
    [1, 2001, 0],
    [5, 5, 100],
    [1, 6, 16.7],
  ])('%i of %i is %d%%', (part, whole, percent) => {
    expect(percentage(part, whole)).toBe(percent);
  });

  it('stays within 0 and 100 and never drifts from the exact value by more than a half tenth', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (whole, n) => {
          const part = n % (whole + 1);
          const p = percentage(part, whole);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(100);
          expect(Math.abs(p - (part * 100) / whole)).toBeLessThanOrEqual(0.05 + 1e-9);
        },
      ),
    );
  });
});

describe('statusBreakdown', () => {
  it('shows every status of the spec, zero when absent, shares of the order count', () => {
    expect(
      statusBreakdown([
        { status: 'paid', count: 2, amount: '150.50' },
        { status: 'unpaid', count: 1, amount: '0.10' },
        { status: 'refunded', count: 7, amount: '999.00' },
      ]),
    ).toEqual({
      paid: { count: 2, amount: '150.50', percentage: 66.7 },
      unpaid: { count: 1, amount: '0.10', percentage: 33.3 },
      partial: { count: 0, amount: '0.00', percentage: 0 },
      credit: { count: 0, amount: '0.00', percentage: 0 },
    });
  });

  it('adds amounts exactly, without float drift', () => {
    const rows = Array.from({ length: 10 }, () => ({ status: 'credit', count: 1, amount: '0.10' }));
    expect(statusBreakdown(rows).credit).toEqual({ count: 10, amount: '1.00', percentage: 100 });
  });

  it('is all zero with no orders', () => {
    expect(statusBreakdown([]).paid).toEqual({ count: 0, amount: '0.00', percentage: 0 });
  });
});

describe('averageOrder', () => {
  it.each([
    ['0.00', 0, '0.00'],
    ['100.00', 4, '25.00'],
    ['10.00', 3, '3.33'],
    ['20.00', 3, '6.67'],
    ['0.05', 2, '0.03'],
    ['1063.00', 1, '1063.00'],
  ])('%s over %i orders is %s', (amount, count, average) => {
    expect(averageOrder(amount, count)).toBe(average);
  });
});
