import type { IsoDate } from '../dates/date-format';
import { type BookingStatus, bookingHoldsStock } from './booking-status';

export type BookedUnits = {
  status: BookingStatus;
  start: IsoDate | string;
  end: IsoDate | string;
  quantity: number;
};

/** Two date ranges (both ends included) share at least one day. */
export function rangesOverlap(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/**
 * The most units of one rental product (or variant) booked on any single day of the range, by the
 * bookings that hold stock (pending or later, not failed, cancelled or returned). Counting the
 * peak day, not the sum, lets back-to-back rentals share a unit.
 */
export function peakBookedUnits(
  range: { start: string; end: string },
  bookings: readonly BookedUnits[],
): number {
  const holding = bookings.filter((b) => bookingHoldsStock(b.status) && rangesOverlap(b, range));
  // The peak can only change where a booking starts: check those days (and the range's first).
  const days = new Set([range.start, ...holding.map((b) => (b.start > range.start ? b.start : range.start))]);
  let peak = 0;
  for (const day of days) {
    if (day > range.end) continue;
    const units = holding
      .filter((b) => b.start <= day && day <= b.end)
      .reduce((sum, b) => sum + b.quantity, 0);
    peak = Math.max(peak, units);
  }
  return peak;
}

/** Units free for the whole range: the rental stock minus the peak booked day, never below 0. */
export function freeUnits(
  rentalStock: number,
  range: { start: string; end: string },
  bookings: readonly BookedUnits[],
): number {
  return Math.max(0, rentalStock - peakBookedUnits(range, bookings));
}
