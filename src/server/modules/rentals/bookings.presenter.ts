import type {
  BookingListRow,
  BookingReply,
  PaymentType,
  RentalItemReply,
  RentalPaymentReply,
} from '../../../contracts/rentals';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import {
  BOOKING_STATUSES,
  type BookingStatus,
  bookingItemsEditable,
  canChangeBookingStatus,
} from '../../../domain/rentals/booking-status';
import type {
  BookingCustomerRow,
  BookingListDbRow,
  BookingRow,
  RentalItemRow,
  RentalPaymentRow,
} from './bookings.queries';

const money = (value: string | null | undefined) => toDecimalText(fromDecimal(value ?? '0'));

/** The badge colour of each booking status (the list and the editor show it). */
export const BOOKING_STATUS_BADGES: Record<BookingStatus, string> = {
  pending: 'yellow',
  quoted: 'cyan',
  ready: 'blue',
  in_transit: 'indigo',
  active: 'green',
  returned: 'gray',
  overdue: 'orange',
  failed: 'red',
  cancelled: 'dark',
};

/** "2026-03-01 – 2026-03-30": the booking's rental span, from its first start to its last end. */
export function rentalPeriodText(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  return `${start} – ${end}`;
}

export function presentItem(row: RentalItemRow, availableUnits: number): RentalItemReply {
  return {
    id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    product_stock_id: row.productStockId,
    variants: row.variants,
    quantity: row.quantity,
    rental_duration: row.rentalDuration,
    rental_start_date: row.rentalStartDate,
    rental_end_date: row.rentalEndDate,
    daily_rate: money(row.dailyRate),
    total_rental_cost: money(row.totalRentalCost),
    delivery_cost: money(row.deliveryCost),
    pickup_cost: money(row.pickupCost),
    service_cost: money(row.serviceCost),
    discount: money(row.discount),
    total_cost: money(row.totalCost),
    vat_id: row.vatId,
    vat_info: row.vatInfo ?? null,
    stored_vat_amount: money(row.storedVatAmount),
    available_units: availableUnits,
  };
}

export function presentPayment(row: RentalPaymentRow): RentalPaymentReply {
  return {
    id: row.id,
    period_id: row.periodId,
    amount: money(row.amount),
    payment_type: row.paymentType as PaymentType,
    payment_date: row.paymentDate,
    transaction_id: row.transactionId,
    payment_details: row.paymentDetails,
    status: row.status,
  };
}

export function presentServices(
  services: BookingRow['additionalServices'],
): BookingReply['additional_services'] {
  return Object.fromEntries(
    Object.entries(services).map(([name, s]) => [name, { ...s, amount: money(s.amount) }]),
  );
}

export function presentBooking(
  row: BookingRow,
  items: readonly RentalItemRow[],
  payments: readonly RentalPaymentRow[],
  customer: BookingCustomerRow | null,
  availableUnits: (item: RentalItemRow) => number,
): BookingReply {
  const status = row.status as BookingStatus;
  const first = items[0];
  const start = items.reduce<string | null>(
    (m, i) => (m === null || i.rentalStartDate < m ? i.rentalStartDate : m),
    null,
  );
  const end = items.reduce<string | null>(
    (m, i) => (m === null || i.rentalEndDate > m ? i.rentalEndDate : m),
    null,
  );
  return {
    id: row.id,
    booking_number: row.bookingNumber,
    user_id: row.userId,
    status,
    status_reason: row.statusReason,
    status_badge: BOOKING_STATUS_BADGES[status],
    admin_notes: row.adminNotes,
    customer_notes: row.customerNotes,
    delivery_required: row.deliveryRequired,
    delivery_method: row.deliveryMethod as 'delivery' | 'pickup',
    delivery_address: row.deliveryAddress,
    pickup_point_id: row.pickupPointId,
    additional_services: presentServices(row.additionalServices),
    total_estimated_cost: money(row.totalEstimatedCost),
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    stock_deducted_at: row.stockDeductedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    product_id: first?.productId ?? null,
    quantity: first?.quantity ?? null,
    rental_duration: first?.rentalDuration ?? null,
    rental_start_date: first?.rentalStartDate ?? null,
    rental_end_date: first?.rentalEndDate ?? null,
    base_rental_price: first ? money(first.dailyRate) : null,
    rental_period_formatted: rentalPeriodText(start, end),
    rental_items: items.map((item) => presentItem(item, availableUnits(item))),
    customer: customer && {
      id: customer.id,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone: customer.phone ?? customer.mobile,
      user_type: customer.userType === 'company' ? 'company' : 'individual',
      company_name: customer.companyName,
    },
    rentalPayments: payments.map(presentPayment),
    allowed_statuses: BOOKING_STATUSES.filter((to) => canChangeBookingStatus(status, to)),
    items_editable: bookingItemsEditable(status),
  };
}

export function presentBookingRow(row: BookingListDbRow): BookingListRow {
  const status = row.status as BookingStatus;
  return {
    id: row.id,
    booking_number: row.bookingNumber,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    status,
    status_badge: BOOKING_STATUS_BADGES[status],
    rental_period_formatted: rentalPeriodText(row.firstStart, row.lastEnd),
    items_count: row.itemsCount,
    total_estimated_cost: money(row.totalEstimatedCost),
    amount_paid: money(row.amountPaid),
    created_at: row.createdAt.toISOString(),
    source: row.source === 'public' ? 'public' : 'admin',
  };
}
