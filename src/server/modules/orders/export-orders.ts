import type { Readable } from 'node:stream';
import type { OrdersListQuery } from '../../../contracts/orders';
import { spreadsheetDateTime, timestampedFileName } from '../../../domain/exports/exports';
import type { AppContext } from '../../platform/context';
import { getSetting } from '../../platform/settings/settings-store';
import { afterEachBatch, type XlsxCell, type XlsxColumn, xlsxStream } from '../../platform/xlsx/xlsx-stream';
import { presentOrderListRow } from './orders-list.presenter';
import { type OrderExportRow, orderBatchAfter } from './orders-list.queries';

export type OrdersExportQuery = Omit<OrdersListQuery, 'page' | 'per_page'>;

const COLUMNS: XlsxColumn[] = [
  { header: 'ID', width: 8 },
  { header: 'Order code', width: 18 },
  { header: 'Date', width: 18, numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'Customer', width: 26 },
  { header: 'E-mail', width: 28 },
  { header: 'Order from', width: 11 },
  { header: 'Delivery status', width: 15 },
  { header: 'Payment status', width: 15 },
  { header: 'Items', width: 8 },
  { header: 'Currency', width: 9 },
  { header: 'Grand total', width: 13, numFmt: '#,##0.00' },
  { header: 'Amount paid', width: 13, numFmt: '#,##0.00' },
];

/**
 * The orders export (spec 1 §7 "Lists and exports"): every order the list's search, filters and
 * sort select, in the list's order, streamed a batch at a time (each after the last). Text cells are escaped against
 * formulas by the writer (DECISIONS 28).
 */
export async function exportOrders(
  ctx: AppContext,
  query: OrdersExportQuery,
  onError: (error: unknown) => void,
): Promise<{ fileName: string; stream: Readable }> {
  const now = ctx.now();
  const timeZone = await getSetting(ctx.db, 'app_timezone');
  const rows = (async function* () {
    for await (const row of afterEachBatch((limit, last: OrderExportRow | null) =>
      orderBatchAfter(ctx.db, query, timeZone, limit, last),
    )) {
      const order = presentOrderListRow(row);
      const cells: XlsxCell[] = [
        order.id,
        order.order_code,
        spreadsheetDateTime(row.createdAt, timeZone),
        order.customer_name,
        order.customer_email,
        order.order_from,
        order.delivery_status,
        order.payment_status,
        order.items_count,
        row.currencyCode,
        Number(order.grand_total),
        Number(order.amount_paid),
      ];
      yield cells;
    }
  })();
  return {
    fileName: timestampedFileName('orders', now),
    stream: xlsxStream({ name: 'Orders', columns: COLUMNS, rows }, onError),
  };
}
