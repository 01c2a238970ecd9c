import type {
  DashboardData,
  DashboardRangeQuery,
  PaymentMethodStat,
  SalesOverview,
} from '../../../contracts/dashboard';
import { averageOrder, percentage, statusBreakdown } from '../../../domain/dashboard/dashboard-figures';
import { datesOf } from '../../../domain/dashboard/dashboard-range';
import { type Cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import { orderValueLabel } from '../../../domain/orders/labels';
import type { AppContext } from '../../platform/context';
import { defaultCurrency } from '../currencies';
import {
  paymentTypeTotals,
  recentOrders,
  recentPayments,
  type StatusTotalsRow,
  salesTotals,
} from './dashboard.queries';
import { resolveRange } from './dashboard-range';

/** Adds decimal texts exactly, through cents. */
const sum = (values: readonly string[]) =>
  toDecimalText(values.reduce((total, v) => total + fromDecimal(v), 0) as Cents);

function overview(
  rows: readonly StatusTotalsRow[],
  days: SalesOverview['selected_period_summary']['days'],
  range: { from: string; to: string },
): SalesOverview {
  const count = rows.reduce((total, r) => total + r.count, 0);
  const amount = sum(rows.map((r) => r.amount));
  return {
    total_orders: count,
    total_sales_amount: amount,
    amount_paid: sum(rows.map((r) => r.paid)),
    amount_unpaid: sum(rows.map((r) => r.unpaid)),
    average_order_amount: averageOrder(amount, count),
    selected_period_summary: { date_from: range.from, date_to: range.to, count, amount, days },
  };
}

/**
 * The admin dashboard's figures for a range (spec 3 §3, §7): four reads (one pass over the range's orders) of the orders and
 * their payments, none of which loads an order into memory; sums are added as exact decimals.
 */
export async function readDashboard(ctx: AppContext, query: DashboardRangeQuery): Promise<DashboardData> {
  const { range, timeZone } = await resolveRange(ctx, query);
  const [{ statuses, daily }, methods, orders, payments, currency] = await Promise.all([
    salesTotals(ctx.db, range, timeZone),
    paymentTypeTotals(ctx.db, range),
    recentOrders(ctx.db),
    recentPayments(ctx.db),
    defaultCurrency(ctx.db),
  ]);

  const byDay = new Map(daily.map((d) => [d.date, d]));
  const days = datesOf(range).map((date) => {
    const found = byDay.get(date);
    return { date, count: found?.count ?? 0, amount: found ? sum([found.amount]) : '0.00' };
  });

  const paymentsTotal = methods.reduce((total, m) => total + fromDecimal(m.amount), 0);
  const paymentMethodStats: PaymentMethodStat[] = methods.map((m) => ({
    payment_type: m.paymentType,
    label: orderValueLabel(m.paymentType),
    count: m.count,
    amount: sum([m.amount]),
    percentage: percentage(fromDecimal(m.amount), paymentsTotal),
  }));

  return {
    date_from: range.from,
    date_to: range.to,
    salesOverview: overview(statuses, days, range),
    paymentMethodStats,
    paymentStatusBreakdown: statusBreakdown(statuses),
    recentActivity: {
      orders: orders.map((o) => ({
        id: o.id,
        order_code: o.orderCode,
        customer_name: [o.firstName, o.lastName].filter(Boolean).join(' ').trim() || (o.email ?? 'Guest'),
        grand_total: sum([o.grandTotal]),
        payment_status: o.paymentStatus,
        delivery_status: o.deliveryStatus,
        created_at: o.createdAt.toISOString(),
      })),
      payments: payments.map((p) => ({
        id: p.id,
        order_id: p.orderId,
        order_code: p.orderCode,
        payment_type: p.paymentType,
        label: orderValueLabel(p.paymentType),
        amount: sum([p.amount]),
        payment_date: p.paymentDate,
        created_at: p.createdAt.toISOString(),
      })),
    },
    currency: { symbol: currency.symbol, code: currency.code },
  };
}
