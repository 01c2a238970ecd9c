import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ORDER_MESSAGES as M } from '../../../contracts/orders';
import { type Cents, fromDecimal } from '../../../domain/money/money';
import { auditLog } from '../../platform/audit/audit.tables';
import { roles, userRoles, users } from '../../platform/auth/auth.tables';
import type { Executor, Tx } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { readTogether } from '../../platform/db/read-together';
import { notFound } from '../../platform/http/errors';
import { customerAccountCondition } from '../accounts';
import { shippingMethods } from '../shipping/shipping.tables';
import { orderItems, orderPayments, orders } from './orders.tables';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;

/** A live order (not deleted), or 404. */
export async function findOrder(db: Executor, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.deletedAt)))
    .limit(1);
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * A live order under its row lock (`for update`): every change of an order's money, items or stock
 * takes it first, so two payments or two saves of one order queue one behind the other.
 */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.deletedAt)))
    .for('update');
  if (!row) throw notFound(M.notFound);
  return row;
}

/** Prepared (docs/decisions/0091): the order screen, every document and every order mail read them. */
const itemsStatement = preparedStatement((db) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.position), asc(orderItems.id))
    .prepare('order_items_of_order'),
);

export async function itemsOfOrder(db: Executor, orderId: number): Promise<OrderItemRow[]> {
  return itemsStatement(db).execute({ orderId });
}

export async function paymentsOfOrder(db: Executor, orderId: number): Promise<OrderPaymentRow[]> {
  return db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(asc(orderPayments.paymentDate), asc(orderPayments.id));
}

/** The sum of the order's completed payments (spec 1 §3: completed counts as paid). */
export async function completedPaid(db: Executor, orderId: number, exceptPaymentId?: number): Promise<Cents> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orderPayments.amount}), 0)::text` })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.status, 'completed'),
        exceptPaymentId === undefined ? undefined : sql`${orderPayments.id} <> ${exceptPaymentId}`,
      ),
    );
  return fromDecimal(row?.total ?? '0');
}

/** A person's display name: first and last name, else the company, else the e-mail. */
export function personName(u: {
  firstName: string | null;
  lastName: string | null;
  companyName?: string | null;
  email: string;
}): string {
  const name = [u.firstName, u.lastName].filter((p) => p?.trim()).join(' ');
  return name || u.companyName?.trim() || u.email;
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** spec 1 §6: selecting a customer for an order makes sure the user holds the customer role. */
export async function ensureCustomerRole(db: Executor, userId: number): Promise<boolean> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'customer')).limit(1);
  if (!role) return false;
  const inserted = await db
    .insert(userRoles)
    .values({ userId, roleId: role.id })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return inserted.length > 0;
}

/** The order's audit trail, newest first, with the name of who made each change. */
export async function auditTrailOf(db: Executor, orderId: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      data: auditLog.data,
      createdAt: auditLog.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, String(orderId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200);
}

const usersWithRoles = (names: string[]) =>
  sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${inArray(roles.name, names)})`;

/** GET /api/orders/form/reference-data (spec 1 §7, docs/decisions/0030). */
export async function orderReferenceData(db: Executor) {
  const [customers, sellers, carriers] = await readTogether(db, [
    () =>
      db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
          email: users.email,
        })
        .from(users)
        // Customer accounts only (docs/decisions/0035): staff who also hold the customer role are not offered.
        .where(and(usersWithRoles(['customer']), customerAccountCondition()))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(50),
    () =>
      db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
          email: users.email,
        })
        .from(users)
        .where(and(eq(users.accountStatus, 'active'), usersWithRoles(['admin', 'staff'])))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    () =>
      db
        .select({ id: shippingMethods.id, name: shippingMethods.name, price: shippingMethods.price })
        .from(shippingMethods)
        .where(eq(shippingMethods.enabled, true))
        .orderBy(asc(shippingMethods.name), asc(shippingMethods.id)),
  ]);
  return { customers, sellers, carriers };
}
