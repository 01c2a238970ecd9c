import { ORDER_MESSAGES as M, type PaymentBody } from '../../../contracts/orders';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockOrder } from './orders.queries';
import { type PaymentSavedReply, recordPayment } from './record-payment';

/** POST /admin/orders/{id}/add-payment (spec 1 §7): one transaction under the order's row lock. */
export async function addPayment(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  body: PaymentBody,
): Promise<PaymentSavedReply> {
  const now = ctx.now();
  const saved = await ctx.db.transaction(async (tx) =>
    recordPayment(tx, actor, now, await lockOrder(tx, orderId), body, null),
  );
  return { message: M.paymentAdded, ...saved };
}
