import { AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import { canPayOrder } from '../../../domain/customer-areas/area-orders';
import { AppError } from '../../../domain/errors';
import type { Executor } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { findOwnOrder } from './customer-areas.queries';

/**
 * POST /{role}/orders/{id}/pay (DECISIONS 20): where the buyer pays one of their orders with
 * something still due. The payment page (modules/checkout) opens it for its signed-in owner and
 * takes the payment from there; nothing changes here.
 */
export async function payAreaOrder(
  db: Executor,
  userId: number,
  orderId: number,
): Promise<{ success: true; redirect_url: string }> {
  const order = await findOwnOrder(db, userId, orderId);
  if (!order) throw notFound(M.orderNotFound);
  const state = {
    delivery_status: order.deliveryStatus,
    payment_status: order.paymentStatus,
    grand_total: order.grandTotal,
    amount_paid: order.amountPaid,
  };
  if (!canPayOrder(state)) throw new AppError('conflict', M.nothingDue);
  return { success: true, redirect_url: `/payment/${encodeURIComponent(order.orderCode)}` };
}
