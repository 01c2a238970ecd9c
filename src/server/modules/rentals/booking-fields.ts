import { eq, sql } from 'drizzle-orm';
import { RENTAL_MESSAGES as M } from '../../../contracts/rentals';
import { type FieldErrors, fieldError, validationError } from '../../../domain/errors';
import type { AppContext } from '../../platform/context';
import { checkCustomerAccount, findUser } from '../accounts';
import { lockBooking } from './bookings.queries';
import { rentalBookings } from './rentals.tables';
import { checkPickupPoint, GUEST_CUSTOMER, SAVE_MESSAGES } from './save-booking';

/**
 * POST /admin/rental-bookings/{id}/delivery-method (spec 3 §4: sent at once): delivery, or pickup
 * at an existing pickup point.
 */
export async function changeDeliveryMethod(
  ctx: AppContext,
  id: number,
  input: { delivery_method: 'delivery' | 'pickup'; pickup_point_id?: number | null | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    const errors: FieldErrors = {};
    await checkPickupPoint(tx, input.pickup_point_id, errors);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const [row] = await tx
      .update(rentalBookings)
      .set({
        deliveryMethod: input.delivery_method,
        deliveryRequired: input.delivery_method === 'delivery',
        pickupPointId: input.delivery_method === 'pickup' ? (input.pickup_point_id ?? null) : null,
        updatedAt: sql`now()`,
      })
      .where(eq(rentalBookings.id, booking.id))
      .returning();
    return row!;
  });
}

/** POST /admin/rental-bookings/{id}/delivery-address: required while the booking is delivered. */
export async function changeDeliveryAddress(
  ctx: AppContext,
  id: number,
  input: { delivery_address?: string | null | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    if (booking.deliveryMethod === 'delivery' && !input.delivery_address)
      throw fieldError('delivery_address', M.deliveryAddress);
    const [row] = await tx
      .update(rentalBookings)
      .set({ deliveryAddress: input.delivery_address ?? null, updatedAt: sql`now()` })
      .where(eq(rentalBookings.id, booking.id))
      .returning();
    return row!;
  });
}

/**
 * POST /admin/rental-bookings/{id}/customer: a customer-side account (docs/decisions/0035, as the
 * order form's customer) whose name, e-mail and phone the booking copies; null makes it a guest
 * booking that keeps the names it has.
 */
export async function changeBookingCustomer(ctx: AppContext, id: number, input: { user_id: number | null }) {
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    if (input.user_id === null) {
      const [row] = await tx
        .update(rentalBookings)
        .set({ userId: null, updatedAt: sql`now()` })
        .where(eq(rentalBookings.id, booking.id))
        .returning();
      return row!;
    }
    const user = await findUser(tx, input.user_id);
    if (!user) throw fieldError('user_id', SAVE_MESSAGES.user);
    if (user.id !== booking.userId) await checkCustomerAccount(tx, user.id);
    const name =
      [user.firstName, user.lastName].filter(Boolean).join(' ') || user.companyName || GUEST_CUSTOMER.name;
    const [row] = await tx
      .update(rentalBookings)
      .set({
        userId: user.id,
        customerName: name,
        customerEmail: user.email,
        customerPhone: user.phone ?? user.mobile ?? booking.customerPhone,
        updatedAt: sql`now()`,
      })
      .where(eq(rentalBookings.id, booking.id))
      .returning();
    return row!;
  });
}
