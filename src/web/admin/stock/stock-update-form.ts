import { STOCK_MESSAGES, type StoreLocationReply } from '../../../contracts/stock';
import {
  isValidStockQuantity,
  PRODUCT_STOCK_REASONS,
  stockWordLabel,
} from '../../../domain/stock/stock-rules';
import type { StockSearchProduct } from './stock.api';
import { STOCK_UI_MESSAGES } from './stock-messages';

export type ProductStockReason = (typeof PRODUCT_STOCK_REASONS)[number];

/** The stock-update dialog's fields; ids as the selects hold them (strings), the quantity as typed. */
export type StockUpdateValues = {
  variant_id: string | null;
  store_location_id: string | null;
  new_quantity: number | string;
  reason: ProductStockReason;
  notes: string;
};

export const EMPTY_STOCK_UPDATE: StockUpdateValues = {
  variant_id: null,
  store_location_id: null,
  new_quantity: '',
  reason: 'manual_update',
  notes: '',
};

/** spec 2 §9 product-history reasons, for the reason select (manual_update first, the default). */
export const REASON_OPTIONS = PRODUCT_STOCK_REASONS.map((value) => ({ value, label: stockWordLabel(value) }));

/** spec 2 §5: a whole number of 0 or more, typed or from a number input; otherwise null. */
export function parseStockQuantity(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return isValidStockQuantity(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return isValidStockQuantity(n) && n <= 2_147_483_647 ? n : null;
}

const idOf = (value: string | null): number | null => {
  if (value === null || value === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The dialog's checks before anything is sent (spec 2 §5, §8): a product; a variant for a variable
 * product (one of its own); a store location while active locations exist; a quantity of 0 or more.
 * Keys are the request's field names, so 422 errors from the server land on the same fields.
 */
export function validateStockUpdate(
  values: StockUpdateValues,
  product: StockSearchProduct | null,
  activeLocations: readonly Pick<StoreLocationReply, 'id'>[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!product) errors.product_id = STOCK_MESSAGES.selectProduct;
  const variantId = idOf(values.variant_id);
  if (product?.is_variable_product && !product.variants.some((v) => v.id === variantId))
    errors.variant_id = STOCK_MESSAGES.selectVariant;
  const locationId = idOf(values.store_location_id);
  if (activeLocations.length > 0 && !activeLocations.some((l) => l.id === locationId))
    errors.store_location_id = STOCK_MESSAGES.selectLocation;
  if (parseStockQuantity(values.new_quantity) === null) errors.new_quantity = STOCK_MESSAGES.quantity;
  return errors;
}

/** POST /api/stock-update/update-stock's body (spec 2 §7), from values that passed the checks. */
export function stockUpdateBody(
  values: StockUpdateValues,
  product: StockSearchProduct,
  activeLocations: readonly Pick<StoreLocationReply, 'id'>[],
) {
  const notes = values.notes.trim();
  return {
    product_id: product.id,
    variant_id: product.is_variable_product ? idOf(values.variant_id) : null,
    store_location_id: activeLocations.length > 0 ? idOf(values.store_location_id) : null,
    new_quantity: parseStockQuantity(values.new_quantity),
    reason: values.reason,
    ...(notes ? { notes } : {}),
  };
}

/** What the chosen item (the product, or one of its variants) holds at one location. */
export function quantityAt(
  product: StockSearchProduct,
  variantId: number | null,
  locationId: number,
): number {
  return product.location_stock
    .filter((p) => p.variant_id === variantId && p.location_id === locationId)
    .reduce((sum, p) => sum + p.quantity, 0);
}

/** The chosen item's total stock: the product's for a simple product, the variant's for a variable one. */
export function itemStock(product: StockSearchProduct, variantId: number | null): number | null {
  if (!product.is_variable_product) return product.current_stock;
  return product.variants.find((v) => v.id === variantId)?.current_stock ?? null;
}

const units = (n: number) => `${n} in stock`;

export function productOptionLabel(product: StockSearchProduct): string {
  return product.sku ? `${product.name} (${product.sku})` : product.name;
}

/** The variant select shows each variant's stock (spec 2 §2 stock-update dialog). */
export function variantOptions(product: StockSearchProduct | null) {
  if (!product?.is_variable_product) return [];
  return product.variants.map((v) => ({
    value: String(v.id),
    label: `${v.variant}${v.sku ? ` · ${v.sku}` : ''} — ${units(v.current_stock)}`,
  }));
}

/** Active locations, each with what the chosen item holds there. */
export function locationOptions(
  locations: readonly StoreLocationReply[],
  product: StockSearchProduct | null,
  variantId: string | null,
) {
  const variant = idOf(variantId);
  const known = product && (!product.is_variable_product || variant !== null);
  return locations
    .filter((l) => l.is_active)
    .map((l) => ({
      value: String(l.id),
      label: known ? `${l.name} — ${quantityAt(product, variant, l.id)} here` : l.name,
    }));
}

/**
 * A line under the quantity: what the new count replaces. With a location it sets that location's
 * count and the item's total moves by the same difference (docs/decisions/0018 §7).
 */
export function currentStockHint(
  product: StockSearchProduct | null,
  values: Pick<StockUpdateValues, 'variant_id' | 'store_location_id'>,
  locations: readonly StoreLocationReply[],
): string | null {
  if (!product) return null;
  const variantId = idOf(values.variant_id);
  const total = itemStock(product, product.is_variable_product ? variantId : null);
  if (total === null) return null;
  const locationId = idOf(values.store_location_id);
  const location = locations.find((l) => l.id === locationId);
  if (!location) return `Now ${total} in stock in all.`;
  const here = quantityAt(product, product.is_variable_product ? variantId : null, location.id);
  return `Now ${here} at ${location.name}, ${total} in all. The new quantity replaces the count at ${location.name}.`;
}

/** spec 2 §5, §8: the stock note's checks. */
export function validateStockNote(note: string, item: { product_id: number } | null): Record<string, string> {
  if (!item) return { note: STOCK_UI_MESSAGES.noProduct };
  if (note.trim() === '') return { note: STOCK_MESSAGES.enterNote };
  return {};
}
