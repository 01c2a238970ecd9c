import { and, asc, inArray, notInArray, sql } from 'drizzle-orm';
import { RENTAL_MESSAGES } from '../../../contracts/rentals';
import { fieldError } from '../../../domain/errors';
import { type BookedUnits, freeUnits, peakBookedUnits } from '../../../domain/rentals/availability';
import type { BookingStatus } from '../../../domain/rentals/booking-status';
import { stockKeyText } from '../../../domain/stock/stock-rules';
import type { Executor, Tx } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { readTogether } from '../../platform/db/read-together';
import { products } from '../catalogue/catalogue.tables';
import { stockOnHand } from '../stock';
import { rentalBookings, rentalItems, rentalPeriodItems, rentalPeriods } from './rentals.tables';

/**
 * The hard rule (docs/decisions/0066 "Availability"): on no day do the units of a rental
 * product (or variant) booked by bookings that hold stock exceed its rental stock, which is the
 * stock on hand plus the units currently out on bookings (stock_deducted_at set). An item holds
 * its units from its start date to the later of its end date and its booking's last period end.
 * A period that rents more units of a product than the booking's items (a product added for a
 * month) holds the difference over its own dates, so copied items are not counted twice.
 */

/** A product (variantId null) or one of its variants, as rental items name them. */
export type RentalKey = { productId: number; variantId: number | null };
export type RequestedUnits = RentalKey & {
  start: string;
  end: string;
  quantity: number;
  name: string;
  /** An item the booking keeps as it is: counted as booked, not checked again. */
  kept?: boolean;
};

type HeldRow = BookedUnits & RentalKey & { bookingId: number; out: boolean };

/**
 * Locks the products' rows in ascending id, the stock service's lock order, so two bookings of the
 * same product take turns and what is counted under the lock stays true until commit.
 */
export async function lockRentalProducts(tx: Tx, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update');
}

const HELD_STATUSES_EXCLUDED = ['failed', 'cancelled', 'returned'];

/** Every item of a booking holding stock, for these products, and the periods' extra units. */
async function heldRows(db: Executor, productIds: readonly number[]): Promise<HeldRow[]> {
  const [items, extra] = await readTogether(db, [
    () => bookingItemRows(db, productIds),
    () => periodExtraRows(db, productIds),
  ]);
  return [...items, ...extra];
}

/**
 * What each period of a holding booking rents beyond the booking's own items of the same product
 * or variant, over the period's dates: one grouped query.
 */
async function periodExtraRows(db: Executor, productIds: readonly number[]): Promise<HeldRow[]> {
  const ids = [...new Set(productIds)];
  const own = sql`coalesce((select sum(${qualified(rentalItems.quantity)}) from ${rentalItems}
    where ${qualified(rentalItems.bookingId)} = ${qualified(rentalBookings.id)}
      and ${qualified(rentalItems.productId)} = ${qualified(rentalPeriodItems.productId)}
      and ${qualified(rentalItems.productStockId)} is not distinct from ${qualified(rentalPeriodItems.productStockId)}), 0)`;
  const rows = await db
    .select({
      bookingId: rentalBookings.id,
      status: rentalBookings.status,
      productId: rentalPeriodItems.productId,
      variantId: rentalPeriodItems.productStockId,
      quantity: sql<string>`(sum(${rentalPeriodItems.quantity}) - ${own})::text`,
      start: sql<string>`${rentalPeriods.startDate}::text`,
      end: sql<string>`${rentalPeriods.endDate}::text`,
    })
    .from(rentalPeriodItems)
    .innerJoin(rentalPeriods, sql`${rentalPeriods.id} = ${rentalPeriodItems.periodId}`)
    .innerJoin(rentalBookings, sql`${rentalBookings.id} = ${rentalPeriods.bookingId}`)
    .where(
      and(
        inArray(rentalPeriodItems.productId, ids),
        notInArray(rentalBookings.status, HELD_STATUSES_EXCLUDED),
      ),
    )
    .groupBy(
      rentalBookings.id,
      rentalBookings.status,
      rentalPeriods.id,
      rentalPeriods.startDate,
      rentalPeriods.endDate,
      rentalPeriodItems.productId,
      rentalPeriodItems.productStockId,
    )
    .having(sql`sum(${rentalPeriodItems.quantity}) > ${own}`);
  return rows.map((r) => ({
    ...r,
    quantity: Number(r.quantity),
    out: false,
    status: r.status as BookingStatus,
  }));
}

async function bookingItemRows(db: Executor, productIds: readonly number[]): Promise<HeldRow[]> {
  const lastPeriodEnd = sql<
    string | null
  >`(select max(${qualified(rentalPeriods.endDate)}) from ${rentalPeriods} where ${qualified(rentalPeriods.bookingId)} = ${qualified(rentalBookings.id)})`;
  const rows = await db
    .select({
      bookingId: rentalBookings.id,
      status: rentalBookings.status,
      out: sql<boolean>`${rentalBookings.stockDeductedAt} is not null`,
      productId: rentalItems.productId,
      variantId: rentalItems.productStockId,
      quantity: rentalItems.quantity,
      start: rentalItems.rentalStartDate,
      end: sql<string>`greatest(${rentalItems.rentalEndDate}, ${lastPeriodEnd})::text`,
    })
    .from(rentalItems)
    .innerJoin(rentalBookings, sql`${rentalBookings.id} = ${rentalItems.bookingId}`)
    .where(
      and(
        inArray(rentalItems.productId, [...productIds]),
        notInArray(rentalBookings.status, HELD_STATUSES_EXCLUDED),
      ),
    );
  return rows.map((r) => ({ ...r, status: r.status as BookingStatus }));
}

export type Availability = {
  /** Units of the key free for the range, besides the booking left out (and the items before it). */
  free(request: RentalKey & { start: string; end: string }, alsoBooked?: readonly BookedUnits[]): number;
  /** The most units of the key booked on one day of the range beyond its rental stock (0: it fits). */
  excess(request: RentalKey & { start: string; end: string }): number;
};

/**
 * Reads what the rule needs for these keys: their stock on hand and every holding item of them.
 * `exceptBookingId` leaves that booking's own items out of what is booked (they are being replaced
 * or shown beside their own units).
 */
export async function loadAvailability(
  db: Executor,
  keys: readonly RentalKey[],
  exceptBookingId: number | null,
): Promise<Availability> {
  if (keys.length === 0) return { free: () => 0, excess: () => 0 };
  const [held, onHand] = await readTogether(db, [
    () =>
      heldRows(
        db,
        keys.map((k) => k.productId),
      ),
    () => stockOnHand(db, keys),
  ]);
  const out = new Map<string, number>();
  for (const row of held)
    if (row.out) out.set(stockKeyText(row), (out.get(stockKeyText(row)) ?? 0) + row.quantity);
  const rentalStock = (key: RentalKey) => onHand(key) + (out.get(stockKeyText(key)) ?? 0);
  const bookedOf = (key: RentalKey) =>
    held.filter((r) => stockKeyText(r) === stockKeyText(key) && r.bookingId !== exceptBookingId);
  return {
    free(request, alsoBooked = []) {
      return freeUnits(rentalStock(request), request, [...bookedOf(request), ...alsoBooked]);
    },
    excess(request) {
      return Math.max(0, peakBookedUnits(request, bookedOf(request)) - rentalStock(request));
    },
  };
}

/**
 * Checks requested items against the rule, under the products' locks (the caller's transaction
 * must have called lockRentalProducts). Each item is counted with the items before it, so a
 * booking naming the same product twice cannot overbook it either; kept items come first and are
 * not indexed. Answers field → message for the checked items that do not fit.
 */
export async function unavailableItems(
  tx: Tx,
  items: readonly RequestedUnits[],
  exceptBookingId: number | null,
  field: (index: number) => string,
): Promise<Record<string, string[]>> {
  const availability = await loadAvailability(tx, items, exceptBookingId);
  const errors: Record<string, string[]> = {};
  const before: (BookedUnits & RentalKey)[] = [];
  let index = 0;
  for (const item of items) {
    if (!item.kept) {
      const same = before.filter((b) => stockKeyText(b) === stockKeyText(item));
      const free = availability.free(item, same);
      if (item.quantity > free) errors[field(index)] = [RENTAL_MESSAGES.notAvailable(item.name, free)];
      index += 1;
    }
    before.push({ ...item, status: 'pending' });
  }
  return errors;
}

/**
 * After a write that changed what a booking's periods hold (a period created or moved, a product
 * added or copied into a period), under the products' locks taken before it: refuses the write
 * when any of these products is now booked beyond its rental stock on a day of the range.
 */
export async function assertUnitsFit(
  tx: Tx,
  requests: readonly (RentalKey & { name: string; added?: number })[],
  range: { start: string; end: string },
  field: string,
): Promise<void> {
  const availability = await loadAvailability(tx, requests, null);
  for (const request of requests) {
    const over = availability.excess({ ...request, ...range });
    if (over > 0) {
      throw fieldError(
        field,
        RENTAL_MESSAGES.notAvailable(request.name, Math.max(0, (request.added ?? 0) - over)),
      );
    }
  }
}

/**
 * The same for every product a booking rents, in its items or its periods: after a period was
 * created or moved, which stretches what the booking holds.
 */
export async function assertBookingUnitsFit(
  tx: Tx,
  bookingId: number,
  range: { start: string; end: string },
  field: string,
): Promise<void> {
  const [items, periodItems] = await readTogether(tx, [
    () =>
      tx
        .select({
          productId: rentalItems.productId,
          variantId: rentalItems.productStockId,
          name: rentalItems.productName,
        })
        .from(rentalItems)
        .where(sql`${rentalItems.bookingId} = ${bookingId}`),
    () =>
      tx
        .select({
          productId: rentalPeriodItems.productId,
          variantId: rentalPeriodItems.productStockId,
          name: rentalPeriodItems.productName,
        })
        .from(rentalPeriodItems)
        .innerJoin(rentalPeriods, sql`${rentalPeriods.id} = ${rentalPeriodItems.periodId}`)
        .where(sql`${rentalPeriods.bookingId} = ${bookingId}`),
  ]);
  const keys = new Map([...items, ...periodItems].map((k) => [stockKeyText(k), k]));
  if (keys.size === 0) return;
  await lockRentalProducts(
    tx,
    [...keys.values()].map((k) => k.productId),
  );
  await assertUnitsFit(tx, [...keys.values()], range, field);
}
