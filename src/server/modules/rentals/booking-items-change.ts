import type { BookingItemsBody } from '../../../contracts/rentals';
import { RENTAL_MESSAGES as M } from '../../../contracts/rentals';
import { validationError } from '../../../domain/errors';
import { bookingItemsEditable } from '../../../domain/rentals/booking-status';
import type { AppContext } from '../../platform/context';
import { prepareItems, storeTotal, writeItems } from './booking-items';
import { bookingStatusOf, itemsOfBooking, lockBooking, periodItemCount } from './bookings.queries';

/**
 * POST /admin/rental-bookings/{id}/items: adds items (and updates those named by id), or with
 * `replace` makes the body the booking's whole list; the save's rules apply (pending only,
 * priced on the server, availability), and total_estimated_cost follows.
 */
export async function changeBookingItems(ctx: AppContext, id: number, body: BookingItemsBody) {
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    if (!bookingItemsEditable(bookingStatusOf(booking)))
      throw validationError({ rental_items: [M.itemsLocked] });
    const stored = await itemsOfBooking(tx, booking.id);
    const named = new Set(body.rental_items.map((i) => i.id).filter((v) => v !== undefined));
    const others = stored.filter((s) => !named.has(s.id));
    if (body.replace && body.rental_items.length === 0 && (await periodItemCount(tx, booking.id)) === 0)
      throw validationError({ rental_items: [M.itemsRequired] });
    const prepared = await prepareItems(
      tx,
      booking.id,
      body.rental_items,
      stored,
      body.replace ? [] : others,
    );
    if (Object.keys(prepared.errors).length > 0) throw validationError(prepared.errors);
    await writeItems(tx, booking.id, prepared.items, body.replace ? others.map((o) => o.id) : []);
    await storeTotal(tx, booking, booking.additionalServices);
  });
}
