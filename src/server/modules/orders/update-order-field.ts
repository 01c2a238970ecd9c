import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES as M, type OrderReply, type UpdateFieldBody } from '../../../contracts/orders';
import { fieldError, validationError } from '../../../domain/errors';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import {
  type DeliveryFields,
  type DeliveryStatus,
  deliveredDateAfter,
  deliveryAddressError,
  needsReason,
  type ShippingType,
  withPickupPoint,
  withShippingType,
} from '../../../domain/orders/delivery-rules';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { checkCustomerAccount } from '../accounts';
import { shippingMethods } from '../shipping/shipping.tables';
import { findPickupPoint } from '../shop-setup';
import { applyOrderChange, type OrderPatch } from './apply-order-change';
import { presentOrder } from './orders.presenter';
import { ensureCustomerRole, findUser, lockOrder, type OrderRow } from './orders.queries';
import { NOT_FOUND_MESSAGES } from './save-order';

function deliveryOf(order: OrderRow): DeliveryFields {
  return {
    delivery_required: order.deliveryRequired,
    delivery_address: order.deliveryAddress,
    shipping_type: order.shippingType as ShippingType,
    shipping_cost: fromDecimal(order.shippingCost),
    carrier_id: order.carrierId,
    pickup_point_id: order.pickupPointId,
    tracking_code: order.trackingCode,
    delivery_status: order.deliveryStatus as DeliveryStatus,
    status_reason: order.statusReason,
  };
}

function deliveryPatch(d: DeliveryFields): OrderPatch {
  return {
    deliveryAddress: d.delivery_address,
    shippingType: d.shipping_type,
    shippingCost: toDecimalText(d.shipping_cost),
    pickupPointId: d.pickup_point_id,
  };
}

async function pickupPoint(tx: Tx, id: number) {
  const point = await findPickupPoint(tx, id);
  if (!point) throw fieldError('pickup_point_id', NOT_FOUND_MESSAGES.pickupPoint);
  return { id: point.id, service_fee: fromDecimal(point.serviceFee) };
}

/** The patch of a delivery status change (spec 1 §4, DECISIONS 6): a reason for failed or cancelled, the delivered date. */
export function deliveryStatusPatch(
  order: OrderRow,
  status: DeliveryStatus,
  reason: string | null,
  now: Date,
): OrderPatch {
  const delivered = deliveredDateAfter(status, order.deliveredDate?.toISOString() ?? null, now.toISOString());
  return {
    deliveryStatus: status,
    statusReason: needsReason(status) ? reason : null,
    deliveredDate: delivered === null ? null : new Date(delivered),
  };
}

async function patchFor(tx: Tx, order: OrderRow, body: UpdateFieldBody, now: Date): Promise<OrderPatch> {
  switch (body.field) {
    case 'user_id': {
      if (body.user_id === null) return { userId: null };
      const user = await findUser(tx, body.user_id);
      if (!user) throw fieldError('user_id', NOT_FOUND_MESSAGES.user);
      if (user.id !== order.userId) await checkCustomerAccount(tx, user.id);
      await ensureCustomerRole(tx, user.id);
      return {
        userId: user.id,
        customerEmail: user.email,
        customerFirstName: user.firstName,
        customerLastName: user.lastName,
        customerPhone: user.phone ?? user.mobile,
      };
    }
    case 'delivery_status': {
      const reason = body.status_reason ?? null;
      if (needsReason(body.delivery_status) && !reason?.trim())
        throw fieldError('status_reason', M.reasonRequired);
      return deliveryStatusPatch(order, body.delivery_status, reason, now);
    }
    case 'carrier_id': {
      if (body.carrier_id !== null) {
        const [row] = await tx
          .select({ id: shippingMethods.id })
          .from(shippingMethods)
          .where(eq(shippingMethods.id, body.carrier_id));
        if (!row) throw fieldError('carrier_id', NOT_FOUND_MESSAGES.carrier);
      }
      return { carrierId: body.carrier_id };
    }
    case 'pickup_point_id': {
      const point = body.pickup_point_id === null ? null : await pickupPoint(tx, body.pickup_point_id);
      return deliveryPatch(withPickupPoint(deliveryOf(order), point));
    }
    case 'shipping_type': {
      let d: DeliveryFields = {
        ...deliveryOf(order),
        ...(body.delivery_address !== undefined ? { delivery_address: body.delivery_address } : {}),
      };
      d = withShippingType(d, body.shipping_type);
      if (
        body.shipping_type === 'pickup' &&
        body.pickup_point_id != null &&
        body.pickup_point_id !== order.pickupPointId
      )
        d = withPickupPoint(d, await pickupPoint(tx, body.pickup_point_id));
      const addressError = deliveryAddressError(d);
      if (addressError) throw validationError({ delivery_address: [addressError] });
      return deliveryPatch(d);
    }
  }
}

/** PATCH /admin/orders/{id}/update-field (spec 1 §7): one field of the order, saved at once. */
export async function updateOrderField(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: UpdateFieldBody,
): Promise<{ message: string; order: OrderReply }> {
  const now = ctx.now();
  const order = await ctx.db.transaction(async (tx) => {
    const before = await lockOrder(tx, id);
    return applyOrderChange(tx, actor, now, before, await patchFor(tx, before, body, now));
  });
  return { message: M.fieldUpdated, order: await presentOrder(ctx.db, order) };
}
