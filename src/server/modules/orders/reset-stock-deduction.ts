import { ORDER_MESSAGES as M, type OrderStockActionReply } from '../../../contracts/orders';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { conflict } from '../../platform/http/errors';
import { returnOrderStock } from './order-stock';
import { itemsOfOrder, lockOrder } from './orders.queries';

/** POST /api/orders/{id}/reset-stock-deduction (spec 1 §4, §7): gives the order's stock back. */
export async function resetStockDeduction(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<OrderStockActionReply> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.stockDeductedAt === null) throw conflict(M.stockNotDeducted);
    const items = await returnOrderStock(tx, order, await itemsOfOrder(tx, order.id), actor);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'order.stock_reset',
      subjectType: 'order',
      subjectId: order.id,
      data: { stock_deducted_at: { from: order.stockDeductedAt.toISOString(), to: null }, items },
      ip: actor.ip,
    });
    return {
      success: true,
      message: M.stockReset,
      order: { stock_deducted_at: null },
      deducted_items: items,
    };
  });
}
