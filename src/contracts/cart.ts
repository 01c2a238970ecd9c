import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../domain/cart/cart-rules';
import { CART_MESSAGES } from './cart-messages';
import { wholeNumber } from './common';

export { CART_MESSAGES };

const M = CART_MESSAGES;

const quantity = (message: string) => wholeNumber(message, { min: 1, max: MAX_LINE_QUANTITY });
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), wholeNumber(message, { min: 1 }).nullable());

/** spec 3 §7 POST /cart/add. */
export const cartAddBody = z.object({
  product_id: z.preprocess((v) => (v === '' ? undefined : v), wholeNumber(M.selectProduct, { min: 1 })),
  product_stock_id: optionalId(M.invalidCombination).default(null),
  color_id: optionalId(M.selectColor).default(null),
  quantity: quantity(M.quantity),
});
export type CartAddBody = z.infer<typeof cartAddBody>;

/** spec 3 §7 POST /cart/update. */
export const cartUpdateBody = z.object({
  cart_id: wholeNumber(M.cartItem, { min: 1 }),
  quantity: quantity(M.quantityAtLeastOne),
});
export type CartUpdateBody = z.infer<typeof cartUpdateBody>;

/** spec 3 §7 POST /cart/remove. */
export const cartRemoveBody = z.object({ cart_id: wholeNumber(M.cartItem, { min: 1 }) });

export type CartItemReply = {
  id: number;
  product_id: number;
  product_stock_id: number | null;
  color_id: number | null;
  name: string;
  slug: string;
  variant: string | null;
  sku: string | null;
  thumbnail_url: string | null;
  quantity: number;
  /** One unit after the shop's discounts, as the buyer pays it. */
  price: number;
  original_price: number;
  subtotal: number;
  /** What the stock holds for the line when stock is managed; null when it is not. */
  available_quantity: number | null;
};

export type CartTotalsReply = { subtotal: number; tax: number; shipping: number; total: number };

/** spec 3 §7 GET /api/cart. */
export type CartReply = CartTotalsReply & { success: true; items: CartItemReply[]; count: number };

export type CartAddReply = {
  success: true;
  message: string;
  cartCount: number;
  current_cart_quantity: number;
};
export type CartUpdateReply = {
  success: true;
  message: string;
  cartTotal: CartTotalsReply;
  cartCount: number;
};
