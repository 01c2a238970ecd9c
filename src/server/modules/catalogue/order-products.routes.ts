import { orderProductsQuery, type VariantsBatchReply, variantsBatchBody } from '../../../contracts/catalogue';
import { defineRoute } from '../../platform/http/define-route';
import { orderBuyer, visibilityRoleOf } from './order-buyer';
import { searchOrderProducts, variantsBatch } from './order-products';
import { loadBuyerPricing } from './pricing-context';

/** People who take orders read products through these (spec 1 §7 "Order reference data"). */
const auth = { permission: 'orders.manage' } as const;

/**
 * The order form's product search and variant lookup: the products the order's customer may see,
 * priced for them (a guest without a customer), never for the staff member (issue 12).
 */
export const orderProductRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/order-products',
    auth,
    query: orderProductsQuery,
    handler: async ({ ctx, query }) => {
      const buyer = await orderBuyer(ctx.db, query.customer_id);
      const pricing = await loadBuyerPricing(ctx.db, buyer, ctx.now());
      // The schema refuses a search shorter than 2 characters, a missing one too.
      const data = await searchOrderProducts(ctx.db, query.search!, query.per_page, pricing, ctx.storage, {
        visibleTo: visibilityRoleOf(buyer),
      });
      return { data };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/products/variants/batch',
    auth,
    body: variantsBatchBody,
    handler: async ({ ctx, body }): Promise<VariantsBatchReply> => {
      const pricing = await loadBuyerPricing(ctx.db, await orderBuyer(ctx.db, body.customer_id), ctx.now());
      // spec 1 §7: the map itself, product id → variants.
      return variantsBatch(ctx.db, body.product_ids, pricing);
    },
  }),
];
