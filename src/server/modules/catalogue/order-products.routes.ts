import { orderProductsQuery, variantsBatchBody } from '../../../contracts/catalogue';
import { defineRoute } from '../../platform/http/define-route';
import { searchOrderProducts, variantsBatch } from './order-products';
import { loadShopPricing } from './pricing-context';

/** People who take orders read products through these (spec 1 §7 "Order reference data"). */
const auth = { permission: 'orders.manage' } as const;

/** The order form's product search and variant lookup, priced for the session's buyer. */
export const orderProductRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/order-products',
    auth,
    query: orderProductsQuery,
    handler: async ({ ctx, session, query }) => {
      const pricing = await loadShopPricing(ctx.db, session, ctx.now());
      // The schema refuses a search shorter than 2 characters, a missing one too.
      const data = await searchOrderProducts(ctx.db, query.search!, query.per_page, pricing, ctx.storage);
      return { data };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/products/variants/batch',
    auth,
    body: variantsBatchBody,
    handler: async ({ ctx, session, body }) => {
      const pricing = await loadShopPricing(ctx.db, session, ctx.now());
      return { data: await variantsBatch(ctx.db, body.product_ids, pricing) };
    },
  }),
];
