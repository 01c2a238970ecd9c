import { eq } from 'drizzle-orm';
import type { BookingStatus } from '../../../domain/rentals/booking-status';
import { stockQuantities } from '../../../domain/stock/stock-rules';
import type { Executor, Tx } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { getSettings } from '../../platform/settings/settings-store';
import { deduct, returnStock, stockHeldBy, stockOnHand } from '../stock';
import { type BookingRow, findBooking, itemsOfBooking, type RentalItemRow } from './bookings.queries';
import { rentalBookings, rentalPeriodItems, rentalPeriods } from './rentals.tables';

type Actor = { userId: number | null };

/** The booking's units per product and variant, in the stock service's lock order. */
const unitsByItem = (items: readonly Pick<RentalItemRow, 'productId' | 'productStockId' | 'quantity'>[]) =>
  stockQuantities(
    items.map((i) => ({ productId: i.productId, variantId: i.productStockId, quantity: i.quantity })),
  );

const reference = (booking: Pick<BookingRow, 'id' | 'bookingNumber'>) => ({
  type: 'booking' as const,
  id: booking.id,
  label: booking.bookingNumber,
});

/**
 * The stock a change of status moves (docs/decisions/0066 "Stock"), in the caller's transaction:
 * the booking's units leave stock (rental_deduction) when it first becomes in_transit or active,
 * and come back (rental_return) when it is returned, or failed or cancelled after they left. With
 * stock management off nothing moves and stock_deducted_at stays empty. Answers stock_deducted_at.
 */
export async function settleBookingStock(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'bookingNumber' | 'stockDeductedAt'>,
  to: BookingStatus,
  actor: Actor,
  now: Date,
): Promise<Date | null> {
  const deducted = booking.stockDeductedAt !== null;
  if (!deducted && (to === 'in_transit' || to === 'active')) {
    const items = await itemsOfBooking(tx, booking.id);
    for (const item of unitsByItem(items)) {
      const result = await deduct(tx, {
        ...item,
        reference: reference(booking),
        reason: 'rental_deduction',
        userId: actor.userId,
      });
      if (result.status === 'disabled') return null;
    }
    if (items.length === 0) return null;
    await tx.update(rentalBookings).set({ stockDeductedAt: now }).where(eq(rentalBookings.id, booking.id));
    return now;
  }
  if (deducted && (to === 'returned' || to === 'failed' || to === 'cancelled')) {
    const items = await itemsOfBooking(tx, booking.id);
    for (const item of unitsByItem(items)) {
      await returnStock(tx, {
        productId: item.productId,
        variantId: item.variantId,
        reference: reference(booking),
        reason: 'rental_return',
        userId: actor.userId,
      });
    }
    await tx.update(rentalBookings).set({ stockDeductedAt: null }).where(eq(rentalBookings.id, booking.id));
    return null;
  }
  return booking.stockDeductedAt;
}

/**
 * GET /api/rental-bookings/{id}/stock-status: each item of the booking and of its periods, with
 * its current stock and whether the booking holds its units.
 */
export async function bookingStockStatus(db: Executor, id: number) {
  const booking = await findBooking(db, id);
  const [items, periodItems, settings, held] = await readTogether(db, [
    () => itemsOfBooking(db, booking.id),
    () =>
      db
        .select({
          productId: rentalPeriodItems.productId,
          productStockId: rentalPeriodItems.productStockId,
          productName: rentalPeriodItems.productName,
          variants: rentalPeriodItems.variants,
          quantity: rentalPeriodItems.quantity,
          periodNumber: rentalPeriods.periodNumber,
        })
        .from(rentalPeriodItems)
        .innerJoin(rentalPeriods, eq(rentalPeriods.id, rentalPeriodItems.periodId))
        .where(eq(rentalPeriods.bookingId, booking.id))
        .orderBy(rentalPeriods.periodNumber, rentalPeriodItems.id),
    () => getSettings(db, ['stock_management_enabled']),
    () => stockHeldBy(db, { type: 'booking', id: booking.id }),
  ]);
  const all = [...items.map((i) => ({ ...i, periodNumber: null as number | null })), ...periodItems];
  const onHand = await stockOnHand(
    db,
    all.map((i) => ({ productId: i.productId, variantId: i.productStockId })),
  );
  return {
    stock_management_enabled: settings.stock_management_enabled,
    stock_deducted_at: booking.stockDeductedAt?.toISOString() ?? null,
    items: all.map((item) => ({
      product_id: item.productId,
      product_stock_id: item.productStockId,
      name: item.variants ? `${item.productName} (${item.variants})` : item.productName,
      quantity: item.quantity,
      deducted:
        item.periodNumber === null && held({ productId: item.productId, variantId: item.productStockId }),
      current_stock: onHand({ productId: item.productId, variantId: item.productStockId }),
      period_number: item.periodNumber,
    })),
  };
}
