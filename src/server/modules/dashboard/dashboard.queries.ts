import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DateRange } from '../../../domain/dashboard/dashboard-range';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { roleNames } from '../accounts';
import { orderPayments, orders } from '../orders/orders.tables';
import { orderPaymentDays } from './dashboard.tables';
import { keptSalesDays, salesDaysZone } from './order-sales-days';

/**
 * The orders a range's sales count (docs/decisions/0065): live (not deleted), not cancelled or
 * failed, not refunded, created on a day of the range in the shop's time zone. The bounds are
 * instants, so the orders_recent index (created_at, id) serves the range.
 */
function rangeSales(range: DateRange, timeZone: string): SQL {
  return and(
    isNull(orders.deletedAt),
    sql`${orders.deliveryStatus} not in ('cancelled', 'failed')`,
    sql`${orders.paymentStatus} <> 'refunded'`,
    sql`${orders.createdAt} >= (${range.from}::date)::timestamp at time zone ${timeZone}`,
    sql`${orders.createdAt} < ((${range.to}::date + 1)::timestamp at time zone ${timeZone})`,
  )!;
}

export type StatusTotalsRow = {
  status: string;
  count: number;
  amount: string;
  paid: string;
  unpaid: string;
};

export type DailyTotalsRow = { date: string; count: number; amount: string };

export type SalesTotals = { statuses: StatusTotalsRow[]; daily: DailyTotalsRow[] };

/**
 * The range's sales: one row per payment status (the overview and the breakdown both add these)
 * and one per day of the shop's calendar (days without orders are absent). Read from the kept
 * days (docs/decisions/0080) while they are in the shop's time zone, a few hundred rows for a
 * year; from the orders themselves otherwise.
 */
export async function salesTotals(db: Executor, range: DateRange, timeZone: string): Promise<SalesTotals> {
  if ((await salesDaysZone(db)) !== timeZone) return liveSalesTotals(db, range, timeZone);
  return groupSales(db, keptSalesDays(db, range));
}

/**
 * The range's sales counted from its orders, one row each: what the kept days hold, when they
 * are not in the shop's time zone.
 */
export function liveSalesTotals(db: Executor, range: DateRange, timeZone: string): Promise<SalesTotals> {
  const sales = db
    .select({
      status: sql<string>`${orders.paymentStatus}`.as('status'),
      // The day is worked out once per row here: the zone is a parameter, and each mention of it
      // in a GROUP BY would be another expression.
      day: sql<string>`((${orders.createdAt} at time zone ${timeZone})::date)::text`.as('day'),
      orders: sql<number>`1`.as('orders'),
      total: sql<string>`${orders.grandTotal}`.as('total'),
      paid: sql<string>`least(${orders.amountPaid}, ${orders.grandTotal})`.as('paid'),
      unpaid: sql<string>`greatest(${orders.grandTotal} - ${orders.amountPaid}, 0)`.as('unpaid'),
    })
    .from(orders)
    .where(rangeSales(range, timeZone))
    .as('sales');
  return groupSales(db, sales);
}

type SalesSource = ReturnType<typeof keptSalesDays>;

/**
 * Sales rows (an order each, or a kept day's orders) added up in one pass (GROUPING SETS): per
 * payment status and per day, instead of two scans of the same rows.
 */
async function groupSales(db: Executor, sales: SalesSource): Promise<SalesTotals> {
  const rows = await db
    .select({
      // 1 on a day's row (the status is not what it groups by), 0 on a status's row.
      perDay: sql<number>`grouping(${sales.status})::int`,
      status: sales.status,
      day: sales.day,
      count: sql<number>`sum(${sales.orders})::int`,
      amount: sql<string>`coalesce(sum(${sales.total}), 0)::text`,
      paid: sql<string>`coalesce(sum(${sales.paid}), 0)::text`,
      unpaid: sql<string>`coalesce(sum(${sales.unpaid}), 0)::text`,
    })
    .from(sales)
    .groupBy(sql`grouping sets ((${sales.status}), (${sales.day}))`);
  const statuses: StatusTotalsRow[] = [];
  const daily: DailyTotalsRow[] = [];
  for (const row of rows) {
    if (Number(row.perDay) === 1) daily.push({ date: row.day, count: row.count, amount: row.amount });
    else
      statuses.push({
        status: row.status,
        count: row.count,
        amount: row.amount,
        paid: row.paid,
        unpaid: row.unpaid,
      });
  }
  daily.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { statuses, daily };
}

/**
 * Completed payments of live orders dated within the range, per payment type, largest first: the
 * kept payment days (docs/decisions/0080) less the payments of deleted orders, which the kept days
 * still hold (few, read through the orders_deleted index).
 */
export function paymentTypeTotals(db: Executor, range: DateRange) {
  return db
    .select({
      paymentType: sql<string>`payment_type`,
      count: sql<number>`sum(n)::int`,
      amount: sql<string>`sum(amount)::text`,
    })
    .from(
      sql`(
        select ${orderPaymentDays.paymentType} as payment_type, ${orderPaymentDays.payments} as n,
          ${orderPaymentDays.amount} as amount
        from ${orderPaymentDays}
        where ${orderPaymentDays.paymentDate} between ${range.from} and ${range.to}
        union all
        select p.payment_type, -1, -p.amount
        from ${orders} o join ${orderPayments} p on p.order_id = o.id
        where o.deleted_at is not null and p.status = 'completed'
          and p.payment_date between ${range.from} and ${range.to}
      ) as counted`,
    )
    .groupBy(sql`payment_type`)
    .having(sql`sum(n) <> 0`)
    .orderBy(sql`sum(amount) desc`, sql`payment_type`);
}

/** How many rows of recent activity the dashboard shows of each kind. */
export const RECENT_LIMIT = 8;

/** The newest live orders, whatever their state (recent activity is not bound to the range). */
export function recentOrders(db: Executor, limit = RECENT_LIMIT) {
  return db
    .select({
      id: orders.id,
      orderCode: orders.orderCode,
      firstName: orders.customerFirstName,
      lastName: orders.customerLastName,
      email: orders.customerEmail,
      grandTotal: orders.grandTotal,
      paymentStatus: orders.paymentStatus,
      deliveryStatus: orders.deliveryStatus,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(isNull(orders.deletedAt))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The newest completed payments recorded on live orders. */
export function recentPayments(db: Executor, limit = RECENT_LIMIT) {
  return db
    .select({
      id: orderPayments.id,
      orderId: orders.id,
      orderCode: orders.orderCode,
      paymentType: orderPayments.paymentType,
      amount: orderPayments.amount,
      paymentDate: orderPayments.paymentDate,
      createdAt: orderPayments.createdAt,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.status, 'completed'), isNull(orders.deletedAt)))
    .orderBy(desc(orderPayments.createdAt), desc(orderPayments.id))
    .limit(limit);
}

/**
 * A pending user (docs/decisions/0065): an active account that has never signed in, such as one
 * made in the back office or at a phone order that is waiting for its first sign-in.
 */
const pending = and(eq(users.accountStatus, 'active'), isNull(users.lastLoginAt))!;

/** Pending users made within this many days count as recent. */
export const RECENT_PENDING_DAYS = 7;
export const PENDING_LIST_LIMIT = 5;

export async function pendingCounts(db: Executor, now: Date) {
  const since = new Date(now.getTime() - RECENT_PENDING_DAYS * 86_400_000);
  const [row] = await db
    .select({
      pending: count(),
      recent: sql<number>`cast(count(*) filter (where ${users.createdAt} >= ${since.toISOString()}::timestamptz) as integer)`,
    })
    .from(users)
    .where(pending);
  return { pending: row?.pending ?? 0, recent: row?.recent ?? 0 };
}

/** The newest pending users with their roles (one subquery per listed row, at most five rows). */
export function newestPendingUsers(db: Executor, limit = PENDING_LIST_LIMIT) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      email: users.email,
      roles: roleNames,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(pending)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}
