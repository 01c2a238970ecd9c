import type {
  OrderAuditReply,
  OrderItemReply,
  OrderReply,
  PaymentRecordReply,
} from '../../../contracts/orders';
import { itemsLocked, type PaymentStatus } from '../../../domain/orders/payment-rules';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import {
  auditTrailOf,
  findOrder,
  findUser,
  itemsOfOrder,
  type OrderItemRow,
  type OrderPaymentRow,
  type OrderRow,
  paymentsOfOrder,
  personName,
} from './orders.queries';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function presentOrderItem(row: OrderItemRow): OrderItemReply {
  return {
    id: row.id,
    product_id: row.productId,
    product_stock_id: row.variantId,
    product_name: row.productName,
    sku: row.sku,
    variant: row.variantLabel,
    unit_selling_label: row.unitSellingLabel,
    quantity: row.quantity,
    price: row.price,
    discount: Number(row.discount),
    vat_id: row.vatId,
    vat_info: row.vatInfo ?? null,
    tax_amount: row.taxAmount,
    line_total: row.lineTotal,
  };
}

export function presentPayment(row: OrderPaymentRow): PaymentRecordReply {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    payment_type: row.paymentType,
    payment_date: row.paymentDate,
    transaction_id: row.transactionId,
    payment_details: row.paymentDetails,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/orders/{id}: the order with its items, payments and audit trail (newest first). */
export async function presentOrder(db: Executor, orderOrId: OrderRow | number): Promise<OrderReply> {
  const order = typeof orderOrId === 'number' ? await findOrder(db, orderOrId) : orderOrId;
  const [items, payments, trail, user] = await readTogether(db, [
    () => itemsOfOrder(db, order.id),
    () => paymentsOfOrder(db, order.id),
    () => auditTrailOf(db, order.id),
    () => (order.userId === null ? Promise.resolve(null) : findUser(db, order.userId)),
  ]);
  const audit: OrderAuditReply[] = trail.map((row) => ({
    id: row.id,
    action: row.action,
    user:
      row.email === null
        ? null
        : personName({ firstName: row.firstName, lastName: row.lastName, email: row.email }),
    changes: row.data,
    created_at: row.createdAt.toISOString(),
  }));
  return {
    id: order.id,
    order_code: order.orderCode,
    ...auditFields(order),
    customer: user && {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: user.phone,
      user_type: user.userType,
      company_name: user.companyName,
    },
    order_from: order.orderFrom as OrderReply['order_from'],
    global_discount: Number(order.globalDiscount),
    currency_id: order.currencyId,
    currency_symbol: order.currencySymbol,
    vat_method: order.vatMethod as OrderReply['vat_method'],
    items_total: order.itemsTotal,
    vat_total: order.vatTotal,
    discount_total: order.discountTotal,
    items_locked: itemsLocked(order.paymentStatus as PaymentStatus),
    order_items: items.map(presentOrderItem),
    payments: payments.map(presentPayment),
    audit,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

/** The order's fields as the audit trail compares them (snake_case, as the spec names them). */
export function auditFields(order: OrderRow) {
  return {
    user_id: order.userId,
    seller_id: order.sellerId,
    carrier_id: order.carrierId,
    customer_email: order.customerEmail,
    customer_first_name: order.customerFirstName,
    customer_last_name: order.customerLastName,
    customer_phone: order.customerPhone,
    delivery_status: order.deliveryStatus,
    status_reason: order.statusReason,
    delivered_date: iso(order.deliveredDate),
    payment_status: order.paymentStatus,
    payment_intent: order.paymentIntent,
    payment_type: order.paymentType,
    amount_paid: order.amountPaid,
    delivery_required: order.deliveryRequired,
    delivery_address: order.deliveryAddress,
    shipping_cost: order.shippingCost,
    shipping_type: order.shippingType,
    pickup_point_id: order.pickupPointId,
    tracking_code: order.trackingCode,
    address: order.address,
    global_discount: order.globalDiscount,
    currency_code: order.currencyCode,
    payment_date: order.paymentDate,
    transaction_id: order.transactionId,
    payment_details: order.paymentDetails,
    notified: order.notified,
    delivery_date: order.deliveryDate,
    additional_info: order.additionalInfo,
    stock_deducted_at: iso(order.stockDeductedAt),
    vat_enabled: order.vatEnabled,
    vat_method: order.vatMethod,
    grand_total: order.grandTotal,
  };
}
