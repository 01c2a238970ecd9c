import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { productExportQuery } from '../../../contracts/catalogue';
import { STOCK_STATUS_LABELS } from '../../../domain/catalogue/product-rules';
import { spreadsheetDateTime, timestampedFileName } from '../../../domain/exports/exports';
import type { AppContext } from '../../platform/context';
import { inBatches, type XlsxCell, type XlsxColumn, xlsxStream } from '../../platform/xlsx/xlsx-stream';
import { presentProductListItem } from './products-list.presenter';
import { loadAdminListPricing, productBatch } from './products-list.queries';

export type ProductExportQuery = z.infer<typeof productExportQuery>;

const COLUMNS: XlsxColumn[] = [
  { header: 'ID', width: 8 },
  { header: 'Name', width: 36 },
  { header: 'SKU', width: 16 },
  { header: 'Brand' },
  { header: 'Categories', width: 28 },
  { header: 'Supplier', width: 24 },
  { header: 'Price', width: 12, numFmt: '#,##0.00' },
  { header: 'Final price', width: 12, numFmt: '#,##0.00' },
  { header: 'Stock', width: 10 },
  { header: 'Status', width: 14 },
  { header: 'Active', width: 8 },
  { header: 'Rental', width: 8 },
  { header: 'Variable', width: 9 },
  { header: 'Created', width: 18, numFmt: 'yyyy-mm-dd hh:mm' },
];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The product export (spec 1 §2, §7 GET /admin/products/export): every product the list's search,
 * filters and sort select, in the list's order, with the prices the list shows, streamed a batch
 * at a time. Text is escaped against formulas by the writer (DECISIONS 28).
 */
export async function exportProducts(
  ctx: AppContext,
  query: ProductExportQuery,
  onError: (error: unknown) => void,
): Promise<{ fileName: string; stream: Readable }> {
  const now = ctx.now();
  // One price list for the whole file: the rules as they stand when the export starts.
  const pricing = await loadAdminListPricing(ctx.db, now);
  const rows = (async function* () {
    for await (const row of inBatches((limit, offset) => productBatch(ctx.db, query, limit, offset))) {
      const item = presentProductListItem(row, pricing, ctx.storage);
      const cells: XlsxCell[] = [
        item.id,
        item.name,
        item.sku,
        item.brand,
        item.categories.join(', '),
        item.supplier,
        item.price,
        item.final_price,
        item.stock_quantity,
        STOCK_STATUS_LABELS[item.stock_status],
        yesNo(item.is_active),
        yesNo(item.is_rental_product),
        yesNo(item.is_variable_product),
        // Read in the shop's time zone, as the admin screens show it.
        spreadsheetDateTime(row.createdAt, pricing.timezone),
      ];
      yield cells;
    }
  })();
  return {
    fileName: timestampedFileName('products', now),
    stream: xlsxStream({ name: 'Products', columns: COLUMNS, rows }, onError),
  };
}
