import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money/money';
import {
  isMethodAvailable,
  itemsShippingFacts,
  type ShippingAddress,
  type ShippingCart,
  type ShippingMethod,
  type ShippingZone,
  shippingQuote,
  zoneOf,
} from './shipping-cost';

const MAURITIUS = 1;
const REUNION = 2;
const PORT_LOUIS = 10;
const RODRIGUES = 11;

const standard: ShippingMethod = {
  id: 1,
  price: cents(500),
  pricePerKg: cents(120),
  enabled: true,
  minOrderAmount: null,
  maxOrderAmount: null,
};
const express: ShippingMethod = { ...standard, id: 2, price: cents(1500), pricePerKg: cents(0) };

const island: ShippingZone = {
  id: 7,
  enabled: true,
  countryIds: [MAURITIUS],
  stateIds: [],
  rates: new Map([[standard.id, cents(300)]]),
};
const outerIslands: ShippingZone = {
  id: 8,
  enabled: true,
  countryIds: [],
  stateIds: [RODRIGUES],
  rates: new Map([[standard.id, cents(2500)]]),
};
const zones = [island, outerIslands];

const inPortLouis: ShippingAddress = { countryId: MAURITIUS, stateId: PORT_LOUIS, cityCost: cents(0) };
const cart: ShippingCart = { subtotal: cents(10_000), weightKg: 0, allFreeShipping: false };

describe('itemsShippingFacts', () => {
  it.each([
    { items: [], weightKg: 0, allFreeShipping: false },
    { items: [{ weightKg: 1.5, quantity: 2, isFreeShipping: true }], weightKg: 3, allFreeShipping: true },
    {
      items: [
        { weightKg: 0.25, quantity: 4, isFreeShipping: true },
        { weightKg: 2, quantity: 1, isFreeShipping: false },
      ],
      weightKg: 3,
      allFreeShipping: false,
    },
    { items: [{ weightKg: 0, quantity: 7, isFreeShipping: false }], weightKg: 0, allFreeShipping: false },
  ])(
    '$items.length items weigh $weightKg kg, all free: $allFreeShipping',
    ({ items, weightKg, allFreeShipping }) => {
      expect(itemsShippingFacts(items)).toEqual({ weightKg, allFreeShipping });
    },
  );
});

describe('isMethodAvailable (DECISIONS 15: only inside the min/max order amount)', () => {
  it.each<[string, Partial<ShippingMethod>, number, boolean]>([
    ['no limits', {}, 1, true],
    ['disabled', { enabled: false }, 10_000, false],
    ['below the minimum', { minOrderAmount: cents(5000) }, 4999, false],
    ['at the minimum', { minOrderAmount: cents(5000) }, 5000, true],
    ['at the maximum', { maxOrderAmount: cents(20_000) }, 20_000, true],
    ['above the maximum', { maxOrderAmount: cents(20_000) }, 20_001, false],
    ['inside both', { minOrderAmount: cents(100), maxOrderAmount: cents(200) }, 150, true],
  ])('%s', (_name, change, subtotal, expected) => {
    expect(isMethodAvailable({ ...standard, ...change }, cents(subtotal))).toBe(expected);
  });
});

describe('zoneOf', () => {
  it.each<[string, ShippingAddress, number | null]>([
    ['a country in a zone', inPortLouis, island.id],
    [
      'a state named by a zone wins over its country',
      { ...inPortLouis, stateId: RODRIGUES },
      outerIslands.id,
    ],
    ['a country in no zone', { countryId: REUNION, stateId: null, cityCost: cents(0) }, null],
    ['no address yet', { countryId: null, stateId: null, cityCost: cents(0) }, null],
  ])('%s', (_name, address, expected) => {
    expect(zoneOf(zones, address)?.id ?? null).toBe(expected);
  });

  it('ignores a disabled zone', () => {
    expect(zoneOf([{ ...island, enabled: false }], inPortLouis)).toBeNull();
  });
});

describe('shippingQuote (DECISIONS 15)', () => {
  it.each<[string, ShippingMethod, ShippingAddress, ShippingCart, number | null]>([
    ['the zone rate in a zone', standard, inPortLouis, cart, 300],
    [
      'the method price outside every zone',
      standard,
      { ...inPortLouis, countryId: REUNION, stateId: null },
      cart,
      500,
    ],
    ['the method price in a zone without a rate for it', express, inPortLouis, cart, 1500],
    ['plus price per kg × weight (2.5 kg × 1.20)', standard, inPortLouis, { ...cart, weightKg: 2.5 }, 600],
    [
      'weight rounds half-up to cents (0.125 kg × 1.20 = 0.15)',
      standard,
      inPortLouis,
      { ...cart, weightKg: 0.125 },
      315,
    ],
    ['plus the city cost', standard, { ...inPortLouis, cityCost: cents(75) }, cart, 375],
    [
      'the state zone, weight and city together',
      standard,
      { countryId: MAURITIUS, stateId: RODRIGUES, cityCost: cents(100) },
      { ...cart, weightKg: 1 },
      2720,
    ],
    [
      'nothing when every item ships free',
      standard,
      { ...inPortLouis, cityCost: cents(75) },
      { ...cart, weightKg: 3, allFreeShipping: true },
      0,
    ],
    [
      'not offered below the minimum',
      { ...standard, minOrderAmount: cents(20_000) },
      inPortLouis,
      cart,
      null,
    ],
  ])('%s', (_name, method, address, quoteCart, expected) => {
    expect(shippingQuote(method, zones, address, quoteCart).cost).toBe(expected);
  });

  it('is never negative and grows with weight', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.integer({ min: 0, max: 5000 }),
        (price, perKg, lighter, extra, city) => {
          const method = { ...standard, price: cents(price), pricePerKg: cents(perKg) };
          const address = { ...inPortLouis, countryId: REUNION, cityCost: cents(city) };
          const light = shippingQuote(method, zones, address, { ...cart, weightKg: lighter }).cost!;
          const heavy = shippingQuote(method, zones, address, { ...cart, weightKg: lighter + extra }).cost!;
          expect(light).toBeGreaterThanOrEqual(0);
          expect(heavy).toBeGreaterThanOrEqual(light);
          expect(Number.isInteger(heavy)).toBe(true);
        },
      ),
    );
  });
});
