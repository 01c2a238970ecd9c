import type { OrderListRow } from '../../../contracts/orders';
import type { PurchaseHistoryRowReply } from '../../../contracts/stock';
import { fullName } from '../../../domain/accounts/user-rules';
import type { Paged } from '../../../domain/paging/paging';
import type { OrderListDbRow, PurchaseDbRow } from './orders-list.queries';

/** The customer as the order names them: the copied name, else the e-mail, else a guest. */
export function orderCustomerName(row: {
  customerFirstName: string | null;
  customerLastName: string | null;
  customerEmail: string | null;
}): string {
  return (
    fullName({
      first_name: row.customerFirstName,
      last_name: row.customerLastName,
      email: row.customerEmail ?? undefined,
    }) || 'Guest'
  );
}

export function presentOrderListRow(row: OrderListDbRow): OrderListRow {
  return {
    id: row.id,
    order_code: row.orderCode,
    customer_name: orderCustomerName(row),
    customer_email: row.customerEmail,
    order_from: row.orderFrom as OrderListRow['order_from'],
    delivery_status: row.deliveryStatus,
    payment_status: row.paymentStatus,
    grand_total: row.grandTotal,
    amount_paid: row.amountPaid,
    currency_symbol: row.currencySymbol,
    items_count: row.itemsCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentOrderPage(page: Paged<OrderListDbRow>): Paged<OrderListRow> {
  return { ...page, data: page.data.map(presentOrderListRow) };
}

export function presentPurchase(row: PurchaseDbRow): PurchaseHistoryRowReply {
  return {
    id: row.id,
    order_id: row.orderId,
    order_code: row.orderCode,
    order_url: `/admin/orders/${row.orderId}/edit`,
    date: row.createdAt.toISOString(),
    customer: orderCustomerName(row),
    variant_name: row.variantLabel,
    quantity: row.quantity,
    unit_price: row.price,
    line_total: row.lineTotal,
    currency_symbol: row.currencySymbol,
    payment_status: row.paymentStatus,
    delivery_status: row.deliveryStatus,
  };
}
