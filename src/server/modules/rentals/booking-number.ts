import { desc, like, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { rentalBookings } from './rentals.tables';

/** RB-2026-00001: the year the booking is made in, and its place in that year (docs/decisions/0066). */
export function formatBookingNumber(year: number, sequence: number): string {
  return `RB-${year}-${String(sequence).padStart(5, '0')}`;
}

/**
 * The next booking number of the year, gapless: an advisory lock per year makes concurrent
 * bookings take turns until they commit, so each reads the number the one before it wrote. A
 * rolled-back booking gives its number back to the next one.
 */
export async function nextBookingNumber(tx: Tx, year: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rental_booking_number:${year}`}))`);
  const prefix = `RB-${year}-`;
  const [last] = await tx
    .select({ number: rentalBookings.bookingNumber })
    .from(rentalBookings)
    .where(like(rentalBookings.bookingNumber, `${prefix}%`))
    .orderBy(desc(sql`length(${rentalBookings.bookingNumber})`), desc(rentalBookings.bookingNumber))
    .limit(1);
  const sequence = last ? Number.parseInt(last.number.slice(prefix.length), 10) + 1 : 1;
  return formatBookingNumber(year, sequence);
}
