import {
  type BookingReply,
  type BookingStatus,
  bookingSaveBody,
  RENTAL_MESSAGES,
} from '../../../contracts/rentals';
import { type ItemRow, isEmptyRow, itemsBody } from './booking-items-state';

export type ServiceFee = BookingReply['additional_services'][string];

/** The booking form's own fields; the items are kept beside it as rows (booking-items-state). */
export type BookingFormValues = {
  user_id: number | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  status: BookingStatus;
  status_reason: string;
  delivery_method: 'delivery' | 'pickup';
  delivery_address: string;
  pickup_point_id: string | null;
  admin_notes: string;
  customer_notes: string;
  additional_services: Record<string, ServiceFee>;
};

export function emptyBookingValues(): BookingFormValues {
  return {
    user_id: null,
    customer_name: '',
    customer_email: '',
    customer_phone: '',
    status: 'pending',
    status_reason: '',
    delivery_method: 'delivery',
    delivery_address: '',
    pickup_point_id: null,
    admin_notes: '',
    customer_notes: '',
    additional_services: {},
  };
}

export function valuesOfBooking(b: BookingReply): BookingFormValues {
  return {
    user_id: b.user_id,
    customer_name: b.customer_name ?? '',
    customer_email: b.customer_email ?? '',
    customer_phone: b.customer_phone ?? '',
    status: b.status,
    status_reason: b.status_reason ?? '',
    delivery_method: b.delivery_method,
    delivery_address: b.delivery_address ?? '',
    pickup_point_id: b.pickup_point_id === null ? null : String(b.pickup_point_id),
    admin_notes: b.admin_notes ?? '',
    customer_notes: b.customer_notes ?? '',
    additional_services: b.additional_services ?? {},
  };
}

/** The save body of spec 3 §7 (POST /admin/rental-bookings, PUT …/{id}). */
export function bookingBody(values: BookingFormValues, rows: readonly ItemRow[]) {
  return {
    user_id: values.user_id ?? '',
    status: values.status,
    status_reason: values.status_reason,
    admin_notes: values.admin_notes,
    customer_notes: values.customer_notes,
    delivery_required: values.delivery_method === 'delivery',
    delivery_method: values.delivery_method,
    delivery_address: values.delivery_method === 'delivery' ? values.delivery_address : '',
    pickup_point_id: values.delivery_method === 'pickup' ? (values.pickup_point_id ?? '') : '',
    additional_services: JSON.stringify(values.additional_services),
    customer_name: values.customer_name,
    customer_email: values.customer_email,
    customer_phone: values.customer_phone,
    rental_items: itemsBody(rows),
  };
}

/**
 * What refuses the save before it is sent, with the messages the server would answer (the same
 * contract): at least one item (spec 3 §5), no row still open, and the body's own rules.
 */
export function bookingFormErrors(
  values: BookingFormValues,
  rows: readonly ItemRow[],
  editing: string | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = bookingSaveBody.safeParse(bookingBody(values, rows));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'rental_items' ? 'rental_items' : String(issue.path[0] ?? 'form');
      errors[key] ??= issue.message;
    }
  if (rows.filter((r) => !isEmptyRow(r)).length === 0) errors.rental_items = RENTAL_MESSAGES.itemsRequired;
  else if (editing !== null) errors.rental_items ??= 'Save or cancel the item being edited first.';
  return errors;
}
