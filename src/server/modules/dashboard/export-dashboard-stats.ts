import type { Readable } from 'node:stream';
import type { DashboardData, DashboardRangeQuery } from '../../../contracts/dashboard';
import { BREAKDOWN_STATUSES } from '../../../domain/dashboard/dashboard-figures';
import { timestampedFileName } from '../../../domain/exports/exports';
import { orderValueLabel } from '../../../domain/orders/labels';
import type { AppContext } from '../../platform/context';
import { type XlsxCell, type XlsxColumn, xlsxStream } from '../../platform/xlsx/xlsx-stream';
import { readDashboard } from './read-dashboard';

const COLUMNS: XlsxColumn[] = [
  { header: 'Section', width: 18 },
  { header: 'Item', width: 26 },
  { header: 'Count', width: 10 },
  { header: 'Amount', width: 16, numFmt: '#,##0.00' },
  { header: 'Percentage', width: 12, numFmt: '0.0' },
];

/** A money text as a spreadsheet number (two decimals at most, so exact enough for a cell). */
const amount = (text: string) => Number(text);

/** The export's rows, in the screen's order: period, overview, statuses, methods, each day. */
export function* statisticsRows(data: DashboardData): Generator<XlsxCell[]> {
  const s = data.salesOverview;
  yield ['Period', `${data.date_from} to ${data.date_to}`, null, null, null];
  yield ['Currency', `${data.currency.code} (${data.currency.symbol.trim()})`, null, null, null];
  yield ['Sales overview', 'Orders', s.total_orders, amount(s.total_sales_amount), null];
  yield ['Sales overview', 'Amount paid', null, amount(s.amount_paid), null];
  yield ['Sales overview', 'Amount unpaid', null, amount(s.amount_unpaid), null];
  yield ['Sales overview', 'Average order', null, amount(s.average_order_amount), null];
  for (const status of BREAKDOWN_STATUSES) {
    const entry = data.paymentStatusBreakdown[status];
    yield ['Payment status', orderValueLabel(status), entry.count, amount(entry.amount), entry.percentage];
  }
  for (const method of data.paymentMethodStats)
    yield ['Payment method', method.label, method.count, amount(method.amount), method.percentage];
  for (const day of s.selected_period_summary.days)
    yield ['Daily sales', day.date, day.count, amount(day.amount), null];
}

/**
 * The dashboard statistics export (spec 3 §2, §7): the same figures as the screen for the same
 * range, written through the shared streaming .xlsx writer.
 */
export async function exportDashboardStats(
  ctx: AppContext,
  query: DashboardRangeQuery,
  onError: (error: unknown) => void,
): Promise<{ fileName: string; stream: Readable }> {
  const data = await readDashboard(ctx, query);
  const rows = (async function* () {
    yield* statisticsRows(data);
  })();
  return {
    fileName: timestampedFileName(`dashboard_statistics_${data.date_from}_${data.date_to}`, ctx.now()),
    stream: xlsxStream({ name: 'Dashboard', columns: COLUMNS, rows }, onError),
  };
}
