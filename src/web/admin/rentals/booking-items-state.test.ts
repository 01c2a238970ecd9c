import { describe, expect, it } from 'vitest';
import { RENTAL_MESSAGES } from '../../../contracts/rentals';
import {
  addRow,
  cancelRow,
  EMPTY_ITEMS,
  type ItemRow,
  itemsBody,
  itemsCost,
  rowCost,
  saveRow,
  VARIANT_REQUIRED,
} from './booking-items-state';

const today = '2026-11-26';
const drill = { id: 5, name: 'Drill', rental_price: '2.50', variations: [] };
const withProduct = (row: ItemRow, change: Partial<ItemRow> = {}): ItemRow => ({
  ...row,
  product: drill,
  daily_rate: '2.50',
  ...change,
});

describe('the booking items (spec 3 §5)', () => {
  it('keeps one empty row at a time: a second "Add item" opens the empty row again', () => {
    const once = addRow(EMPTY_ITEMS, today);
    const twice = addRow(once, today);
    expect(once.rows).toHaveLength(1);
    expect(twice.rows).toHaveLength(1);
    expect(twice.editing).toBe(once.rows[0]?.key);
  });

  it('adds a new empty row once the empty one has a product', () => {
    const first = addRow(EMPTY_ITEMS, today);
    const saved = saveRow(first, withProduct(first.rows[0] as ItemRow)).state;
    const next = addRow(saved, today);
    expect(next.rows).toHaveLength(2);
    expect(next.rows[1]?.product).toBeNull();
  });

  it('removes a row saved without a product', () => {
    const state = addRow(EMPTY_ITEMS, today);
    const result = saveRow(state, state.rows[0] as ItemRow);
    expect(result.state.rows).toHaveLength(0);
    expect(result.state.editing).toBeNull();
    expect(result.errors).toEqual({});
  });

  it.each([
    ['0', '30', 'quantity', RENTAL_MESSAGES.quantity],
    ['x', '30', 'quantity', RENTAL_MESSAGES.quantity],
    ['1.5', '30', 'quantity', RENTAL_MESSAGES.quantity],
    ['2', '0', 'rental_duration', RENTAL_MESSAGES.duration],
    ['2', '', 'rental_duration', RENTAL_MESSAGES.duration],
    ['2', '1e3', 'rental_duration', RENTAL_MESSAGES.duration],
  ])('keeps the row open: quantity %j, duration %j → %s', (quantity, duration, field, message) => {
    const state = addRow(EMPTY_ITEMS, today);
    const draft = withProduct(state.rows[0] as ItemRow, { quantity, rental_duration: duration });
    const result = saveRow(state, draft);
    expect(result.errors[field]).toBe(message);
    expect(result.state).toBe(state);
  });

  it('needs the variant of a product with variants', () => {
    const state = addRow(EMPTY_ITEMS, today);
    const chair = { ...drill, variations: [{ id: 51, variant: 'Wide', qty: 3 }] };
    const draft = withProduct(state.rows[0] as ItemRow, { product: chair });
    expect(saveRow(state, draft).errors).toEqual({ product_stock_id: VARIANT_REQUIRED });
    expect(saveRow(state, { ...draft, product_stock_id: 51, variant: 'Wide' }).errors).toEqual({});
  });

  it('cancel drops a row that never had a product and keeps a saved one', () => {
    const state = addRow(EMPTY_ITEMS, today);
    expect(cancelRow(state, state.rows[0]?.key as string).rows).toHaveLength(0);
    const saved = saveRow(state, withProduct(state.rows[0] as ItemRow)).state;
    expect(
      cancelRow({ ...saved, editing: saved.rows[0]?.key ?? null }, saved.rows[0]?.key as string).rows,
    ).toHaveLength(1);
  });

  it('prices a row as rate × quantity × started 30-day blocks minus the discount (spec 3 §9)', () => {
    const row = withProduct(addRow(EMPTY_ITEMS, today).rows[0] as ItemRow, {
      quantity: '2',
      rental_duration: '90',
      daily_rate: '2.50',
      discount: '1.00',
    });
    expect(rowCost(row)).toBe(1400);
    expect(rowCost({ ...row, rental_duration: '91' })).toBe(1900);
    expect(rowCost({ ...row, daily_rate: '', product: { ...drill, rental_price: '3.00' } })).toBe(1700);
    expect(rowCost({ ...row, quantity: '' })).toBeNull();
    expect(itemsCost([row, { ...row, product: null, quantity: 'x' }])).toBe(1400);
  });

  it('sends only rows with a product, as rental_items[n]', () => {
    const state = addRow(EMPTY_ITEMS, today);
    const saved = saveRow(state, withProduct(state.rows[0] as ItemRow)).state;
    const withEmpty = addRow(saved, today);
    expect(itemsBody(withEmpty.rows)).toEqual([
      {
        product_id: 5,
        product_stock_id: '',
        quantity: '1',
        rental_duration: '30',
        rental_start_date: today,
        daily_rate: '2.50',
        discount: '0',
      },
    ]);
  });
});
