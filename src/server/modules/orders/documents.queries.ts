import { and, asc, desc, eq, isNull, max } from 'drizzle-orm';
import { ORDER_MESSAGES } from '../../../contracts/orders';
import type { DocumentType } from '../../../domain/orders/documents-and-link';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { shippingMethods } from '../shipping/shipping.tables';
import { pickupPoints } from '../shop-setup/shop-setup.tables';
import { orderDocuments, orderItems, orderPayments, orders } from './orders.tables';

export type OrderRow = typeof orders.$inferSelect;
export type DocumentRow = typeof orderDocuments.$inferSelect;

/** An order that is not deleted, or 404; `lock` takes its row lock inside a transaction. */
export async function findOrderOr404(db: Executor, id: number, lock = false): Promise<OrderRow> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.deletedAt)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return order;
}

/** Everything a document prints besides the order row: items, payments, carrier and pickup point. */
export async function orderDocumentData(db: Executor, order: OrderRow) {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const payments = await db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, order.id))
    .orderBy(asc(orderPayments.paymentDate), asc(orderPayments.id));
  const [carrier] = order.carrierId
    ? await db
        .select({ name: shippingMethods.name })
        .from(shippingMethods)
        .where(eq(shippingMethods.id, order.carrierId))
    : [];
  const [pickup] = order.pickupPointId
    ? await db
        .select({ name: pickupPoints.name, address: pickupPoints.address })
        .from(pickupPoints)
        .where(eq(pickupPoints.id, order.pickupPointId))
    : [];
  return {
    items,
    payments,
    carrier: carrier?.name ?? null,
    pickupPoint: pickup ? `${pickup.name}, ${pickup.address}` : null,
  };
}

/** The order's documents, newest first, with the name of who generated each. */
export async function listOrderDocuments(db: Executor, orderId: number, type?: DocumentType) {
  return db
    .select({
      doc: orderDocuments,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
      creatorEmail: users.email,
    })
    .from(orderDocuments)
    .leftJoin(users, eq(users.id, orderDocuments.createdBy))
    .where(
      type
        ? and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.documentType, type))
        : eq(orderDocuments.orderId, orderId),
    )
    .orderBy(desc(orderDocuments.createdAt), desc(orderDocuments.id));
}
export type ListedDocument = Awaited<ReturnType<typeof listOrderDocuments>>[number];

export async function findDocument(
  db: Executor,
  orderId: number,
  docId: number,
): Promise<DocumentRow | null> {
  const [doc] = await db
    .select()
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.id, docId)));
  return doc ?? null;
}

export async function latestDocument(
  db: Executor,
  orderId: number,
  type: DocumentType,
): Promise<DocumentRow | null> {
  const [doc] = await db
    .select()
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.documentType, type)))
    .orderBy(desc(orderDocuments.version), desc(orderDocuments.id))
    .limit(1);
  return doc ?? null;
}

/** The next version of a type for an order: one above the highest version still kept. */
export async function nextVersion(db: Executor, orderId: number, type: DocumentType): Promise<number> {
  const [row] = await db
    .select({ last: max(orderDocuments.version) })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.documentType, type)));
  return (row?.last ?? 0) + 1;
}

/**
 * When the order last changed as a document shows it: the order row, its items and its payments
 * (docs/decisions/0032: a view regenerates only when this is later than the latest version).
 */
export async function orderChangedAt(db: Executor, order: OrderRow): Promise<Date> {
  const [items] = await db
    .select({ at: max(orderItems.createdAt) })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const [payments] = await db
    .select({ at: max(orderPayments.updatedAt) })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, order.id));
  const times = [order.updatedAt, items?.at, payments?.at].filter((t): t is Date => t instanceof Date);
  return new Date(Math.max(...times.map((t) => t.getTime())));
}
