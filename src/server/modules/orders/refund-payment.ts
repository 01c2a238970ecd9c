import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES as M } from '../../../contracts/orders';
import { fieldError } from '../../../domain/errors';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import { statusForAmount } from '../../../domain/orders/payment-rules';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { presentPayment } from './orders.presenter';
import { completedPaid } from './orders.queries';
import { orderPayments, orders } from './orders.tables';
import type { PaymentSavedReply } from './record-payment';
import { lockedPayment } from './update-payment';

/**
 * POST /admin/orders/payments/{paymentId}/refund (docs/decisions/0041): a completed payment went
 * back to the customer. Under the order's row lock the record becomes `refunded`, amount_paid is
 * recomputed from the completed payments, and the order's payment status follows: `refunded` once
 * no completed payment remains (the credit note becomes available), else partial or paid by
 * amount. Audited with the reason. Stock is not touched: cancelling the order gives it back.
 */
export async function refundPayment(
  ctx: AppContext,
  actor: Actor,
  paymentId: number,
  reason: string,
): Promise<PaymentSavedReply> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { order, payment } = await lockedPayment(tx, paymentId);
    if (payment.status !== 'completed') throw fieldError('payment', M.refundNotCompleted);

    const [refunded] = await tx
      .update(orderPayments)
      .set({ status: 'refunded', updatedAt: now })
      .where(eq(orderPayments.id, paymentId))
      .returning();
    const paid = await completedPaid(tx, order.id);
    const status = paid === 0 ? 'refunded' : statusForAmount(paid, fromDecimal(order.grandTotal));
    const [after] = await tx
      .update(orders)
      .set({ amountPaid: toDecimalText(paid), paymentStatus: status, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'order.payment_refunded',
      subjectType: 'order',
      subjectId: order.id,
      data: {
        payment_id: paymentId,
        amount: payment.amount,
        reason,
        amount_paid: { from: order.amountPaid, to: after!.amountPaid },
        payment_status: { from: order.paymentStatus, to: after!.paymentStatus },
      },
      ip: actor.ip,
    });
    return {
      message: M.paymentRefunded,
      payment: presentPayment(refunded!),
      order: { payment_status: after!.paymentStatus, amount_paid: after!.amountPaid },
    };
  });
}
