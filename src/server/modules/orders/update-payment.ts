import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES as M, type PaymentBody } from '../../../contracts/orders';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { lockOrder } from './orders.queries';
import { orderPayments } from './orders.tables';
import { type PaymentSavedReply, recordPayment } from './record-payment';

const PAYMENT_NOT_FOUND = 'Payment not found.';

/** PUT /admin/orders/payments/{paymentId} (spec 1 §7): edits a payment record under its order's row lock. */
export async function updatePayment(
  ctx: AppContext,
  actor: Actor,
  paymentId: number,
  body: PaymentBody,
): Promise<PaymentSavedReply> {
  const now = ctx.now();
  const saved = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(orderPayments).where(eq(orderPayments.id, paymentId));
    if (!found) throw notFound(PAYMENT_NOT_FOUND);
    const order = await lockOrder(tx, found.orderId);
    // Read again under the order's lock: a concurrent edit of the same record has finished by now.
    const [payment] = await tx.select().from(orderPayments).where(eq(orderPayments.id, paymentId));
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    return recordPayment(tx, actor, now, order, body, payment);
  });
  return { message: M.paymentUpdated, ...saved };
}
