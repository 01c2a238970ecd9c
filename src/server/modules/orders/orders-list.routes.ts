import { z } from 'zod';
import { idParam, recordId } from '../../../contracts/common';
import { ordersListQuery } from '../../../contracts/orders';
import { type PurchaseHistoryReply, purchaseHistoryQuery, STOCK_MESSAGES } from '../../../contracts/stock';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { getSetting } from '../../platform/settings/settings-store';
import { sendXlsxDownload } from '../../platform/xlsx/xlsx-stream';
import { findStockItem, presentStockItem } from '../stock';
import { deleteOrder } from './delete-order';
import { exportOrders } from './export-orders';
import { presentOrderPage, presentPurchase } from './orders-list.presenter';
import { listOrders, ordersChangesSideRead, purchasePage } from './orders-list.queries';

const auth = { permission: 'orders.manage' } as const;
/** Reading orders needs orders.view, which orders.manage implies (issue 12). */
const read = { permission: 'orders.view' } as const;

const ordersExportQuery = ordersListQuery.omit({ page: true, per_page: true });

/** The orders list: page and endpoint, export, delete (spec 1 §2, §7 "Lists and exports"). */
export const ordersListRoutes = [
  defineRoute({
    method: 'GET',
    url: '/admin/orders',
    auth: read,
    page: 'admin',
    query: ordersListQuery,
    sessionSideRead: ordersChangesSideRead,
    handler: async ({ ctx, req, query }) => {
      const timeZone = await getSetting(ctx.db, 'app_timezone');
      return presentOrderPage(await listOrders(ctx.db, query, timeZone, req.sessionState.side));
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/orders/export',
    auth: read,
    query: ordersExportQuery,
    handler: async ({ ctx, req, reply, query }) => {
      const download = await exportOrders(ctx, query, (error) =>
        req.log.error({ err: error, request_id: req.id }, 'order export failed'),
      );
      return sendXlsxDownload(reply, download);
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/orders/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => deleteOrder(ctx, actorOf(session, req), params.id),
  }),
];

/** The stock pages' permission: purchase history is read from the stock sheet (spec 2 §2). */
const stockAuth = { permission: 'stock.manage' } as const;

const purchaseRoute = <P extends z.ZodType<{ productId: number; variantId?: number }>>(
  url: string,
  params: P,
) =>
  defineRoute({
    method: 'GET',
    url,
    auth: stockAuth,
    params,
    query: purchaseHistoryQuery,
    handler: async ({ ctx, params, query }): Promise<PurchaseHistoryReply> => {
      const item = { productId: params.productId, variantId: params.variantId ?? null };
      const found = await findStockItem(ctx.db, item);
      if (!found) throw notFound(STOCK_MESSAGES.productNotFound);
      const timeZone = await getSetting(ctx.db, 'app_timezone');
      const { page, per_page, ...filters } = query;
      // DECISIONS 13 names rental bookings too: they join here when the rentals area exists.
      const purchases = await purchasePage(ctx.db, item, filters, timeZone, page, per_page);
      return {
        success: true,
        item: presentStockItem(found),
        data: purchases.data.map(presentPurchase),
        pagination: {
          current_page: purchases.current_page,
          last_page: purchases.last_page,
          per_page: purchases.per_page,
          total: purchases.total,
          from: purchases.from,
          to: purchases.to,
        },
      };
    },
  });

/** GET /api/stock/purchase-history/{productId}[/variant/{variantId}] (DECISIONS 13). */
export const purchaseHistoryRoutes = [
  purchaseRoute('/api/stock/purchase-history/:productId', z.object({ productId: recordId })),
  purchaseRoute(
    '/api/stock/purchase-history/:productId/variant/:variantId',
    z.object({ productId: recordId, variantId: recordId }),
  ),
];
