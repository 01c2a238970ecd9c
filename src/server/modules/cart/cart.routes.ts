import type { FastifyRequest } from 'fastify';
import {
  type CartAddReply,
  type CartReply,
  type CartUpdateReply,
  cartAddBody,
  cartRemoveBody,
  cartUpdateBody,
  CART_MESSAGES as M,
} from '../../../contracts/cart';
import type { MessageReply } from '../../../contracts/common';
import type { LoadedSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { addToCart } from './add-to-cart';
import { priceCart, readCart } from './cart.queries';
import { cartOwnerOf, findCartId } from './cart-owner';
import { cartReaderOf, visibleToOf } from './cart-reader';
import { clearCart, removeCartItem, updateCartItem } from './change-cart';

/** The cart's totals and count after a change (spec 3 §7 cartTotal, cartCount). */
async function totalsAfter(ctx: AppContext, req: FastifyRequest, session: LoadedSession | null) {
  const owner = cartOwnerOf(req, session);
  const cart = await priceCart(ctx.db, await findCartId(ctx.db, owner), await cartReaderOf(ctx, session));
  return { cartTotal: cart.totals, cartCount: cart.count };
}

/**
 * The shopper's cart (spec 3 §3 Cart, §7 Cart; issue 14): a guest's behind the cart cookie, a
 * signed-in user's by their account. Public: a guest shops too; every write checks the CSRF token
 * of the page's session. Prices, totals and stock are the server's, never the browser's.
 */
export const cartRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/cart',
    auth: 'public',
    handler: async ({ ctx, req, session }): Promise<CartReply> =>
      readCart(ctx.db, cartOwnerOf(req, session), await cartReaderOf(ctx, session)),
  }),

  defineRoute({
    method: 'POST',
    url: '/cart/add',
    auth: 'public',
    body: cartAddBody,
    handler: async ({ ctx, req, reply, session, body }): Promise<CartAddReply> =>
      addToCart(ctx, req, reply, { owner: cartOwnerOf(req, session), visibleTo: visibleToOf(session) }, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/cart/update',
    auth: 'public',
    body: cartUpdateBody,
    handler: async ({ ctx, req, session, body }): Promise<CartUpdateReply> => {
      await updateCartItem(ctx, { owner: cartOwnerOf(req, session), visibleTo: visibleToOf(session) }, body);
      return { success: true, message: M.updated, ...(await totalsAfter(ctx, req, session)) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/cart/remove',
    auth: 'public',
    body: cartRemoveBody,
    handler: async ({ ctx, req, session, body }): Promise<CartUpdateReply> => {
      await removeCartItem(ctx, cartOwnerOf(req, session), body.cart_id);
      return { success: true, message: M.removed, ...(await totalsAfter(ctx, req, session)) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/cart/clear',
    auth: 'public',
    handler: async ({ ctx, req, session }): Promise<MessageReply> => {
      await clearCart(ctx, cartOwnerOf(req, session));
      return { success: true, message: M.cleared };
    },
  }),
];
