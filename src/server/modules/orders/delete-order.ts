import { and, eq } from 'drizzle-orm';
import { ORDER_MESSAGES } from '../../../contracts/orders';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { returnStock } from '../stock';
import { stockDeductions } from '../stock/stock.tables';
import { orders } from './orders.tables';
import { orderNotDeleted } from './orders-list.queries';

/**
 * Deletes an order (spec 1 §7 DELETE {list url}/{id}; docs/decisions/0030): gives back every stock
 * deduction the order holds through the stock service (reason order_cancellation), clears
 * stock_deducted_at and hides the order (deleted_at). The row stays, so its invoice numbers remain
 * accounted for. A missing or already deleted order is not found.
 */
export async function deleteOrder(ctx: AppContext, actor: Actor, id: number): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    // The order's row lock: a payment or stock change of this order waits until the delete is done.
    const [order] = await tx
      .select({ id: orders.id, orderCode: orders.orderCode, stockDeductedAt: orders.stockDeductedAt })
      .from(orders)
      .where(and(eq(orders.id, id), orderNotDeleted))
      .for('update');
    if (!order) throw notFound(ORDER_MESSAGES.notFound);

    // What the order holds, item by item, as the stock service recorded it when it deducted.
    const held = await tx
      .select({ productId: stockDeductions.productId, variantId: stockDeductions.variantId })
      .from(stockDeductions)
      .where(and(eq(stockDeductions.referenceType, 'order'), eq(stockDeductions.referenceId, id)))
      .orderBy(stockDeductions.productId, stockDeductions.variantId);
    const returned: { product_id: number; variant_id: number | null; quantity: number }[] = [];
    for (const item of held) {
      const result = await returnStock(tx, {
        productId: item.productId,
        variantId: item.variantId,
        reference: { type: 'order', id, label: order.orderCode },
        reason: 'order_cancellation',
        userId: actor.userId,
        notes: `Order ${order.orderCode} deleted`,
      });
      if (result.status === 'returned')
        returned.push({ product_id: item.productId, variant_id: item.variantId, quantity: result.quantity });
    }

    const now = ctx.now();
    await tx
      .update(orders)
      .set({ deletedAt: now, stockDeductedAt: null, updatedAt: now })
      .where(eq(orders.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'order.deleted',
      subjectType: 'order',
      subjectId: id,
      data: {
        order_code: order.orderCode,
        stock_deducted_at: { from: order.stockDeductedAt?.toISOString() ?? null, to: null },
        stock_returned: returned,
      },
      ip: actor.ip,
    });
    return { message: ORDER_MESSAGES.deleted };
  });
}
