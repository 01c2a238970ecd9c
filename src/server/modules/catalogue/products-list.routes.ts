import { bulkProductsBody, productExportQuery, productListQuery } from '../../../contracts/catalogue';
import { idParam } from '../../../contracts/common';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { sendXlsxDownload } from '../../platform/xlsx/xlsx-stream';
import { deleteProduct } from './delete-product';
import { exportProducts } from './export-products';
import { presentProductPage } from './products-list.presenter';
import { listProducts, loadAdminListPricing } from './products-list.queries';
import { setProductsActive } from './set-products-active';

const auth = { permission: 'catalogue.manage' } as const;

/** The product list: page and endpoint, export, delete, bulk activate/deactivate (spec 1 §7, spec 2 §2). */
export const productListRoutes = [
  defineRoute({
    method: 'GET',
    url: '/admin/products',
    auth,
    page: 'admin',
    query: productListQuery,
    handler: async ({ ctx, query }) => {
      const [page, pricing] = await Promise.all([
        listProducts(ctx.db, query),
        loadAdminListPricing(ctx.db, ctx.now()),
      ]);
      return presentProductPage(page, pricing, ctx.storage);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/products/export',
    auth,
    query: productExportQuery,
    handler: async ({ ctx, req, reply, query }) => {
      const download = await exportProducts(ctx, query, (error) =>
        req.log.error({ err: error, request_id: req.id }, 'product export failed'),
      );
      return sendXlsxDownload(reply, download);
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/products/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      const { message } = await deleteProduct(ctx, actorOf(session, req), params.id);
      return { success: true, message };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/products/bulk-status',
    auth,
    body: bulkProductsBody,
    handler: async ({ ctx, req, session, body }) => {
      const result = await setProductsActive(ctx, actorOf(session, req), body.product_ids, body.is_active);
      return { success: true, message: result.message, updated_count: result.updatedCount };
    },
  }),
];
