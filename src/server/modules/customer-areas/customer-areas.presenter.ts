import type {
  AreaAddress,
  AreaOrderDetail,
  AreaOrderSummary,
  AreaProfile,
} from '../../../contracts/customer-areas';
import { canModifyOrder, canPayOrder } from '../../../domain/customer-areas/area-orders';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { users } from '../../platform/auth/auth.tables';
import type { userAddresses } from '../accounts/accounts.tables';
import type { OrderItemRow, OrderRow } from '../orders';
import type { AreaOrderSummaryRow } from './customer-areas.queries';

const money = (value: string) => toDecimalText(fromDecimal(value));

export function presentAreaOrderSummary(row: AreaOrderSummaryRow): AreaOrderSummary {
  const state = {
    delivery_status: row.deliveryStatus,
    payment_status: row.paymentStatus,
    grand_total: row.grandTotal,
    amount_paid: row.amountPaid,
  };
  return {
    id: row.id,
    order_code: row.orderCode,
    created_at: row.createdAt.toISOString(),
    items_count: row.itemsCount,
    grand_total: money(row.grandTotal),
    amount_paid: money(row.amountPaid),
    currency_symbol: row.currencySymbol,
    payment_status: row.paymentStatus,
    delivery_status: row.deliveryStatus,
    can_pay: canPayOrder(state),
    can_modify: canModifyOrder(state),
  };
}

export function presentAreaOrder(order: OrderRow, items: OrderItemRow[]): AreaOrderDetail {
  return {
    ...presentAreaOrderSummary({ ...order, itemsCount: items.reduce((n, i) => n + i.quantity, 0) }),
    items: items.map((i) => ({
      name: i.productName,
      variant: i.variantLabel,
      quantity: i.quantity,
      price: money(i.price),
      line_total: money(i.lineTotal),
    })),
    items_total: money(order.itemsTotal),
    vat_total: money(order.vatTotal),
    discount_total: money(order.discountTotal),
    shipping_cost: money(order.shippingCost),
    shipping_type: order.shippingType,
    delivery_address: order.deliveryAddress,
    payment_type: order.paymentType,
    tracking_code: order.trackingCode,
    status_reason: order.statusReason,
  };
}

export function presentAreaProfile(user: typeof users.$inferSelect, roles: string[]): AreaProfile {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    mobile: user.mobile,
    mobile_verified_at: user.mobileVerifiedAt?.toISOString() ?? null,
    company_name: user.companyName,
    roles,
  };
}

const named = (value: string | null) => (value ? { name: value } : null);

/** spec 3 §3 Address: country, state and city as objects with a name. */
export function presentAreaAddress(row: typeof userAddresses.$inferSelect): AreaAddress {
  return {
    id: row.id,
    type: row.addressType,
    address: row.address,
    city: named(row.city),
    state: named(row.state),
    country: named(row.country),
    postal_code: row.postalCode,
    phone: row.phone,
    is_default: row.isDefault,
  };
}
