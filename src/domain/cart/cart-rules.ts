/**
 * Cart quantities (spec 3 §5 Product detail and add to cart, §7 Cart, §8 Storefront): what a line
 * may hold once stock is counted. Pure: the caller reads the stock and the cart.
 */

/** A line's quantity, whole and at least 1, capped so no sum of lines overflows an integer. */
export const MAX_LINE_QUANTITY = 9_999;

export type StockShortage = {
  /** What the stock holds for this product or variant (never below 0). */
  available: number;
  /** What the cart already holds of it, besides the quantity asked for. */
  inCart: number;
};

/**
 * Whether `wanted` more units (on top of `inCart`) can be sold from `available`; null when they
 * can, or the shortage to report. When stock is not managed (spec 2 stock settings), anything can.
 */
export function stockShortage(input: {
  wanted: number;
  inCart: number;
  available: number;
  stockManaged: boolean;
}): StockShortage | null {
  if (!input.stockManaged) return null;
  const available = Math.max(0, input.available);
  return input.inCart + input.wanted <= available ? null : { available, inCart: input.inCart };
}

/**
 * The words the shop adds to a stock error (spec 3 §8): '(Out of stock)' when nothing is left,
 * else '(Only N available, M already in cart)'.
 */
export function shortageNote(shortage: StockShortage): string {
  return shortage.available === 0
    ? '(Out of stock)'
    : `(Only ${shortage.available} available, ${shortage.inCart} already in cart)`;
}
