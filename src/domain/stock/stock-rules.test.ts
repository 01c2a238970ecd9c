import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stockStatus } from '../catalogue/product-rules';
import {
  isValidStockQuantity,
  movementTypeFor,
  planDeduction,
  STOCK_REASONS,
  stockAlertFor,
  stockKeyText,
  stockQuantities,
  stockWordLabel,
  takeMovements,
} from './stock-rules';

describe('stockStatus (spec 2 §4 stock status per row)', () => {
  it.each([
    [0, 5, 'out_of_stock'],
    [-1, 5, 'out_of_stock'],
    [1, 5, 'low_stock'],
    [5, 5, 'low_stock'],
    [6, 5, 'in_stock'],
    [1, 0, 'in_stock'],
  ])('%i with threshold %i → %s', (quantity, threshold, status) => {
    expect(stockStatus(quantity, threshold)).toBe(status);
  });
});

describe('movementTypeFor', () => {
  it.each([
    [3, 5, 'increase'],
    [5, 3, 'decrease'],
    [4, 4, 'adjustment'],
    [0, 0, 'adjustment'],
  ])('%i → %i is %s', (before, after, type) => {
    expect(movementTypeFor(before, after)).toBe(type);
  });
});

describe('isValidStockQuantity (spec 2 §5)', () => {
  it.each([
    [0, true],
    [12, true],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
  ])('%d → %s', (value, valid) => {
    expect(isValidStockQuantity(value)).toBe(valid);
  });
});

describe('planDeduction', () => {
  const holdings = [
    { locationId: 1, quantity: 2 },
    { locationId: null, quantity: 1 },
    { locationId: 2, quantity: 5 },
  ];
  it.each([
    [
      'unplaced stock first, then locations in order',
      4,
      undefined,
      [
        { locationId: null, quantity: 1 },
        { locationId: 1, quantity: 2 },
        { locationId: 2, quantity: 1 },
      ],
    ],
    ['only the named location', 3, 2, [{ locationId: 2, quantity: 3 }]],
    [
      'all of it',
      8,
      undefined,
      [
        { locationId: null, quantity: 1 },
        { locationId: 1, quantity: 2 },
        { locationId: 2, quantity: 5 },
      ],
    ],
    ['more than there is', 9, undefined, null],
    ['more than the named location holds', 3, 1, null],
    ['a location that holds nothing', 1, 7, null],
  ] as const)('%s', (_name, quantity, from, plan) => {
    expect(planDeduction(holdings, quantity, from)).toEqual(plan);
  });

  it('never takes from a holding below zero', () => {
    expect(
      planDeduction(
        [
          { locationId: null, quantity: -2 },
          { locationId: 1, quantity: 1 },
        ],
        1,
      ),
    ).toEqual([{ locationId: 1, quantity: 1 }]);
  });
});

describe('takeMovements', () => {
  it.each([
    ['no takes', 5, [], []],
    [
      'one take',
      5,
      [{ locationId: 2, quantity: 3 }],
      [{ locationId: 2, before: 5, after: 2, type: 'decrease' }],
    ],
    [
      'each take from where the last left the total',
      8,
      [
        { locationId: null, quantity: 1 },
        { locationId: 1, quantity: 2 },
        { locationId: 2, quantity: 5 },
      ],
      [
        { locationId: null, before: 8, after: 7, type: 'decrease' },
        { locationId: 1, before: 7, after: 5, type: 'decrease' },
        { locationId: 2, before: 5, after: 0, type: 'decrease' },
      ],
    ],
  ] as const)('%s', (_name, total, takes, movements) => {
    expect(takeMovements(total, takes)).toEqual(movements);
  });

  it('ends at the total less everything taken, whatever the takes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.record({ locationId: fc.option(fc.nat(20)), quantity: fc.integer({ min: 1, max: 50 }) })),
        (total, takes) => {
          const movements = takeMovements(total, takes);
          const taken = takes.reduce((sum, t) => sum + t.quantity, 0);
          expect(movements.at(-1)?.after ?? total).toBe(total - taken);
          movements.forEach((m, i) => {
            expect(m.before - m.after).toBe(takes[i]!.quantity);
            if (i > 0) expect(m.before).toBe(movements[i - 1]!.after);
          });
        },
      ),
    );
  });
});

describe('STOCK_REASONS (spec 2 §9)', () => {
  it('holds both lists once', () => {
    expect(STOCK_REASONS).toContain('order_deduction');
    expect(STOCK_REASONS).toContain('theft_loss');
    expect(new Set(STOCK_REASONS).size).toBe(STOCK_REASONS.length);
  });
});

describe('stockAlertFor (which e-mail a change calls for)', () => {
  it.each([
    // before, after, threshold, alert
    [6, 5, 5, 'low_stock'],
    [10, 1, 5, 'low_stock'],
    [10, 0, 5, 'out_of_stock'],
    [3, 0, 5, 'out_of_stock'],
    [5, 4, 5, null], // already low: no second mail
    [0, 0, 5, null],
    [4, 6, 5, null], // going up never mails
    [6, 6, 5, null],
    [1, 0, 0, 'out_of_stock'],
    [2, 1, 0, null], // threshold 0: never low
  ] as const)('%i → %i with threshold %i: %s', (before, after, threshold, alert) => {
    expect(stockAlertFor(before, after, threshold)).toBe(alert);
  });

  it('mails at most once on the way down, whatever the steps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 20 }),
        (start, threshold, sales) => {
          let stock = start;
          const alerts: string[] = [];
          for (const sold of sales) {
            const after = Math.max(0, stock - sold);
            const alert = stockAlertFor(stock, after, threshold);
            if (alert) alerts.push(alert);
            stock = after;
          }
          expect(alerts.filter((a) => a === 'low_stock').length).toBeLessThanOrEqual(1);
          expect(alerts.filter((a) => a === 'out_of_stock').length).toBeLessThanOrEqual(1);
          expect(alerts.includes('out_of_stock')).toBe(start > 0 && stock === 0);
        },
      ),
    );
  });
});

describe('stockWordLabel', () => {
  it.each([
    ['damaged_goods', 'Damaged goods'],
    ['increase', 'Increase'],
    ['manual_update', 'Manual update'],
  ])('%s reads %s', (word, label) => {
    expect(stockWordLabel(word)).toBe(label);
  });
});

describe('stock quantities per item', () => {
  it.each([
    {
      name: 'adds up lines of the same product and variant and skips lines without a product',
      lines: [
        { productId: 1, variantId: null, quantity: 2 },
        { productId: 1, variantId: null, quantity: 3 },
        { productId: 1, variantId: 9, quantity: 1 },
        { productId: null, variantId: null, quantity: 4 },
      ],
      expected: [
        { productId: 1, variantId: null, quantity: 5 },
        { productId: 1, variantId: 9, quantity: 1 },
      ],
    },
    {
      name: "answers in the lock order (product id, then variant id), whatever the lines' order",
      lines: [
        { productId: 7, variantId: 30, quantity: 1 },
        { productId: 3, variantId: null, quantity: 2 },
        { productId: 7, variantId: 12, quantity: 1 },
        { productId: 5, variantId: null, quantity: 1 },
        { productId: 3, variantId: null, quantity: 1 },
      ],
      expected: [
        { productId: 3, variantId: null, quantity: 3 },
        { productId: 5, variantId: null, quantity: 1 },
        { productId: 7, variantId: 12, quantity: 1 },
        { productId: 7, variantId: 30, quantity: 1 },
      ],
    },
    { name: 'nothing for no lines', lines: [], expected: [] },
  ])('$name', ({ lines, expected }) => {
    expect(stockQuantities(lines)).toEqual(expected);
  });
});

describe('stockKeyText', () => {
  it.each([
    [{ productId: 4, variantId: null }, '4:-'],
    [{ productId: 4, variantId: 9 }, '4:9'],
    [{ productId: null, variantId: null }, '-:-'],
  ])('%j → %s', (key, text) => {
    expect(stockKeyText(key)).toBe(text);
  });

  it('tells a product from each of its variants', () => {
    expect(stockKeyText({ productId: 4, variantId: null })).not.toBe(
      stockKeyText({ productId: 4, variantId: 4 }),
    );
  });
});
