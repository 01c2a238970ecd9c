import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../contracts/common';
import {
  STOCK_MESSAGES as M,
  type NotesHistoryReply,
  notesHistoryExportQuery,
  notesHistoryQuery,
  type StockHistoryReply,
  type StockOverviewReply,
  type StockSheetReply,
  stockHistoryExportQuery,
  stockHistoryQuery,
  stockSheetExportQuery,
  stockSheetQuery,
} from '../../../contracts/stock';
import type { Paged } from '../../../domain/paging/paging';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { defineRoute } from '../../platform/http/define-route';
import { conflict, notFound } from '../../platform/http/errors';
import { getSetting } from '../../platform/settings/settings-store';
import { sendXlsxDownload } from '../../platform/xlsx/xlsx-stream';
import { exportNotesHistory, exportStockHistory, exportStockSheet } from './export-stock';
import {
  presentHistoryUsers,
  presentMovement,
  presentNote,
  presentPagination,
  presentStockItem,
  presentStockRows,
} from './stock.presenter';
import {
  findStockItem,
  type HistoryItem,
  historyUsers,
  movementPage,
  notePage,
  recentMovements,
} from './stock-history.queries';
import { stockOverviewFigures, stockSheetPage } from './stock-sheet.queries';

const auth = { permission: 'stock.manage' } as const;

/** How many movements the overview shows (spec 2 §3 recent_movements). */
const RECENT_MOVEMENTS = 10;

/** spec 2 §4: the stock sheet needs stock management on. */
async function requireStockManagement(db: Executor): Promise<void> {
  if (!(await getSetting(db, 'stock_management_enabled'))) throw conflict(M.disabled);
}

const productParams = z.object({ productId: recordId });
const variantParams = z.object({ productId: recordId, variantId: recordId });
const itemOf = (params: { productId: number; variantId?: number }): HistoryItem => ({
  productId: params.productId,
  variantId: params.variantId ?? null,
});

/** The product (or variant) a history is about: 404 when it is gone or the variant is another product's. */
async function requireItem(db: Executor, item: HistoryItem) {
  const found = await findStockItem(db, item);
  if (!found) throw notFound(M.productNotFound);
  return found;
}

/**
 * One page of a history (stock movements or notes) of a product or variant: 404 when the item is
 * gone, then the page, the people who appear in the whole history (the user filter), and the item.
 */
async function historyPage<Row, Reply>(
  db: Executor,
  params: { productId: number; variantId?: number },
  of: 'movements' | 'notes',
  load: (item: HistoryItem, timeZone: string) => Promise<Paged<Row>>,
  present: (row: Row) => Reply,
) {
  const item = itemOf(params);
  const found = await requireItem(db, item);
  const timeZone = await getSetting(db, 'app_timezone');
  const [page, users] = await Promise.all([load(item, timeZone), historyUsers(db, item, of)]);
  return {
    success: true as const,
    item: presentStockItem(found),
    data: page.data.map(present),
    pagination: presentPagination(page),
    users: presentHistoryUsers(users),
  };
}

/** A history's Excel download: 404 when the item is gone, else the streamed file. */
async function historyDownload(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  params: { productId: number; variantId?: number },
  build: (
    item: HistoryItem,
    onError: (error: unknown) => void,
  ) => Promise<{ fileName: string; stream: Readable }>,
) {
  const item = itemOf(params);
  await requireItem(ctx.db, item);
  const download = await build(item, (error) =>
    req.log.error({ err: error, request_id: req.id }, 'history export failed'),
  );
  return sendXlsxDownload(reply, download);
}

/** Both URLs of a history route: the product's, and the variant's. */
function forProductAndVariant(
  build: (url: string, params: typeof productParams | typeof variantParams) => ReturnType<typeof defineRoute>,
  productUrl: string,
  variantUrl: string,
) {
  return [build(productUrl, productParams), build(variantUrl, variantParams)];
}

/** The stock sheet, its overview and export; the stock and notes histories and their exports (spec 2 §7 Stock). */
export const stockSheetRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/stock-sheet/overview',
    auth,
    handler: async ({ ctx }): Promise<StockOverviewReply> => {
      await requireStockManagement(ctx.db);
      const [figures, recent] = await Promise.all([
        stockOverviewFigures(ctx.db),
        recentMovements(ctx.db, RECENT_MOVEMENTS),
      ]);
      return { success: true, data: { ...figures, recent_movements: recent.map(presentMovement) } };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/stock-sheet',
    auth,
    query: stockSheetQuery,
    handler: async ({ ctx, query }): Promise<StockSheetReply> => {
      await requireStockManagement(ctx.db);
      const { page, per_page, ...filters } = query;
      const products = await stockSheetPage(ctx.db, filters, page, per_page);
      return {
        success: true,
        data: presentStockRows(products.data, filters),
        pagination: presentPagination(products),
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/stock-sheet/export',
    auth,
    query: stockSheetExportQuery,
    handler: async ({ ctx, req, reply, query }) => {
      await requireStockManagement(ctx.db);
      const { format: _excel, ...filters } = query;
      const download = await exportStockSheet(ctx, filters, (error) =>
        req.log.error({ err: error, request_id: req.id }, 'stock sheet export failed'),
      );
      return sendXlsxDownload(reply, download);
    },
  }),

  ...forProductAndVariant(
    (url, params) =>
      defineRoute({
        method: 'GET',
        url,
        auth,
        params,
        query: stockHistoryQuery,
        handler: async ({ ctx, params, query }): Promise<StockHistoryReply> => {
          const { page, per_page, ...filters } = query;
          return historyPage(
            ctx.db,
            params,
            'movements',
            (item, timeZone) => movementPage(ctx.db, item, filters, timeZone, page, per_page),
            presentMovement,
          );
        },
      }),
    '/api/stock-history/:productId',
    '/api/stock-history/:productId/variant/:variantId',
  ),

  ...forProductAndVariant(
    (url, params) =>
      defineRoute({
        method: 'GET',
        url,
        auth,
        params,
        query: stockHistoryExportQuery,
        handler: async ({ ctx, req, reply, params, query }) => {
          const { format: _excel, ...filters } = query;
          return historyDownload(ctx, req, reply, params, (item, onError) =>
            exportStockHistory(ctx, item, filters, onError),
          );
        },
      }),
    '/admin/stock/stock-history/:productId/export',
    '/admin/stock/stock-history/:productId/export/:variantId',
  ),

  ...forProductAndVariant(
    (url, params) =>
      defineRoute({
        method: 'GET',
        url,
        auth,
        params,
        query: notesHistoryQuery,
        handler: async ({ ctx, params, query }): Promise<NotesHistoryReply> => {
          const { page, per_page, ...filters } = query;
          return historyPage(
            ctx.db,
            params,
            'notes',
            (item, timeZone) => notePage(ctx.db, item, filters, timeZone, page, per_page),
            presentNote,
          );
        },
      }),
    '/api/stock-notes-history/:productId',
    '/api/stock-notes-history/:productId/variant/:variantId',
  ),

  ...forProductAndVariant(
    (url, params) =>
      defineRoute({
        method: 'GET',
        url,
        auth,
        params,
        query: notesHistoryExportQuery,
        handler: async ({ ctx, req, reply, params, query }) => {
          const { format: _excel, ...filters } = query;
          return historyDownload(ctx, req, reply, params, (item, onError) =>
            exportNotesHistory(ctx, item, filters, onError),
          );
        },
      }),
    '/admin/stock/notes-history/:productId/export',
    '/admin/stock/notes-history/:productId/export/:variantId',
  ),
];
