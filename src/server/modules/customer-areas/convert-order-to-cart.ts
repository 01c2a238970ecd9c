import { and, eq, isNull } from 'drizzle-orm';
import { AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import { canModifyOrder } from '../../../domain/customer-areas/area-orders';
import { AppError } from '../../../domain/errors';
import type { SignedInSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { addLinesToUserCart } from '../cart';
import { cancelOrderForBuyer, itemsOfOrder } from '../orders';
import { orders } from '../orders/orders.tables';

export type ConvertToCartReply = { success: true; message: string; redirect_url: string };

/**
 * POST /{role}/orders/{id}/convert-to-cart (spec 3 §4 Modify order, §7): the order's items go back
 * into the buyer's cart and the order is cancelled, its stock returned, in one transaction under
 * the order's row lock, so a double click or a payment arriving meanwhile cannot do both.
 * Only an unpaid pending order of the signed-in user (docs/decisions/0058).
 */
export async function convertOrderToCart(
  ctx: AppContext,
  session: SignedInSession,
  orderId: number,
  ip: string | null,
): Promise<ConvertToCartReply> {
  const userId = session.user.id;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId), isNull(orders.deletedAt)))
      .for('update');
    if (!order) throw notFound(M.orderNotFound);
    const state = {
      delivery_status: order.deliveryStatus,
      payment_status: order.paymentStatus,
      grand_total: order.grandTotal,
      amount_paid: order.amountPaid,
    };
    if (!canModifyOrder(state)) throw new AppError('conflict', M.notModifiable);
    const items = await itemsOfOrder(tx, order.id);
    // An item whose product was deleted since has nothing to put back.
    const lines = items.flatMap((i) =>
      i.productId === null
        ? []
        : [{ productId: i.productId, productStockId: i.variantId, quantity: i.quantity }],
    );
    await addLinesToUserCart(tx, userId, lines, now);
    await cancelOrderForBuyer(tx, { userId, ip }, now, order, M.modifyReason);
    return { success: true as const, message: M.modified, redirect_url: '/cart' };
  });
}
