import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../dates/date-format';
import { type Cents, cents } from '../money/money';
import {
  applyDiscount,
  type Buyer,
  bestRule,
  discountPercentage,
  isWithinDates,
  type PricingRule,
  ruleApplies,
  ruleUsed,
  unitPrice,
} from './discounts';

const today = '2026-11-21' as IsoDate;
const customer: Buyer = { roles: ['customer'], isGuest: false };
const guest: Buyer = { roles: ['guest'], isGuest: true };
const target = { productId: 7, categoryIds: [2, 20], quantity: 1 };

function rule(overrides: Partial<PricingRule> = {}): PricingRule {
  return {
    id: 1,
    name: 'Rule',
    type: 'global',
    kind: 'percent',
    value: 10,
    applicableRoles: [],
    productIds: [],
    categoryIds: [],
    startDate: null,
    endDate: null,
    priority: 1,
    minQuantity: null,
    maxUsagePerUser: null,
    totalUsageLimit: null,
    usageCount: 0,
    isActive: true,
    ...overrides,
  };
}

describe('applyDiscount (spec 1 §9: percent or fixed, capped at the price, never below 0)', () => {
  it.each([
    [10000, 'percent', 10, 9000],
    [9999, 'percent', 15, 8499], // 1499.85 off → 1500 rounded half-up
    [10000, 'percent', 100, 0],
    [10000, 'percent', 150, 0],
    [10000, 'fixed', 2550, 7450],
    [1000, 'fixed', 5000, 0],
    [1000, 'percent', 0, 1000],
    [1000, 'fixed', -5, 1000],
    [0, 'percent', 50, 0],
  ] as const)('%i less %s %d = %i', (price, kind, value, expected) => {
    expect(applyDiscount(cents(price), kind, value)).toBe(expected);
  });

  it('never goes below 0 nor above the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.constantFrom('percent' as const, 'fixed' as const),
        fc.double({ min: -100, max: 1e9, noNaN: true }),
        (price, kind, value) => {
          const result = applyDiscount(cents(price), kind, value);
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(price);
          expect(Number.isInteger(result)).toBe(true);
        },
      ),
    );
  });
});

describe('dates (whole days, inclusive)', () => {
  it.each([
    [null, null, true],
    ['2026-11-21', null, true],
    ['2026-11-22', null, false],
    [null, '2026-11-21', true],
    [null, '2026-11-20', false],
    ['2026-11-01', '2026-11-30', true],
  ] as const)('from %s to %s: %s', (start, end, expected) => {
    expect(isWithinDates(today, start as IsoDate | null, end as IsoDate | null)).toBe(expected);
  });
});

describe('which rules apply', () => {
  it.each<[string, Partial<PricingRule>, Buyer, number, boolean]>([
    ['an active global rule', {}, customer, 1, true],
    ['an inactive rule', { isActive: false }, customer, 1, false],
    ['a rule starting tomorrow', { startDate: '2026-11-22' as IsoDate }, customer, 1, false],
    ['a rule that ended yesterday', { endDate: '2026-11-20' as IsoDate }, customer, 1, false],
    [
      'a role rule for the buyer role',
      { type: 'role_based', applicableRoles: ['customer'] },
      customer,
      1,
      true,
    ],
    [
      'a role rule for another role',
      { type: 'role_based', applicableRoles: ['partner'] },
      customer,
      1,
      false,
    ],
    ['a role rule without roles', { type: 'role_based', applicableRoles: [] }, customer, 1, false],
    ['a global rule limited to partners', { applicableRoles: ['partner'] }, customer, 1, false],
    ['a category rule on one of its categories', { type: 'category', categoryIds: [20] }, customer, 1, true],
    ['a category rule elsewhere', { type: 'category', categoryIds: [3] }, customer, 1, false],
    ['a product rule on this product', { type: 'product', productIds: [7] }, customer, 1, true],
    ['a product rule on another product', { type: 'product', productIds: [8] }, customer, 1, false],
    ['a giveaway on everything', { type: 'giveaway' }, customer, 1, true],
    ['a giveaway on another product', { type: 'giveaway', productIds: [8] }, customer, 1, false],
    ['below the minimum quantity', { minQuantity: 3 }, customer, 2, false],
    ['at the minimum quantity', { minQuantity: 3 }, customer, 3, true],
    ['a used-up total limit', { totalUsageLimit: 5, usageCount: 5 }, customer, 1, false],
    [
      'a per-user limit the buyer used up',
      { id: 9, maxUsagePerUser: 1 },
      { ...customer, usesByRule: { 9: 1 } },
      1,
      false,
    ],
    [
      'a per-user limit with uses left',
      { id: 9, maxUsagePerUser: 2 },
      { ...customer, usesByRule: { 9: 1 } },
      1,
      true,
    ],
    ['a per-user limit for a guest', { maxUsagePerUser: 1 }, guest, 1, false],
    ['a rule for all roles, for a guest', {}, guest, 1, true],
  ])('%s → %s', (_name, overrides, buyer, quantity, expected) => {
    expect(ruleApplies(rule(overrides), { ...target, quantity }, buyer, today)).toBe(expected);
  });
});

describe('the rule that prices an item', () => {
  it('takes the highest priority, then the bigger discount, then the older rule', () => {
    const low = rule({ id: 1, priority: 1, value: 50 });
    const high = rule({ id: 2, priority: 5, value: 5 });
    expect(bestRule([low, high], target, customer, today, cents(1000))?.id).toBe(2);
    const sameA = rule({ id: 3, priority: 5, value: 20 });
    expect(bestRule([high, sameA], target, customer, today, cents(1000))?.id).toBe(3);
    const twin = rule({ id: 4, priority: 5, value: 20 });
    expect(bestRule([twin, sameA], target, customer, today, cents(1000))?.id).toBe(3);
  });
});

describe('unitPrice', () => {
  const own = { kind: 'percent' as const, value: 20, startDate: null, endDate: null };

  it('applies the product discount inside its dates only', () => {
    expect(
      unitPrice({ target, basePrice: cents(5000), ownDiscount: own, rules: [], buyer: customer, today }),
    ).toMatchObject({
      final: 4000,
      discountAmount: 1000,
      discountPercentage: 20,
      source: 'product',
    });
    const tomorrow = { ...own, startDate: '2026-11-22' as IsoDate };
    expect(
      unitPrice({ target, basePrice: cents(5000), ownDiscount: tomorrow, rules: [], buyer: customer, today }),
    ).toMatchObject({ final: 5000, source: 'none', discountAmount: 0 });
  });

  it('lets a global rule win over the product discount, even when the rule gives less', () => {
    const result = unitPrice({
      target,
      basePrice: cents(5000),
      ownDiscount: own,
      rules: [rule({ id: 3, name: 'Winter', value: 5 })],
      buyer: customer,
      today,
    });
    expect(result).toMatchObject({
      final: 4750,
      source: 'rule',
      rule: { id: 3, name: 'Winter', type: 'global' },
    });
  });

  it('makes a giveaway free', () => {
    const result = unitPrice({
      target,
      basePrice: cents(1234),
      ownDiscount: null,
      rules: [rule({ type: 'giveaway', value: 3 })],
      buyer: customer,
      today,
    });
    expect(result).toMatchObject({ final: 0, discountPercentage: 100 });
  });

  it('keeps every price between 0 and the original, and the parts add up', () => {
    const ruleArb = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      type: fc.constantFrom('global', 'role_based', 'category', 'product', 'giveaway'),
      kind: fc.constantFrom('percent', 'fixed'),
      value: fc.integer({ min: 0, max: 200000 }),
      priority: fc.integer({ min: 0, max: 10 }),
      applicableRoles: fc.subarray(['customer', 'partner']),
      productIds: fc.subarray([7, 8]),
      categoryIds: fc.subarray([2, 3, 20]),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e8 }),
        fc.array(ruleArb, { maxLength: 6 }),
        fc.option(
          fc.record({ kind: fc.constantFrom('percent', 'fixed'), value: fc.integer({ min: 0, max: 1e8 }) }),
        ),
        (price, rules, ownDiscount) => {
          const result = unitPrice({
            target,
            basePrice: cents(price),
            ownDiscount: ownDiscount ? { ...ownDiscount, startDate: null, endDate: null } : null,
            rules: rules.map((r) => rule(r as Partial<PricingRule>)),
            buyer: customer,
            today,
          });
          expect(result.final).toBeGreaterThanOrEqual(0);
          expect(result.final).toBeLessThanOrEqual(price);
          expect(result.final + result.discountAmount).toBe(price);
          expect(result.discountPercentage).toBeGreaterThanOrEqual(0);
          expect(result.discountPercentage).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe('discountPercentage', () => {
  it.each([
    [10000, 9000, 10],
    [3000, 2000, 33.33],
    [0, 0, 0],
    [999, 0, 100],
  ] as const)('%i → %i is %d %%', (original, final, expected) => {
    expect(discountPercentage(cents(original) as Cents, cents(final) as Cents)).toBe(expected);
  });
});

describe('ruleUsed (docs/decisions/0039: the rule that priced the line, when sold at that price or less)', () => {
  const rule = { id: 4, name: 'Week', type: 'product' as const };
  it.each([
    ['rule price, sold at it', { source: 'rule' as const, rule, final: cents(800) }, 800, 4],
    ['rule price, sold below it', { source: 'rule' as const, rule, final: cents(800) }, 750, 4],
    [
      'rule price, sold above it (staff typed the full price)',
      { source: 'rule' as const, rule, final: cents(800) },
      1000,
      null,
    ],
    ['the product’s own discount', { source: 'product' as const, rule: null, final: cents(800) }, 800, null],
    ['no discount', { source: 'none' as const, rule: null, final: cents(1000) }, 1000, null],
  ])('%s', (_name, unit, soldAt, expected) => {
    expect(ruleUsed(unit, cents(soldAt))).toBe(expected);
  });
});
