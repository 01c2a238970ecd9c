import { describe, expect, it } from 'vitest';
import type { StoreLocationReply } from '../../../contracts/stock';
import type { StockSearchProduct } from './stock.api';
import {
  currentStockHint,
  EMPTY_STOCK_UPDATE,
  locationOptions,
  parseStockQuantity,
  REASON_OPTIONS,
  type StockUpdateValues,
  stockUpdateBody,
  validateStockNote,
  validateStockUpdate,
  variantOptions,
} from './stock-update-form';

const simple: StockSearchProduct = {
  id: 1,
  name: 'Bamboo stool',
  sku: 'FUR-104',
  is_variable_product: false,
  current_stock: 40,
  low_stock_threshold: 5,
  variants: [],
  location_stock: [{ product_id: 1, variant_id: null, location_id: 7, quantity: 4 }],
};

const robe: StockSearchProduct = {
  id: 13,
  name: 'Beach robe',
  sku: 'TEX-113',
  is_variable_product: true,
  current_stock: 21,
  low_stock_threshold: 5,
  variants: [
    { id: 16, variant: 'Coral / S', sku: 'TEX-113-COS', current_stock: 12 },
    { id: 21, variant: 'Palm / M', sku: null, current_stock: 9 },
  ],
  location_stock: [
    { product_id: 13, variant_id: 21, location_id: 7, quantity: 5 },
    { product_id: 13, variant_id: 16, location_id: 7, quantity: 2 },
  ],
};

const location = (id: number, name: string, is_active = true): StoreLocationReply => ({
  id,
  name,
  code: null,
  description: null,
  address: null,
  is_active,
});
const backRoom = location(7, 'Back room');
const closed = location(8, 'Old shed', false);

const values = (change: Partial<StockUpdateValues>): StockUpdateValues => ({
  ...EMPTY_STOCK_UPDATE,
  ...change,
});

describe('parseStockQuantity (spec 2 §5: a whole number of 0 or more)', () => {
  it.each([
    [0, 0],
    [12, 12],
    ['7', 7],
    [' 3 ', 3],
    ['0', 0],
    ['', null],
    ['  ', null],
    [-1, null],
    ['-1', null],
    [1.5, null],
    ['1.5', null],
    ['1e3', null],
    ['abc', null],
    [Number.NaN, null],
    ['2147483648', null],
    [null, null],
    [undefined, null],
  ] as const)('%j → %j', (input, expected) => {
    expect(parseStockQuantity(input)).toBe(expected);
  });
});

describe('validateStockUpdate (spec 2 §5, §8)', () => {
  it.each([
    [
      'nothing chosen',
      values({}),
      null,
      [],
      {
        product_id: 'Please select a product',
        new_quantity: 'Please enter a valid stock quantity (0 or greater)',
      },
    ],
    ['a simple product without locations', values({ new_quantity: 3 }), simple, [], {}],
    [
      'a simple product, a location exists but none chosen',
      values({ new_quantity: 3 }),
      simple,
      [backRoom],
      { store_location_id: 'Please select a store location' },
    ],
    [
      'a simple product at its location',
      values({ new_quantity: '0', store_location_id: '7' }),
      simple,
      [backRoom],
      {},
    ],
    [
      'a location that is not an active one',
      values({ new_quantity: 1, store_location_id: '8' }),
      simple,
      [backRoom],
      { store_location_id: 'Please select a store location' },
    ],
    [
      'a variable product without a variant',
      values({ new_quantity: 2 }),
      robe,
      [],
      { variant_id: 'Please select a variant' },
    ],
    [
      'a variant of another product',
      values({ new_quantity: 2, variant_id: '99' }),
      robe,
      [],
      { variant_id: 'Please select a variant' },
    ],
    [
      'a variant at a location',
      values({ new_quantity: 2, variant_id: '21', store_location_id: '7' }),
      robe,
      [backRoom],
      {},
    ],
    [
      'a negative quantity',
      values({ new_quantity: -4, variant_id: '21' }),
      robe,
      [],
      { new_quantity: 'Please enter a valid stock quantity (0 or greater)' },
    ],
    [
      'a decimal quantity',
      values({ new_quantity: '2.5', variant_id: '21' }),
      robe,
      [],
      { new_quantity: 'Please enter a valid stock quantity (0 or greater)' },
    ],
  ] as const)('%s', (_case, input, product, active, expected) => {
    expect(validateStockUpdate(input, product, active)).toEqual(expected);
  });
});

describe('stockUpdateBody (spec 2 §7)', () => {
  it('sends the variant, the location, the quantity as a number, the reason and trimmed notes', () => {
    expect(
      stockUpdateBody(
        values({
          variant_id: '21',
          store_location_id: '7',
          new_quantity: '5',
          reason: 'inventory_count',
          notes: ' Counted ',
        }),
        robe,
        [backRoom],
      ),
    ).toEqual({
      product_id: 13,
      variant_id: 21,
      store_location_id: 7,
      new_quantity: 5,
      reason: 'inventory_count',
      notes: 'Counted',
    });
  });

  it('leaves out the variant of a simple product, the location when none is active, and empty notes', () => {
    expect(
      stockUpdateBody(values({ variant_id: '21', store_location_id: '7', new_quantity: 0 }), simple, []),
    ).toEqual({
      product_id: 1,
      variant_id: null,
      store_location_id: null,
      new_quantity: 0,
      reason: 'manual_update',
    });
  });
});

describe('the dialog choices', () => {
  it('offers spec 2 §9 product-history reasons, manual update first', () => {
    expect(REASON_OPTIONS[0]).toEqual({ value: 'manual_update', label: 'Manual update' });
    expect(REASON_OPTIONS.map((o) => o.value)).toContain('damaged_goods');
    expect(REASON_OPTIONS).toHaveLength(15);
  });

  it('shows each variant with its stock', () => {
    expect(variantOptions(robe)).toEqual([
      { value: '16', label: 'Coral / S · TEX-113-COS — 12 in stock' },
      { value: '21', label: 'Palm / M — 9 in stock' },
    ]);
    expect(variantOptions(simple)).toEqual([]);
    expect(variantOptions(null)).toEqual([]);
  });

  it('shows active locations with what the chosen item holds there', () => {
    expect(locationOptions([backRoom, closed, location(9, 'Shop')], robe, '21')).toEqual([
      { value: '7', label: 'Back room — 5 here' },
      { value: '9', label: 'Shop — 0 here' },
    ]);
    // No variant chosen yet: no quantity to show.
    expect(locationOptions([backRoom], robe, null)).toEqual([{ value: '7', label: 'Back room' }]);
    expect(locationOptions([backRoom], simple, null)).toEqual([{ value: '7', label: 'Back room — 4 here' }]);
  });

  it('says what the new count replaces', () => {
    expect(currentStockHint(null, values({}), [backRoom])).toBeNull();
    expect(currentStockHint(robe, values({}), [backRoom])).toBeNull();
    expect(currentStockHint(robe, values({ variant_id: '21' }), [backRoom])).toBe('Now 9 in stock in all.');
    expect(currentStockHint(robe, values({ variant_id: '21', store_location_id: '7' }), [backRoom])).toBe(
      'Now 5 at Back room, 9 in all. The new quantity replaces the count at Back room.',
    );
    expect(currentStockHint(simple, values({}), [])).toBe('Now 40 in stock in all.');
  });
});

describe('validateStockNote (spec 2 §5, §8)', () => {
  it.each([
    ['', { product_id: 1 }, { note: 'Please enter a note' }],
    ['   ', { product_id: 1 }, { note: 'Please enter a note' }],
    ['Two set aside', { product_id: 1 }, {}],
    ['Two set aside', null, { note: 'No product selected' }],
  ] as const)('%j', (note, item, expected) => {
    expect(validateStockNote(note, item)).toEqual(expected);
  });
});
