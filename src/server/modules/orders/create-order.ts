import type { OrderFormBody, OrderSavedReply } from '../../../contracts/orders';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { saveOrder } from './save-order';

/**
 * POST /admin/orders (spec 1 §7): creates an order from the order form in one transaction. Also
 * callable inside a caller's transaction (the demo seed): pass the transaction instead of the app.
 */
export async function createOrder(
  target: AppContext | Tx,
  actor: Actor,
  body: OrderFormBody,
): Promise<OrderSavedReply> {
  if (isAppContext(target)) {
    const now = target.now();
    return target.db.transaction((tx) => saveOrder(tx, actor, now, null, body));
  }
  return saveOrder(target, actor, new Date(), null, body);
}

function isAppContext(target: AppContext | Tx): target is AppContext {
  return 'database' in target && 'now' in target;
}
