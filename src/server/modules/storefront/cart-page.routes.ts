import { defineRoute } from '../../platform/http/define-route';
import { cartOwnerOf, cartReaderOf, readCart } from '../cart';
import { defaultCurrency } from '../currencies';
import { closedForMaintenance } from './maintenance';
import { shopDocument } from './shop-document';

/** spec 3 §2 /cart: the cart page, rendered with the cart priced for the visitor. */
export const cartPageRoutes = [
  defineRoute({
    method: 'GET',
    url: '/cart',
    auth: 'public',
    html: true,
    handler: async ({ ctx, req, reply, session }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const [cart, currency] = await Promise.all([
        readCart(ctx.db, cartOwnerOf(req, session), await cartReaderOf(ctx, session)),
        defaultCurrency(ctx.db),
      ]);
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, { page: 'cart', props: { cart, currency_symbol: currency.symbol } }),
      );
    },
  }),
];
