import { and, gte, lte, ne, sql } from 'drizzle-orm';
import type { DateRange } from '../../../domain/dashboard/dashboard-range';
import type { Executor } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { orderSalesDays, orderSalesZone } from './dashboard.tables';

/**
 * The kept sales per shop day (docs/decisions/0080): built in the shop's time zone by
 * `order_sales_days_rebuild` (migration 0032; keepDaysInShopZone calls it), then kept by the
 * orders trigger.
 */

const keptZone = preparedStatement((db) =>
  db.select({ zone: orderSalesZone.zone }).from(orderSalesZone).prepare('order_sales_zone'),
);

/** The time zone the kept days are in; null when they are not built. */
export async function salesDaysZone(db: Executor): Promise<string | null> {
  const [row] = await keptZone(db).execute();
  return row?.zone ?? null;
}

/** The kept days of a range with orders, as rows of sales to add up (dashboard.queries groupSales). */
export function keptSalesDays(db: Executor, range: DateRange) {
  return db
    .select({
      status: sql<string>`${orderSalesDays.paymentStatus}`.as('status'),
      day: sql<string>`${orderSalesDays.day}::text`.as('day'),
      orders: sql<number>`${orderSalesDays.orders}`.as('orders'),
      total: sql<string>`${orderSalesDays.amount}`.as('total'),
      paid: sql<string>`${orderSalesDays.paid}`.as('paid'),
      unpaid: sql<string>`${orderSalesDays.unpaid}`.as('unpaid'),
    })
    .from(orderSalesDays)
    .where(
      and(
        gte(orderSalesDays.day, range.from),
        lte(orderSalesDays.day, range.to),
        ne(orderSalesDays.orders, 0),
      ),
    )
    .as('sales');
}
