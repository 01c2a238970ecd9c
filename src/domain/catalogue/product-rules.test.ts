import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  combinations,
  DRAFT_VALID_MS,
  generatedSku,
  isDraftFresh,
  keepDigits,
  keepPriceCharacters,
  productStockQuantity,
  stockStatus,
  visibilityFor,
  visibilityLabel,
} from './product-rules';

describe('visibilityLabel (spec 2 §6)', () => {
  it.each([
    [['guest'], true, 'Guest Visitors'],
    [['guest', 'customer', 'partner'], true, 'Guest Visitors, Customer, Partner'],
    [['guest', 'customer', 'partner', 'doctor'], true, 'Guest Visitors, Customer +2'],
    [['guest', 'customer', 'partner', 'doctor', 'patient', 'supplier'], true, 'Guest Visitors, Customer +4'],
    [['guest'], false, 'Hidden'],
    [[], true, 'Hidden'],
  ])('%j active=%s → %s', (roles, active, label) => {
    expect(visibilityLabel(roles, active)).toBe(label);
  });

  it('clears the visibility of an inactive product', () => {
    expect(visibilityFor(false, ['guest', 'partner'])).toEqual([]);
    expect(visibilityFor(true, ['guest', 'guest', 'partner'])).toEqual(['guest', 'partner']);
  });
});

describe('combinations (spec 2 §4)', () => {
  it('makes every combination of one value per attribute', () => {
    expect(
      combinations([
        ['Red', 'Blue'],
        ['S', 'M', 'L'],
      ]),
    ).toEqual([
      ['Red', 'S'],
      ['Red', 'M'],
      ['Red', 'L'],
      ['Blue', 'S'],
      ['Blue', 'M'],
      ['Blue', 'L'],
    ]);
    expect(combinations([['S'], []])).toEqual([['S']]);
    expect(combinations([])).toEqual([]);
  });

  it('makes the product of the list sizes, all different', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 3,
        }),
        (lists) => {
          const result = combinations(lists);
          expect(result).toHaveLength(lists.reduce((n, l) => n * l.length, 1));
          expect(new Set(result.map((c) => c.join('|'))).size).toBe(result.length);
        },
      ),
    );
  });
});

describe('generatedSku (spec 2 §5)', () => {
  it.each([
    ['T-shirt', ['Red', 'Medium'], 7, 'TSHRM-007'],
    ['Chaise longue', ['Bleu'], 123, 'CHAB-123'],
    ['Été', [], 999, 'ETE-999'],
    ['42', ['XL'], 5, 'PRDX-005'],
  ])('%s with %j and %i → %s', (name, values, random, sku) => {
    expect(generatedSku(name, values, random)).toBe(sku);
  });
});

describe('input filters (spec 2 §5)', () => {
  it.each([
    ['12.50', '12.50'],
    ['1,299.99', '1299.99'],
    ['1.2.3', '1.23'],
    ['abc', ''],
    ['-5', '5'],
    ['12.345', '12.34'],
    ['0x10', '010'],
  ])('price %j → %j', (input, output) => {
    expect(keepPriceCharacters(input)).toBe(output);
  });

  it('keeps three decimals for a weight', () => {
    expect(keepPriceCharacters('1.2345', 3)).toBe('1.234');
  });

  it.each([
    ['12', '12'],
    ['1.5', '15'],
    ['-3', '3'],
  ])('quantity %j → %j', (input, output) => {
    expect(keepDigits(input)).toBe(output);
  });
});

describe('stockStatus and drafts', () => {
  it.each([
    [0, 5, 'out_of_stock'],
    [-2, 5, 'out_of_stock'],
    [5, 5, 'low_stock'],
    [6, 5, 'in_stock'],
  ] as const)('%i with threshold %i → %s', (qty, threshold, status) => {
    expect(stockStatus(qty, threshold)).toBe(status);
  });

  it('keeps a draft for 24 hours', () => {
    expect(isDraftFresh(1000, 1000 + DRAFT_VALID_MS - 1)).toBe(true);
    expect(isDraftFresh(1000, 1000 + DRAFT_VALID_MS)).toBe(false);
    expect(isDraftFresh(2000, 1000)).toBe(false);
  });
});

describe('productStockQuantity (spec 2 §4)', () => {
  it.each([
    [{ isVariableProduct: false, stockQuantity: 7 }, [3, 4, 5], 7],
    [{ isVariableProduct: true, stockQuantity: 7 }, [3, 4, 5], 12],
    [{ isVariableProduct: true, stockQuantity: 7 }, [], 0],
    [{ isVariableProduct: true, stockQuantity: 0 }, [0, 2], 2],
  ])('%j with variants %j → %i', (product, variants, quantity) => {
    expect(productStockQuantity(product, variants)).toBe(quantity);
  });
});
