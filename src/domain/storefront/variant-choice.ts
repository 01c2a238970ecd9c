import { stockStatus } from '../catalogue/product-rules';

/**
 * Choosing a variant on the product page (spec 3 §4 Product detail, §5 Product detail and add to
 * cart, §9 Storefront). Pure: the page and, later, the cart call the same rules.
 */

/** A variant as the product page chooses among them; `price` in cents. */
export type ChoosableVariant = {
  id: number;
  price: number;
  qty: number;
  colorIds: readonly number[];
  attributeValueIds: readonly number[];
};

/** The visitor's choice so far: a colour, and per attribute id the chosen value id. */
export type VariantChoice = {
  colorId: number | null;
  values: Readonly<Record<number, number>>;
};

export const CHOICE_MESSAGES = {
  color: 'Please select a color',
  options: 'Please select all required options',
  combination: 'Please select a valid combination of options',
  quantity: 'Please select a valid quantity',
  product: 'Please select a product',
} as const;

/** spec 3 §9: default quantity 1; at most the variant's stock, else 10. */
export const DEFAULT_QUANTITY = 1;
export const MAX_QUANTITY_WITHOUT_VARIANT = 10;

/** spec 3 §4: auto-selection only when the highest price is at most 1.2 × the lowest. */
export function pricesWithinSpread(prices: readonly number[]): boolean {
  if (prices.length === 0) return false;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  // 5 × high ≤ 6 × low: the 20 % rule in whole numbers, without float rounding.
  return high * 5 <= low * 6;
}

/** The variants that fit the choice: the chosen colour (if any) and every chosen attribute value. */
export function matchingVariants<V extends ChoosableVariant>(
  variants: readonly V[],
  choice: VariantChoice,
): V[] {
  const chosenValues = Object.values(choice.values);
  return variants.filter(
    (v) =>
      (choice.colorId === null || v.colorIds.includes(choice.colorId)) &&
      chosenValues.every((valueId) => v.attributeValueIds.includes(valueId)),
  );
}

/**
 * spec 3 §4: the variant the page selects by itself among the remaining ones. One left is that one;
 * several are selected only when their prices are within 20 % of each other, and then the first in
 * stock in display order (else the first); otherwise none (docs/decisions/0047).
 */
export function autoSelectedVariant<V extends ChoosableVariant>(remaining: readonly V[]): V | null {
  if (remaining.length === 0) return null;
  if (remaining.length === 1) return remaining[0]!;
  if (!pricesWithinSpread(remaining.map((v) => v.price))) return null;
  return remaining.find((v) => v.qty > 0) ?? remaining[0]!;
}

/** spec 3 §4: choosing a colour resets the attribute choices (and so the chosen variant). */
export function chooseColor(_choice: VariantChoice, colorId: number | null): VariantChoice {
  return { colorId, values: {} };
}

/** Chooses one attribute's value (null clears it), keeping the colour and the other choices. */
export function chooseValue(
  choice: VariantChoice,
  attributeId: number,
  valueId: number | null,
): VariantChoice {
  const values = { ...choice.values };
  if (valueId === null) delete values[attributeId];
  else values[attributeId] = valueId;
  return { colorId: choice.colorId, values };
}

/** The variant a complete choice names: exactly the chosen colour and values. */
export function chosenVariant<V extends ChoosableVariant>(
  variants: readonly V[],
  choice: VariantChoice,
  attributeIds: readonly number[],
): V | null {
  if (attributeIds.some((id) => choice.values[id] === undefined)) return null;
  return matchingVariants(variants, choice)[0] ?? null;
}

/**
 * spec 3 §9: the most one can add, the variant's stock, else 10. A product without variants whose
 * stock is managed is also held to its stock (`productStock`; null when stock is not managed), so
 * the page never offers more than 'Only N left' says (docs/decisions/0047).
 */
export function maxQuantity(
  variant: Pick<ChoosableVariant, 'qty'> | null,
  productStock: number | null = null,
): number {
  if (variant) return Math.max(0, variant.qty);
  return productStock === null
    ? MAX_QUANTITY_WITHOUT_VARIANT
    : Math.max(0, Math.min(MAX_QUANTITY_WITHOUT_VARIANT, productStock));
}

export function isValidQuantity(quantity: number, max: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= max;
}

/**
 * spec 3 §5: what stops an add to cart, in the spec's order, or null when the choice can go to the
 * cart. `hasColors` and `attributeIds` describe the product; `variant` is the selected one.
 */
export function choiceProblem(input: {
  isVariable: boolean;
  hasColors: boolean;
  attributeIds: readonly number[];
  choice: VariantChoice;
  variant: Pick<ChoosableVariant, 'qty'> | null;
  quantity: number;
  /** A simple product's stock when stock is managed, else null. */
  productStock?: number | null;
}): string | null {
  const { isVariable, hasColors, attributeIds, choice, variant, quantity, productStock = null } = input;
  if (isVariable) {
    if (hasColors && choice.colorId === null) return CHOICE_MESSAGES.color;
    if (attributeIds.some((id) => choice.values[id] === undefined) && variant === null)
      return CHOICE_MESSAGES.options;
    if (variant === null) return CHOICE_MESSAGES.combination;
  }
  const max = isVariable ? maxQuantity(variant) : maxQuantity(null, productStock);
  if (!isValidQuantity(quantity, max)) return CHOICE_MESSAGES.quantity;
  return null;
}

/** The stock display settings (spec 2 §3 stock settings) the shop shows stock by. */
export type StockDisplaySettings = {
  stock_management_enabled: boolean;
  show_stock_quantities: boolean;
  show_low_stock_warning: boolean;
};

export type StockNotice = { state: 'in_stock' | 'low_stock' | 'out_of_stock'; text: string } | null;

/**
 * What the shop says about stock (spec 3 §4: 'Only N left' at or below the threshold, default 5),
 * as the stock settings allow: nothing when stock is not managed; out of stock always; the low-stock
 * warning only when it is switched on; the quantity only when quantities are shown.
 */
export function stockNotice(
  qty: number,
  lowStockThreshold: number,
  settings: StockDisplaySettings,
): StockNotice {
  if (!settings.stock_management_enabled) return null;
  const state = stockStatus(qty, lowStockThreshold);
  if (state === 'out_of_stock') return { state, text: 'Out of stock' };
  if (state === 'low_stock' && settings.show_low_stock_warning) return { state, text: `Only ${qty} left` };
  return { state, text: settings.show_stock_quantities ? `${qty} in stock` : 'In stock' };
}
