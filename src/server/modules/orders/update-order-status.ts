import { ORDER_MESSAGES as M, type QuickStatusBody } from '../../../contracts/orders';
import { fieldError } from '../../../domain/errors';
import { type DeliveryStatus, quickStatusError } from '../../../domain/orders/delivery-rules';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { applyOrderChange } from './apply-order-change';
import { lockOrder } from './orders.queries';
import { deliveryStatusPatch } from './update-order-field';

export type QuickStatusReply = {
  message: string;
  order: { delivery_status: string; status_reason: string | null; delivered_date: string | null };
};

/** POST /api/orders/{id}/status (spec 1 §4, §7 quick status update). */
export async function updateOrderStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: QuickStatusBody,
): Promise<QuickStatusReply> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockOrder(tx, id);
    const reason = body.status_reason ?? null;
    const error = quickStatusError(before.deliveryStatus as DeliveryStatus, body.delivery_status, reason);
    if (error) throw fieldError(error.startsWith('Reason') ? 'status_reason' : 'delivery_status', error);
    const after = await applyOrderChange(
      tx,
      actor,
      now,
      before,
      deliveryStatusPatch(before, body.delivery_status, reason, now),
    );
    return {
      message: M.statusUpdated,
      order: {
        delivery_status: after.deliveryStatus,
        status_reason: after.statusReason,
        delivered_date: after.deliveredDate?.toISOString() ?? null,
      },
    };
  });
}
