import { sql } from 'drizzle-orm';
import { addFieldError, type FieldErrors, validationError } from '../../../domain/errors';
import { type BookingStatus, bookingSaveErrors } from '../../../domain/rentals/booking-status';
import type { SessionActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { readTogether } from '../../platform/db/read-together';
import { settleBookingStock } from './booking-stock';
import {
  bookingStatusOf,
  hasCompletedPayment,
  itemsOfBooking,
  lockBooking,
  periodItemCount,
} from './bookings.queries';
import { rentalBookings } from './rentals.tables';

/**
 * POST|PUT /api/rental/bookings/{id}/status: DECISIONS 16's transitions, a reason for failed and
 * cancelled, a completed payment before active; the stock moves in the same transaction
 * (booking-stock.ts). Answers the new status.
 */
export async function changeBookingStatus(
  ctx: AppContext,
  actor: SessionActor,
  id: number,
  input: { status: BookingStatus; status_reason?: string | null | undefined },
): Promise<{ status: BookingStatus; stockDeductedAt: Date | null }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    const from = bookingStatusOf(booking);
    const [items, periodItems, paid] = await readTogether(tx, [
      () => itemsOfBooking(tx, booking.id),
      () => periodItemCount(tx, booking.id),
      () => hasCompletedPayment(tx, booking.id),
    ]);
    const rules = bookingSaveErrors({
      from,
      to: input.status,
      itemCount: items.length,
      periodItemCount: periodItems,
      hasCompletedPayment: paid,
      reason: input.status_reason,
    });
    // A status change of a booking without items is refused by the save, not here: the status
    // route changes the status only.
    delete rules.rental_items;
    const errors: FieldErrors = {};
    for (const [field, message] of Object.entries(rules)) addFieldError(errors, field, message);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    if (from === input.status) return { status: from, stockDeductedAt: booking.stockDeductedAt };
    await tx
      .update(rentalBookings)
      .set({ status: input.status, statusReason: input.status_reason ?? null, updatedAt: sql`now()` })
      .where(sql`${rentalBookings.id} = ${booking.id}`);
    const stockDeductedAt = await settleBookingStock(tx, booking, input.status, actor, now);
    return { status: input.status, stockDeductedAt };
  });
}
