import { eq } from 'drizzle-orm';
import type { PaymentBody, PaymentRecordReply } from '../../../contracts/orders';
import { fieldError } from '../../../domain/errors';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import { paymentAmountError, statusForAmount } from '../../../domain/orders/payment-rules';
import { type ShopActor as Actor, audit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/database';
import { settleOrderStock } from './order-stock';
import { presentPayment } from './orders.presenter';
import { completedPaid, type OrderPaymentRow, type OrderRow } from './orders.queries';
import { orderPayments, orders } from './orders.tables';

export type PaymentSavedReply = {
  message: string;
  payment: PaymentRecordReply;
  order: { payment_status: string; amount_paid: string };
};

/**
 * Adds or edits a payment record of an order held under its row lock (spec 1 §5 amount rules), then
 * recomputes amount_paid from the completed payments and the status from it (spec 1 §4). Becoming
 * paid may be the stock deduction's moment (DECISIONS 10). The lock makes concurrent payments
 * queue, so each one checks the amount against what the ones before it paid.
 */
export async function recordPayment(
  tx: Tx,
  actor: Actor,
  now: Date,
  order: OrderRow,
  body: PaymentBody,
  existing: OrderPaymentRow | null,
): Promise<Omit<PaymentSavedReply, 'message'>> {
  const amount = fromDecimal(body.amount);
  const alreadyPaid = await completedPaid(tx, order.id, existing?.id);
  const error = paymentAmountError(amount, {
    grandTotal: fromDecimal(order.grandTotal),
    alreadyPaid,
    symbol: order.currencySymbol,
  });
  if (error) throw fieldError('amount', error);

  const values = {
    amount: toDecimalText(amount),
    paymentType: body.payment_type,
    paymentDate: body.payment_date,
    transactionId: body.transaction_id ?? null,
    paymentDetails: body.payment_details ?? null,
  };
  const [payment] = existing
    ? await tx
        .update(orderPayments)
        .set({ ...values, updatedAt: now })
        .where(eq(orderPayments.id, existing.id))
        .returning()
    : await tx
        .insert(orderPayments)
        .values({ ...values, orderId: order.id, status: 'completed', createdBy: actor.userId })
        .returning();

  const paid = await completedPaid(tx, order.id);
  const status = statusForAmount(paid, fromDecimal(order.grandTotal));
  const [after] = await tx
    .update(orders)
    .set({
      amountPaid: toDecimalText(paid),
      paymentStatus: status,
      paymentType: order.paymentType ?? body.payment_type,
      paymentDate: order.paymentDate ?? body.payment_date,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning();
  await settleOrderStock(tx, actor, now, order, after!);

  await audit(tx, {
    actorUserId: actor.userId,
    action: existing ? 'order.payment_updated' : 'order.payment_added',
    subjectType: 'order',
    subjectId: order.id,
    data: {
      payment_id: payment!.id,
      ...(existing
        ? {
            amount: { from: existing.amount, to: payment!.amount },
            payment_type: { from: existing.paymentType, to: payment!.paymentType },
            payment_date: { from: existing.paymentDate, to: payment!.paymentDate },
          }
        : {
            amount: payment!.amount,
            payment_type: payment!.paymentType,
            payment_date: payment!.paymentDate,
          }),
      amount_paid: { from: order.amountPaid, to: after!.amountPaid },
      payment_status: { from: order.paymentStatus, to: after!.paymentStatus },
    },
    ip: actor.ip,
  });
  return {
    payment: presentPayment(payment!),
    order: { payment_status: after!.paymentStatus, amount_paid: after!.amountPaid },
  };
}
