import { and, eq, inArray, sql } from 'drizzle-orm';
import { RENTAL_MESSAGES as M, type RentalItemInput } from '../../../contracts/rentals';
import { addFieldError, type FieldErrors } from '../../../domain/errors';
import { type Cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import { rentalTotal } from '../../../domain/rentals/rental-cost';
import type { Tx } from '../../platform/db/database';
import type { BookingRow, RentalItemRow } from './bookings.queries';
import { type PricedItem, priceRentalItems } from './price-rental-item';
import { lockRentalProducts, unavailableItems } from './rental-availability';
import { type AdditionalService, rentalBookings, rentalItems } from './rentals.tables';

/** Whether the body's items say the same as the stored ones (a save of a locked booking may resend them). */
export function sameItems(stored: readonly RentalItemRow[], body: readonly RentalItemInput[]): boolean {
  if (stored.length !== body.length) return false;
  return body.every((item) => {
    const row = stored.find((s) => s.id === item.id);
    return (
      row !== undefined &&
      row.productId === item.product_id &&
      row.productStockId === (item.product_stock_id ?? null) &&
      row.quantity === item.quantity &&
      row.rentalDuration === item.rental_duration &&
      row.rentalStartDate === item.rental_start_date &&
      (item.daily_rate === undefined || fromDecimal(row.dailyRate) === fromDecimal(item.daily_rate)) &&
      fromDecimal(row.discount) === fromDecimal(item.discount)
    );
  });
}

/**
 * Prices the items the body names and checks them against availability, under the products' row
 * locks (rental-availability.ts), leaving this booking's own stored items out of what is booked.
 * `keep` are stored items that stay as they are (an add of items keeps the others). Answers the
 * priced items, or field errors.
 */
export async function prepareItems(
  tx: Tx,
  bookingId: number | null,
  body: readonly RentalItemInput[],
  stored: readonly RentalItemRow[],
  keep: readonly RentalItemRow[] = [],
): Promise<{ items: PricedItem[]; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  body.forEach((item, index) => {
    if (item.id !== undefined && !stored.some((s) => s.id === item.id))
      addFieldError(errors, `rental_items.${index}.id`, 'This item is not on the booking.');
  });
  const priced = await priceRentalItems(tx, body);
  Object.assign(errors, priced.errors);
  if (Object.keys(errors).length > 0) return { items: [], errors };
  await lockRentalProducts(tx, [...priced.items.map((i) => i.productId), ...keep.map((k) => k.productId)]);
  const requested = [
    ...keep.map((k) => ({
      productId: k.productId,
      variantId: k.productStockId,
      start: k.rentalStartDate,
      end: k.rentalEndDate,
      quantity: k.quantity,
      name: k.productName,
      kept: true,
    })),
    ...priced.items.map((i) => ({
      productId: i.productId,
      variantId: i.productStockId ?? null,
      start: i.rentalStartDate,
      end: i.rentalEndDate,
      quantity: i.quantity,
      name: i.variants ? `${i.productName} (${i.variants})` : i.productName,
    })),
  ];
  Object.assign(
    errors,
    await unavailableItems(tx, requested, bookingId, (index) => `rental_items.${index}.quantity`),
  );
  return { items: priced.items, errors };
}

/** Writes the booking's items: updates those with an id, adds the others, removes `remove`. */
export async function writeItems(
  tx: Tx,
  bookingId: number,
  items: readonly PricedItem[],
  remove: readonly number[],
): Promise<void> {
  if (remove.length > 0)
    await tx
      .delete(rentalItems)
      .where(and(eq(rentalItems.bookingId, bookingId), inArray(rentalItems.id, [...remove])));
  for (const { id, cost: _cost, ...values } of items) {
    if (id !== undefined)
      await tx
        .update(rentalItems)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(rentalItems.id, id), eq(rentalItems.bookingId, bookingId)));
    else await tx.insert(rentalItems).values({ ...values, bookingId });
  }
}

/** spec 3 §9: the items' costs plus every service fee. */
export function bookingTotal(
  itemCosts: readonly (Cents | string)[],
  services: Record<string, AdditionalService>,
): string {
  return toDecimalText(
    rentalTotal(
      itemCosts.map((c) => (typeof c === 'string' ? fromDecimal(c) : c)),
      Object.values(services).map((s) => fromDecimal(s.amount)),
    ),
  );
}

/** Recomputes and stores total_estimated_cost from the stored items and the services. */
export async function storeTotal(
  tx: Tx,
  booking: Pick<BookingRow, 'id'>,
  services: Record<string, AdditionalService>,
): Promise<string> {
  const costs = await tx
    .select({ cost: rentalItems.totalCost })
    .from(rentalItems)
    .where(eq(rentalItems.bookingId, booking.id));
  const total = bookingTotal(
    costs.map((c) => c.cost),
    services,
  );
  await tx
    .update(rentalBookings)
    .set({ totalEstimatedCost: total, additionalServices: services, updatedAt: sql`now()` })
    .where(eq(rentalBookings.id, booking.id));
  return total;
}

export const ITEMS_LOCKED = M.itemsLocked;
