import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { bookingPaymentBody } from '../../../contracts/rentals';
import type { SessionActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { lockBooking } from './bookings.queries';
import { rentalBookings, rentalPayments } from './rentals.tables';

type PaymentInput = z.output<typeof bookingPaymentBody>;

export const PAYMENT_MESSAGES = {
  added: 'Payment added successfully',
  updated: 'Payment updated successfully',
  deleted: 'Payment deleted successfully',
} as const;

const columns = (input: PaymentInput) => ({
  amount: input.amount.toFixed(2),
  paymentType: input.payment_type,
  paymentDate: input.payment_date,
  transactionId: input.transaction_id ?? null,
  paymentDetails: input.payment_details ?? null,
});

/** A booking-level payment (period_id null) of this booking, under its lock; another's is a 404. */
async function lockPayment(tx: Tx, bookingId: number, paymentId: number) {
  const [row] = await tx
    .select()
    .from(rentalPayments)
    .where(
      and(
        eq(rentalPayments.id, paymentId),
        eq(rentalPayments.bookingId, bookingId),
        isNull(rentalPayments.periodId),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

const touch = (tx: Tx, bookingId: number) =>
  tx.update(rentalBookings).set({ updatedAt: sql`now()` }).where(eq(rentalBookings.id, bookingId));

/** POST /admin/rental-bookings/{id}/payments: a completed booking-level payment (spec 3 §3). */
export async function addBookingPayment(
  ctx: AppContext,
  actor: SessionActor,
  id: number,
  input: PaymentInput,
) {
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    const [row] = await tx
      .insert(rentalPayments)
      .values({ ...columns(input), bookingId: booking.id, status: 'completed', createdBy: actor.userId })
      .returning();
    await touch(tx, booking.id);
    return row!;
  });
}

/** PUT /admin/rental-bookings/{id}/payments/{paymentId}. */
export async function updateBookingPayment(
  ctx: AppContext,
  id: number,
  paymentId: number,
  input: PaymentInput,
) {
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    const payment = await lockPayment(tx, booking.id, paymentId);
    const [row] = await tx
      .update(rentalPayments)
      .set({ ...columns(input), updatedAt: sql`now()` })
      .where(eq(rentalPayments.id, payment.id))
      .returning();
    await touch(tx, booking.id);
    return row!;
  });
}

/** DELETE /admin/rental-bookings/{id}/payments/{paymentId}. */
export async function deleteBookingPayment(ctx: AppContext, id: number, paymentId: number) {
  await ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    const payment = await lockPayment(tx, booking.id, paymentId);
    await tx.delete(rentalPayments).where(eq(rentalPayments.id, payment.id));
    await touch(tx, booking.id);
  });
}
