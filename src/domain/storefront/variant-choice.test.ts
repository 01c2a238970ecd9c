import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoSelectedVariant,
  type ChoosableVariant,
  choiceProblem,
  chooseColor,
  chooseValue,
  chosenVariant,
  CHOICE_MESSAGES as M,
  matchingVariants,
  maxQuantity,
  pricesWithinSpread,
  stockNotice,
} from './variant-choice';

const v = (
  id: number,
  price: number,
  qty = 5,
  colorIds = [1],
  attributeValueIds = [10],
): ChoosableVariant => ({
  id,
  price,
  qty,
  colorIds,
  attributeValueIds,
});

describe('the 20 % price spread (spec 3 §4)', () => {
  it.each([
    [[1000], true],
    [[1000, 1200], true],
    [[1000, 1201], false],
    [[1200, 1000, 1100], true],
    [[0, 0], true],
    [[0, 1], false],
    [[], false],
  ])('%j within 20 %%: %s', (prices, expected) => {
    expect(pricesWithinSpread(prices)).toBe(expected);
  });

  it('agrees with highest ≤ 1.2 × lowest for any whole prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        (prices) => {
          const low = Math.min(...prices);
          const high = Math.max(...prices);
          expect(pricesWithinSpread(prices)).toBe(high * 10 <= low * 12);
        },
      ),
    );
  });
});

describe('auto-selection (spec 3 §4)', () => {
  it.each([
    ['none left', [], null],
    ['one left is chosen', [v(1, 5000)], 1],
    ['close prices: the first in stock', [v(1, 1000, 0), v(2, 1100), v(3, 1200)], 2],
    ['close prices, none in stock: the first', [v(1, 1000, 0), v(2, 1100, 0)], 1],
    ['over 20 %: none', [v(1, 1000), v(2, 1250)], null],
  ] as const)('%s', (_, variants, expected) => {
    expect(autoSelectedVariant(variants)?.id ?? null).toBe(expected);
  });

  it('never selects among variants whose prices spread over 20 %', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price: fc.integer({ min: 1, max: 100_000 }), qty: fc.integer({ min: 0, max: 9 }) }),
          {
            minLength: 2,
            maxLength: 6,
          },
        ),
        (rows) => {
          const variants = rows.map((r, i) => v(i + 1, r.price, r.qty));
          const chosen = autoSelectedVariant(variants);
          const prices = variants.map((x) => x.price);
          if (Math.max(...prices) * 5 > Math.min(...prices) * 6) expect(chosen).toBeNull();
          else expect(variants).toContain(chosen);
        },
      ),
    );
  });
});

describe('choosing (spec 3 §4)', () => {
  const variants = [v(1, 1000, 3, [1], [10]), v(2, 1000, 0, [1], [11]), v(3, 1000, 4, [2], [10])];

  it('a colour resets the attribute choices', () => {
    const chosen = chooseValue(chooseColor({ colorId: null, values: {} }, 1), 7, 10);
    expect(chooseColor(chosen, 2)).toEqual({ colorId: 2, values: {} });
  });

  it('narrows the variants by colour and values', () => {
    expect(matchingVariants(variants, { colorId: 1, values: {} }).map((x) => x.id)).toEqual([1, 2]);
    expect(matchingVariants(variants, { colorId: 1, values: { 7: 11 } }).map((x) => x.id)).toEqual([2]);
    expect(chosenVariant(variants, { colorId: 2, values: { 7: 11 } }, [7])).toBeNull();
    expect(chosenVariant(variants, { colorId: 2, values: {} }, [7])).toBeNull();
    expect(chosenVariant(variants, { colorId: 2, values: { 7: 10 } }, [7])?.id).toBe(3);
    expect(chooseValue({ colorId: 2, values: { 7: 10 } }, 7, null)).toEqual({ colorId: 2, values: {} });
  });
});

describe('what stops an add to cart (spec 3 §5)', () => {
  const base = {
    isVariable: true,
    hasColors: true,
    attributeIds: [7],
    choice: { colorId: 1, values: { 7: 10 } },
    variant: { qty: 3 },
    quantity: 1,
  };
  it.each([
    ['no colour', { choice: { colorId: null, values: {} }, variant: null }, M.color],
    ['an option missing', { choice: { colorId: 1, values: {} }, variant: null }, M.options],
    ['no such combination', { variant: null }, M.combination],
    ['quantity 0', { quantity: 0 }, M.quantity],
    ['over the variant stock', { quantity: 4 }, M.quantity],
    ['a fraction', { quantity: 1.5 }, M.quantity],
    ['up to the stock', { quantity: 3 }, null],
    ['an auto-selected variant with options open', { choice: { colorId: 1, values: {} } }, null],
    ['a simple product: up to 10', { isVariable: false, variant: null, quantity: 10 }, null],
    ['a simple product: not 11', { isVariable: false, variant: null, quantity: 11 }, M.quantity],
    [
      'a simple product: held to its managed stock',
      { isVariable: false, variant: null, quantity: 4, productStock: 3 },
      M.quantity,
    ],
    ['no colours to choose', { hasColors: false, choice: { colorId: null, values: { 7: 10 } } }, null],
  ] as const)('%s', (_, over, expected) => {
    expect(choiceProblem({ ...base, ...over })).toBe(expected);
  });

  it('bounds the quantity by the variant stock, else 10 (spec 3 §9)', () => {
    expect(maxQuantity(null)).toBe(10);
    expect(maxQuantity({ qty: 3 })).toBe(3);
    expect(maxQuantity({ qty: -2 })).toBe(0);
    expect(maxQuantity(null, 4)).toBe(4);
    expect(maxQuantity(null, 40)).toBe(10);
    expect(maxQuantity(null, 0)).toBe(0);
    expect(maxQuantity({ qty: 30 }, 4)).toBe(30);
  });
});

describe('the stock notice (spec 3 §4, stock settings)', () => {
  const all = { stock_management_enabled: true, show_stock_quantities: true, show_low_stock_warning: true };
  it.each([
    [0, 5, all, { state: 'out_of_stock', text: 'Out of stock' }],
    [5, 5, all, { state: 'low_stock', text: 'Only 5 left' }],
    [1, 5, all, { state: 'low_stock', text: 'Only 1 left' }],
    [6, 5, all, { state: 'in_stock', text: '6 in stock' }],
    [6, 5, { ...all, show_stock_quantities: false }, { state: 'in_stock', text: 'In stock' }],
    [3, 5, { ...all, show_low_stock_warning: false }, { state: 'low_stock', text: '3 in stock' }],
    [
      3,
      5,
      { ...all, show_low_stock_warning: false, show_stock_quantities: false },
      { state: 'low_stock', text: 'In stock' },
    ],
    [0, 5, { ...all, stock_management_enabled: false }, null],
  ] as const)('%i with threshold %i', (qty, threshold, settings, expected) => {
    expect(stockNotice(qty, threshold, settings)).toEqual(expected);
  });

  it("says 'Only N left' exactly at or below the threshold", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 100 }), fc.integer({ min: 0, max: 50 }), (qty, threshold) => {
        const notice = stockNotice(qty, threshold, all)!;
        expect(notice.text === `Only ${qty} left`).toBe(qty > 0 && qty <= threshold);
      }),
    );
  });
});
