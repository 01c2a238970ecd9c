import { moneyAmount, wholeNumber } from '../../../contracts/common';
import { type RentalItemReply, rentalItemInput } from '../../../contracts/rentals';
import { type Cents, cents, fromDecimal, ZERO } from '../../../domain/money/money';
import { billedMonths, rentalItemCost } from '../../../domain/rentals/rental-cost';
import type { RentalProductOption } from './rentals.api';

/** The product a row rents: what the item row needs of it (name, rate, variants). */
export type RowProduct = Pick<RentalProductOption, 'id' | 'name' | 'rental_price' | 'variations'>;

/** One rental item row of the booking form; text fields as typed, checked on the row's save. */
export type ItemRow = {
  key: string;
  id?: number;
  product: RowProduct | null;
  product_stock_id: number | null;
  variant: string | null;
  quantity: string;
  rental_duration: string;
  rental_start_date: string;
  daily_rate: string;
  discount: string;
  /** Units free for the row's dates besides this booking's own (from the saved booking's reply). */
  available_units: number | null;
};

export const VARIANT_REQUIRED = 'Please choose a variant.';

export type ItemsState = { rows: ItemRow[]; editing: string | null };
export const EMPTY_ITEMS: ItemsState = { rows: [], editing: null };

let counter = 0;
const newKey = () => `new-${++counter}`;

export const isEmptyRow = (row: ItemRow) => row.product === null;

export function emptyRow(today: string): ItemRow {
  return {
    key: newKey(),
    product: null,
    product_stock_id: null,
    variant: null,
    quantity: '1',
    rental_duration: '30',
    rental_start_date: today,
    daily_rate: '',
    discount: '0',
    available_units: null,
  };
}

export function rowOfItem(item: RentalItemReply): ItemRow {
  return {
    key: `item-${item.id}`,
    id: item.id,
    product: { id: item.product_id, name: item.product_name, rental_price: item.daily_rate, variations: [] },
    product_stock_id: item.product_stock_id,
    variant: item.variants,
    quantity: String(item.quantity),
    rental_duration: String(item.rental_duration),
    rental_start_date: item.rental_start_date,
    daily_rate: item.daily_rate,
    discount: item.discount,
    available_units: item.available_units,
  };
}

/**
 * "Add item" (spec 3 §5: only one empty item row may exist at a time): an empty row already there
 * is opened for editing instead of adding another.
 */
export function addRow(state: ItemsState, today: string): ItemsState {
  const empty = state.rows.find(isEmptyRow);
  if (empty) return { ...state, editing: empty.key };
  const row = emptyRow(today);
  return { rows: [...state.rows, row], editing: row.key };
}

/** A row's problems by field, in the contract's words (quantity, duration, start date, rate). */
export function rowErrors(row: ItemRow): Record<string, string> {
  const result = rentalItemInput.safeParse(itemInputOf(row));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'row');
    if (key === 'product_id') continue;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Saves the row being edited (spec 3 §5): a row without a product is removed; a row with a bad
 * quantity or duration stays open with its errors.
 */
export function saveRow(
  state: ItemsState,
  draft: ItemRow,
): { state: ItemsState; errors: Record<string, string> } {
  if (draft.product === null)
    return { state: { rows: state.rows.filter((r) => r.key !== draft.key), editing: null }, errors: {} };
  const errors = rowErrors(draft);
  // A product with variants rents one of them (the server prices and books the variant).
  if ((draft.product.variations?.length ?? 0) > 0 && draft.product_stock_id === null)
    errors.product_stock_id = VARIANT_REQUIRED;
  if (Object.keys(errors).length > 0) return { state, errors };
  return {
    state: { rows: state.rows.map((r) => (r.key === draft.key ? draft : r)), editing: null },
    errors: {},
  };
}

/** Cancel: a row that was never saved with a product goes away; a saved one keeps its values. */
export function cancelRow(state: ItemsState, key: string): ItemsState {
  return {
    rows: state.rows.filter((r) => !(r.key === key && isEmptyRow(r))),
    editing: null,
  };
}

export function removeRow(state: ItemsState, key: string): ItemsState {
  return {
    rows: state.rows.filter((r) => r.key !== key),
    editing: state.editing === key ? null : state.editing,
  };
}

/** rental_items[n] of the save body (spec 3 §7); empty rows are never sent. */
export function itemInputOf(row: ItemRow) {
  return {
    ...(row.id ? { id: row.id } : {}),
    product_id: row.product?.id ?? '',
    product_stock_id: row.product_stock_id ?? '',
    quantity: row.quantity,
    rental_duration: row.rental_duration,
    rental_start_date: row.rental_start_date,
    daily_rate: row.daily_rate,
    discount: row.discount,
  };
}

export const itemsBody = (rows: readonly ItemRow[]) => rows.filter((r) => !isEmptyRow(r)).map(itemInputOf);

/** What the rows compare as, to tell unsaved changes. */
export const itemsSignature = (rows: readonly ItemRow[]) => JSON.stringify(itemsBody(rows));

const wholeSchema = wholeNumber('not whole', { min: 1, max: 10_000 });
const amountSchema = moneyAmount('not an amount');
const whole = (text: string): number | null => {
  const parsed = wholeSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
};
/** Decimal text (or a number from a reply) as cents; null when blank or not an amount. */
export const amountCents = (text: string | number | null | undefined): Cents | null => {
  if (text === null || text === undefined) return null;
  const parsed = amountSchema.safeParse(typeof text === 'number' ? text : text.trim());
  return parsed.success ? fromDecimal(parsed.data) : null;
};
const amount = amountCents;

/** The row's quantity as a whole number of 1 or more, else null. */
export const rowQuantity = (row: ItemRow) => whole(row.quantity);

/** The daily rate a row is priced with: its own, else the product's rental price. */
export function rowRate(row: ItemRow): Cents | null {
  return amount(row.daily_rate) ?? amount(row.product?.rental_price ?? null);
}

/**
 * The row's cost as the server prices it (spec 3 §9: daily rate × quantity × ceil(duration / 30),
 * minus the discount); null while a number is not valid.
 */
export function rowCost(row: ItemRow): Cents | null {
  const rate = rowRate(row);
  const quantity = whole(row.quantity);
  const duration = whole(row.rental_duration);
  if (rate === null || quantity === null || duration === null) return null;
  const discount = amount(row.discount) ?? ZERO;
  try {
    return rentalItemCost({ dailyRate: rate, quantity, durationDays: duration, discount });
  } catch {
    return null;
  }
}

export function itemsCost(rows: readonly ItemRow[]): Cents {
  return cents(rows.reduce<number>((sum, row) => sum + (rowCost(row) ?? 0), 0));
}

export { billedMonths };
