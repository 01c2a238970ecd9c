import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { paged } from '../../platform/http/paging';
import { userAddresses } from '../accounts/accounts.tables';
import { orderItems, orders } from '../orders/orders.tables';

/** The order columns an area's list shows, with the count of units (one subquery per page row). */
const summaryColumns = {
  id: orders.id,
  orderCode: orders.orderCode,
  createdAt: orders.createdAt,
  grandTotal: orders.grandTotal,
  amountPaid: orders.amountPaid,
  currencySymbol: orders.currencySymbol,
  paymentStatus: orders.paymentStatus,
  deliveryStatus: orders.deliveryStatus,
  itemsCount: sql<number>`cast((select coalesce(sum(${qualified(orderItems.quantity)}), 0) from ${orderItems} where ${qualified(orderItems.orderId)} = ${qualified(orders.id)}) as integer)`,
};
export type AreaOrderSummaryRow = {
  id: number;
  orderCode: string;
  createdAt: Date;
  grandTotal: string;
  amountPaid: string;
  currencySymbol: string;
  paymentStatus: string;
  deliveryStatus: string;
  itemsCount: number;
};

/** The signed-in user's live orders: never anyone else's (DECISIONS 2). */
const ownOrders = (userId: number) => and(eq(orders.userId, userId), isNull(orders.deletedAt));

/** Newest first, paged in SQL on the orders_user index; the page's rows only. */
export function ownOrdersPage(db: Executor, userId: number, page: number, perPage: number) {
  return paged<AreaOrderSummaryRow>(
    page,
    perPage,
    (limit, offset) =>
      db
        .select(summaryColumns)
        .from(orders)
        .where(ownOrders(userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db.select({ n: count() }).from(orders).where(ownOrders(userId));
      return row?.n ?? 0;
    },
  );
}

/** The user's own live order, or null (another user's order is no order: 404). */
export async function findOwnOrder(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), ownOrders(userId)))
    .limit(1);
  return row ?? null;
}

/** Dashboard figures in one read: orders, open (unpaid or partly paid, live) orders, amount paid. */
export async function ownOrderStats(db: Executor, userId: number) {
  const [row] = await db
    .select({
      total: count(),
      unpaid: sql<number>`cast(count(*) filter (where ${orders.paymentStatus} in ('unpaid', 'partial') and ${orders.deliveryStatus} not in ('cancelled', 'failed')) as integer)`,
      spent: sql<string>`coalesce(sum(${orders.amountPaid}), 0)::text`,
    })
    .from(orders)
    .where(ownOrders(userId));
  return { total: row?.total ?? 0, unpaid: row?.unpaid ?? 0, spent: row?.spent ?? '0' };
}

export function ownAddresses(db: Executor, userId: number) {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), asc(userAddresses.id));
}

export async function countOwnAddresses(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userAddresses).where(eq(userAddresses.userId, userId));
  return row?.n ?? 0;
}

export async function findOwnAddress(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findProfileUser(db: Executor, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
