import { type Cents, cents, ZERO } from '../money/money';

/** spec 3 §9: a rental is billed by started 30-day block. */
export const DAYS_PER_BILLED_MONTH = 30;

/** Billed months of a duration in days: ceil(duration / 30), at least 1. */
export function billedMonths(durationDays: number): number {
  if (!Number.isInteger(durationDays) || durationDays < 1)
    throw new RangeError(`Not a rental duration: ${durationDays}`);
  return Math.ceil(durationDays / DAYS_PER_BILLED_MONTH);
}

/**
 * spec 3 §9: item cost = daily rate × quantity × ceil(duration / 30), minus its discount, never
 * below zero. Money is whole cents, so the result is exact (rounded to cents by construction).
 */
export function rentalItemCost(item: {
  dailyRate: Cents;
  quantity: number;
  durationDays: number;
  discount?: Cents;
}): Cents {
  if (!Number.isInteger(item.quantity) || item.quantity < 1)
    throw new RangeError(`Not a quantity: ${item.quantity}`);
  const gross = item.dailyRate * item.quantity * billedMonths(item.durationDays);
  return cents(Math.max(0, gross - (item.discount ?? ZERO)));
}

/** spec 3 §9: the booking total is its items' costs plus the service fees. */
export function rentalTotal(itemCosts: readonly Cents[], serviceFees: readonly Cents[]): Cents {
  return cents([...itemCosts, ...serviceFees].reduce<number>((sum, value) => sum + value, 0));
}
