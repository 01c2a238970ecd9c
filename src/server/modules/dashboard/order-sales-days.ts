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

export type SalesDayRow = {
  day: string;
  status: string;
  count: number;
  amount: string;
  paid: string;
  unpaid: string;
};

/** The kept days of a range, one row per day and payment status that has orders. */
export function salesDaysOf(db: Executor, range: DateRange): Promise<SalesDayRow[]> {
  return db
    .select({
      day: sql<string>`${orderSalesDays.day}::text`,
      status: orderSalesDays.paymentStatus,
      count: orderSalesDays.orders,
      amount: sql<string>`${orderSalesDays.amount}::text`,
      paid: sql<string>`${orderSalesDays.paid}::text`,
      unpaid: sql<string>`${orderSalesDays.unpaid}::text`,
    })
    .from(orderSalesDays)
    .where(
      and(
        gte(orderSalesDays.day, range.from),
        lte(orderSalesDays.day, range.to),
        ne(orderSalesDays.orders, 0),
      ),
    );
}
