/** spec 3 §4 booking statuses; DECISIONS 16 their transitions. */
export const BOOKING_STATUSES = [
  'pending',
  'quoted',
  'ready',
  'in_transit',
  'active',
  'returned',
  'overdue',
  'failed',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_MESSAGES = {
  itemsRequired: 'At least one rental item or product in periods is required',
  reasonFailed: 'Reason is required when marking booking as failed',
  reasonCancelled: 'Reason is required when marking booking as cancelled',
  activeNeedsPayment: 'A booking can only be active once a payment is completed.',
  itemsLocked: 'Rental items can only be changed while the booking is pending.',
  transition: (from: string, to: string) => `A booking cannot go from ${from} to ${to}.`,
} as const;

const FINAL: readonly BookingStatus[] = ['returned', 'failed', 'cancelled'];
const FORWARD: Partial<Record<BookingStatus, readonly BookingStatus[]>> = {
  pending: ['quoted'],
  quoted: ['ready'],
  ready: ['in_transit'],
  in_transit: ['active'],
  active: ['returned', 'overdue'],
  overdue: ['active', 'returned'],
};

/**
 * DECISIONS 16: pending → quoted → ready → in_transit → active → returned; active ↔ overdue;
 * overdue → returned; any not yet returned → failed or cancelled. returned, failed and cancelled
 * are final. Staying in the same status is no transition and always allowed.
 */
export function canChangeBookingStatus(from: BookingStatus, to: BookingStatus): boolean {
  if (from === to) return true;
  if (FINAL.includes(from)) return false;
  if (to === 'failed' || to === 'cancelled') return true;
  return FORWARD[from]?.includes(to) ?? false;
}

export function isFinalBookingStatus(status: BookingStatus): boolean {
  return FINAL.includes(status);
}

/** DECISIONS 16: items change only while the booking is pending. */
export function bookingItemsEditable(status: BookingStatus): boolean {
  return status === 'pending';
}

/**
 * spec 3 §4, §5: what refuses saving a booking: no items (neither booking items nor period items),
 * active without a completed payment, failed or cancelled without a reason, a transition DECISIONS
 * 16 does not allow. Answers field → message.
 */
export function bookingSaveErrors(input: {
  from: BookingStatus | null;
  to: BookingStatus;
  itemCount: number;
  periodItemCount: number;
  hasCompletedPayment: boolean;
  reason: string | null | undefined;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.itemCount + input.periodItemCount === 0) errors.rental_items = BOOKING_MESSAGES.itemsRequired;
  if (input.from !== null && !canChangeBookingStatus(input.from, input.to))
    errors.status = BOOKING_MESSAGES.transition(input.from, input.to);
  else if (input.to === 'active' && !input.hasCompletedPayment)
    errors.status = BOOKING_MESSAGES.activeNeedsPayment;
  const reason = input.reason?.trim() ?? '';
  if (input.to === 'failed' && !reason) errors.status_reason = BOOKING_MESSAGES.reasonFailed;
  if (input.to === 'cancelled' && !reason) errors.status_reason = BOOKING_MESSAGES.reasonCancelled;
  return errors;
}

/**
 * spec 3 §4 "Document availability (rental)": which documents a booking (and its period) may
 * produce now.
 */
export function documentAvailable(
  type: 'rental_agreement' | 'delivery_note' | 'return_receipt' | 'proforma' | 'final_invoice',
  booking: { status: BookingStatus },
  period?: { status: string; fullyPaid: boolean },
): boolean {
  switch (type) {
    case 'rental_agreement':
      return booking.status === 'active';
    case 'delivery_note':
      return ['ready', 'in_transit', 'active', 'returned'].includes(booking.status);
    case 'return_receipt':
      return booking.status === 'returned';
    case 'proforma':
      return true;
    case 'final_invoice':
      return period ? ['active_paid', 'paid'].includes(period.status) || period.fullyPaid : false;
  }
}

/**
 * Statuses whose bookings hold their units (availability): pending or later, not failed,
 * cancelled or returned.
 */
export function bookingHoldsStock(status: BookingStatus): boolean {
  return !['failed', 'cancelled', 'returned'].includes(status);
}
