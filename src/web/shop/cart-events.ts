/** The event the product page raises once the cart took the product (spec 3 §7), with its detail. */
export const ADD_TO_CART_EVENT = 'emporium:add-to-cart';
export type AddToCartDetail = {
  product_id: number;
  product_stock_id: number | null;
  color_id: number | null;
  quantity: number;
};

/** Raised whenever a page learns the cart's new unit count, so the header's count follows. */
export const CART_COUNT_EVENT = 'emporium:cart-count';

export function announceCartCount(count: number): void {
  window.dispatchEvent(new CustomEvent<{ count: number }>(CART_COUNT_EVENT, { detail: { count } }));
}
