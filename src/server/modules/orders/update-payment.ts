import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES as M, type PaymentBody } from '../../../contracts/orders';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { lockOrder, type OrderPaymentRow, type OrderRow } from './orders.queries';
import { orderPayments } from './orders.tables';
import { type PaymentSavedReply, recordPayment } from './record-payment';

const PAYMENT_NOT_FOUND = 'Payment not found.';

/**
 * A payment record and its order, the order's row locked first; the record is read again under
 * the lock, so a concurrent change of it has finished by then. 404 when it does not exist.
 */
export async function lockedPayment(
  tx: Tx,
  paymentId: number,
): Promise<{ order: OrderRow; payment: OrderPaymentRow }> {
  const [found] = await tx.select().from(orderPayments).where(eq(orderPayments.id, paymentId));
  if (!found) throw notFound(PAYMENT_NOT_FOUND);
  const order = await lockOrder(tx, found.orderId);
  const [payment] = await tx.select().from(orderPayments).where(eq(orderPayments.id, paymentId));
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  return { order, payment };
}

/** PUT /admin/orders/payments/{paymentId} (spec 1 §7): edits a payment record under its order's row lock. */
export async function updatePayment(
  ctx: AppContext,
  actor: Actor,
  paymentId: number,
  body: PaymentBody,
): Promise<PaymentSavedReply> {
  const now = ctx.now();
  const saved = await ctx.db.transaction(async (tx) => {
    const { order, payment } = await lockedPayment(tx, paymentId);
    return recordPayment(tx, actor, now, order, body, payment);
  });
  return { message: M.paymentUpdated, ...saved };
}
