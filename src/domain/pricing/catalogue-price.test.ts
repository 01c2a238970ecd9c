import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../dates/date-format';
import { cents } from '../money/money';
import { priceItem, priceRange } from './catalogue-price';

const context = { rules: [], buyer: { roles: ['customer'], isGuest: false }, today: '2026-11-21' as IsoDate };
const item = {
  productId: 1,
  categoryIds: [],
  price: cents(2000),
  ownDiscount: { kind: 'percent' as const, value: 10, startDate: null, endDate: null },
};

describe('priceItem', () => {
  it('prices a simple product by its price and a variable one by its variant', () => {
    expect(priceItem(item, null, 1, context)).toMatchObject({ original: 2000, final: 1800 });
    expect(priceItem(item, { price: cents(3000) }, 1, context)).toMatchObject({
      original: 3000,
      final: 2700,
    });
  });
});

describe('priceRange', () => {
  it.each([
    [[], null],
    [[1000], { min: 1000, max: 1000, hasRange: false }],
    [[1500, 1000, 2500], { min: 1000, max: 2500, hasRange: true }],
  ])('%j → %j', (prices, expected) => {
    expect(priceRange(prices.map((p) => cents(p)))).toEqual(expected);
  });
});
