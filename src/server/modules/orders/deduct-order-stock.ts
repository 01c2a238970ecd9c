import { ORDER_MESSAGES as M, type OrderStockActionReply } from '../../../contracts/orders';
import { validationError } from '../../../domain/errors';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { conflict } from '../../platform/http/errors';
import { deductOrderStock, stockSettings } from './order-stock';
import { itemsOfOrder, lockOrder, type OrderRow } from './orders.queries';

/** spec 1 §4: a credit order is one taken on credit (intent or payment type credit). */
export function isCreditOrder(order: Pick<OrderRow, 'paymentIntent' | 'paymentType'>): boolean {
  return order.paymentIntent === 'credit' || order.paymentType === 'credit';
}

/**
 * POST /api/orders/{id}/deduct-stock and /deduct-stock-credit (spec 1 §7, DECISIONS 10): takes the
 * order's stock now, whatever the timing setting. Never twice (409); the credit route is only for
 * credit orders (422). Not enough stock: the stock service's 409, nothing taken.
 */
export async function deductStockOfOrder(
  ctx: AppContext,
  actor: Actor,
  id: number,
  options: { creditOnly: boolean },
): Promise<OrderStockActionReply> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (options.creditOnly && !isCreditOrder(order))
      throw validationError({ payment_intent: [M.onlyForCredit] });
    if (order.stockDeductedAt !== null) throw conflict(M.stockAlreadyDeducted);
    if (!(await stockSettings(tx)).enabled) throw conflict(M.stockDisabled);
    const result = await deductOrderStock(tx, order, await itemsOfOrder(tx, order.id), actor, now);
    if (!result) throw conflict(M.stockDisabled);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'order.stock_deducted',
      subjectType: 'order',
      subjectId: order.id,
      data: {
        stock_deducted_at: { from: null, to: result.deductedAt.toISOString() },
        items: result.items,
        ...(options.creditOnly ? { route: 'credit' } : {}),
      },
      ip: actor.ip,
    });
    return {
      success: true,
      message: M.stockDeducted,
      order: { stock_deducted_at: result.deductedAt.toISOString() },
      deducted_items: result.items,
    };
  });
}
