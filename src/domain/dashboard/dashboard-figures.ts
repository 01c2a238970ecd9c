import { type Cents, fromDecimal, toDecimalText } from '../money/money';

/** spec 3 §3: the payment statuses the breakdown shows, in this order. */
export const BREAKDOWN_STATUSES = ['paid', 'unpaid', 'partial', 'credit'] as const;
export type BreakdownStatus = (typeof BREAKDOWN_STATUSES)[number];

/**
 * A part's share of a whole in percent with one decimal, rounded half up on exact integers (never
 * a float division of money): 1 of 3 is 33.3, 2 of 3 is 66.7. Nothing of nothing is 0.
 */
export function percentage(part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  // tenths of a percent, half up: floor((part × 1000 × 2 + whole) / (2 × whole))
  const tenths = Math.floor((part * 2000 + whole) / (2 * whole));
  return tenths / 10;
}

export type StatusTotal = { status: string; count: number; amount: string };
export type BreakdownEntry = { count: number; amount: string; percentage: number };

/**
 * The payment status breakdown from SQL's per-status rows: every status of the spec present
 * (zero when no order has it), percentage of the range's order count. Statuses outside the
 * breakdown (refunded) are not in the range's sales at all (docs/decisions/0065).
 */
export function statusBreakdown(rows: readonly StatusTotal[]): Record<BreakdownStatus, BreakdownEntry> {
  const known = rows.filter((r) => (BREAKDOWN_STATUSES as readonly string[]).includes(r.status));
  const total = known.reduce((sum, r) => sum + r.count, 0);
  const entries = BREAKDOWN_STATUSES.map((status) => {
    const matching = known.filter((r) => r.status === status);
    const count = matching.reduce((sum, r) => sum + r.count, 0);
    const cents = matching.reduce((sum, r) => sum + fromDecimal(r.amount), 0) as Cents;
    return [status, { count, amount: toDecimalText(cents), percentage: percentage(count, total) }] as const;
  });
  return Object.fromEntries(entries) as Record<BreakdownStatus, BreakdownEntry>;
}

/** The average order value of a range, to the cent, half up; 0.00 with no orders. */
export function averageOrder(amount: string, count: number): string {
  if (count <= 0) return '0.00';
  const cents = fromDecimal(amount);
  // Half up on whole cents: floor((2 × cents + count) / (2 × count)).
  return toDecimalText(Math.floor((2 * cents + count) / (2 * count)) as Cents);
}
