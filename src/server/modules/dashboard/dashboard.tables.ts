import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's sales per day of the shop's calendar and payment status (issue 18: a year's
 * dashboard read 200,000 orders on every load): what `salesTotals` would add up over the orders,
 * kept by a trigger on orders in the writing transaction (migration 0032, docs/decisions/0080).
 * Days are those of the time zone in `order_sales_zone`; the dashboard reads them only while that
 * zone is the shop's, and rebuilds them when the shop's zone changes.
 */
export const orderSalesDays = pgTable(
  'order_sales_days',
  {
    day: date('day').notNull(),
    paymentStatus: text('payment_status').notNull(),
    orders: integer('orders').notNull().default(0),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
    paid: numeric('paid', { precision: 16, scale: 2 }).notNull().default('0'),
    unpaid: numeric('unpaid', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.paymentStatus] })],
);

/** The one row naming the time zone `order_sales_days` is kept in; null until first built. */
export const orderSalesZone = pgTable(
  'order_sales_zone',
  {
    id: integer('id').primaryKey().default(1),
    zone: text('zone'),
  },
  (t) => [check('order_sales_zone_one_row', sql`${t.id} = 1`)],
);

/**
 * Completed payments per payment date and type (docs/decisions/0080), kept by a trigger on
 * order_payments (migration 0033). Payments of deleted orders stay in it; the dashboard takes
 * those out when it reads (few, through the orders_deleted index).
 */
export const orderPaymentDays = pgTable(
  'order_payment_days',
  {
    paymentDate: date('payment_date').notNull(),
    paymentType: text('payment_type').notNull(),
    payments: integer('payments').notNull().default(0),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.paymentDate, t.paymentType] })],
);
