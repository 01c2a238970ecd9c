import type { OrderFormBody, OrderSavedReply } from '../../../contracts/orders';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockOrder } from './orders.queries';
import { saveOrder } from './save-order';

/** PUT /admin/orders/{id} (spec 1 §7): saves the whole order form under the order's row lock. */
export async function updateOrder(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: OrderFormBody,
): Promise<OrderSavedReply> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => saveOrder(tx, actor, now, await lockOrder(tx, id), body));
}
