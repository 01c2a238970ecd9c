import type { BookingReply } from '../../../contracts/rentals';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { presentBooking } from './bookings.presenter';
import { customerOf, findBooking, itemsOfBooking, paymentsOfBooking } from './bookings.queries';
import { loadAvailability } from './rental-availability';

/**
 * GET /api/rental-bookings/{id}: the booking the editor loads, each item with the units free for
 * its dates besides this booking's own (rental-availability.ts).
 */
export async function bookingReply(db: Executor, id: number): Promise<BookingReply> {
  const booking = await findBooking(db, id);
  const [items, payments, customer] = await readTogether(db, [
    () => itemsOfBooking(db, booking.id),
    () => paymentsOfBooking(db, booking.id),
    () => customerOf(db, booking.userId),
  ]);
  const availability = await loadAvailability(
    db,
    items.map((i) => ({ productId: i.productId, variantId: i.productStockId })),
    booking.id,
  );
  return presentBooking(booking, items, payments, customer, (item) =>
    availability.free({
      productId: item.productId,
      variantId: item.productStockId,
      start: item.rentalStartDate,
      end: item.rentalEndDate,
    }),
  );
}
