import type { Cents } from '../money/money';

/** DECISIONS 6: delivery_status takes the union of spec 1 §4's two lists; each screen offers its own. */
export const DELIVERY_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'ready',
  'shipped',
  'in_transit',
  'delivered',
  'failed',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** spec 1 §4: the order form's list and the quick status update's list. */
export const FORM_DELIVERY_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'failed',
] as const;
export const QUICK_DELIVERY_STATUSES = [
  'pending',
  'ready',
  'in_transit',
  'delivered',
  'failed',
  'cancelled',
] as const;
/** spec 1 §3 shipping_type. */
export const SHIPPING_TYPES = ['standard', 'express', 'overnight', 'pickup', 'others'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

export const DELIVERY_MESSAGES = {
  reasonRequired: 'Reason is required for failed or cancelled status',
  quickReasonRequired: (status: string) => `Reason is required when marking order as ${status}`,
  selectStatus: 'Please select a status to update to.',
  sameStatus: 'Selected status is the same as current status.',
  addressRequired: 'Delivery address is required',
} as const;
const M = DELIVERY_MESSAGES;

/** spec 1 §4: failed or cancelled need a non-empty reason. */
export function needsReason(status: DeliveryStatus): boolean {
  return status === 'failed' || status === 'cancelled';
}

/** spec 1 §4, §8 quick status update: a status, different from the current one, with a reason when it needs one. */
export function quickStatusError(
  current: DeliveryStatus,
  next: DeliveryStatus | null,
  reason: string | null,
): string | null {
  if (!next) return M.selectStatus;
  if (next === current) return M.sameStatus;
  if (needsReason(next) && !reason?.trim()) return M.quickReasonRequired(next);
  return null;
}

/** DECISIONS 6: delivered sets delivered_date (kept if already set); leaving delivered clears it. */
export function deliveredDateAfter(
  status: DeliveryStatus,
  previous: string | null,
  today: string,
): string | null {
  if (status !== 'delivered') return null;
  return previous ?? today;
}

export type DeliveryFields = {
  delivery_required: boolean;
  delivery_address: string | null;
  shipping_type: ShippingType;
  shipping_cost: Cents;
  carrier_id: number | null;
  pickup_point_id: number | null;
  tracking_code: string | null;
  delivery_status: DeliveryStatus;
  status_reason: string | null;
};

/**
 * spec 1 §4 delivery toggle: turning delivery off clears the address, sets type standard and cost
 * 0, clears carrier, pickup point and tracking, returns the status to pending and clears the reason.
 */
export function withDeliveryRequired<T extends DeliveryFields>(order: T, required: boolean): T {
  if (required) return { ...order, delivery_required: true };
  return {
    ...order,
    delivery_required: false,
    delivery_address: null,
    shipping_type: 'standard',
    shipping_cost: 0 as Cents,
    carrier_id: null,
    pickup_point_id: null,
    tracking_code: null,
    delivery_status: 'pending',
    status_reason: null,
  };
}

/** spec 1 §4: choosing pickup clears the address; a non-pickup type clears the pickup point. */
export function withShippingType<T extends DeliveryFields>(order: T, type: ShippingType): T {
  return type === 'pickup'
    ? { ...order, shipping_type: type, delivery_address: null }
    : { ...order, shipping_type: type, pickup_point_id: null };
}

/** DECISIONS 8: choosing a pickup point sets the shipping cost to its service fee. */
export function withPickupPoint<T extends DeliveryFields>(
  order: T,
  point: { id: number; service_fee: Cents } | null,
): T {
  return point
    ? { ...order, pickup_point_id: point.id, shipping_cost: point.service_fee }
    : { ...order, pickup_point_id: null };
}

/** spec 1 §5: a delivery needs an address unless it is a pickup. */
export function deliveryAddressError(
  order: Pick<DeliveryFields, 'delivery_required' | 'shipping_type' | 'delivery_address'>,
): string | null {
  if (!order.delivery_required || order.shipping_type === 'pickup') return null;
  return order.delivery_address?.trim() ? null : M.addressRequired;
}
