import { addDays, type IsoDate, toIsoDate } from '../dates/date-format';

/** spec 3 §9: period options 1 to 6 months, equal to 30 … 180 days. */
export const PERIOD_MONTH_OPTIONS = [1, 2, 3, 4, 5, 6] as const;
export type PeriodMonths = (typeof PERIOD_MONTH_OPTIONS)[number];
export const PERIOD_DAYS = PERIOD_MONTH_OPTIONS.map((months) => months * 30);
/** spec 3 §9: a duration is matched to an option within 15 days. */
export const DURATION_MATCH_DAYS = 15;

export const PERIOD_MESSAGES = {
  startDate: 'Please select a valid start date',
  duration: 'Please select a valid duration',
  overlaps: (earliest: string) => `A new period cannot start before ${earliest}.`,
} as const;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * spec 3 §9: the end date is the start plus the months minus one day. Months are calendar months;
 * a start on a day the end month lacks (31 January + 1 month) takes that month's last day first.
 */
export function periodEndDate(start: IsoDate | string, months: number): IsoDate {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return addDays(toIsoDate(year, month, day), -1);
}

/** Days from start to end, both counted. */
export function periodDays(start: IsoDate | string, end: IsoDate | string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/**
 * spec 3 §5, §9: a duration is one of the 1–6 month options; a number of days within 15 days of
 * an option's 30-day multiple is that option, anything else falls back to 1 month.
 */
export function matchDurationMonths(days: number): PeriodMonths {
  for (const months of PERIOD_MONTH_OPTIONS) {
    if (Math.abs(days - months * 30) <= DURATION_MATCH_DAYS) return months;
  }
  return 1;
}

/** spec 3 §5: a new period starts no earlier than the day after the latest existing period end. */
export function earliestNextPeriodStart(existingEnds: readonly (IsoDate | string)[]): IsoDate | null {
  if (existingEnds.length === 0) return null;
  const latest = [...existingEnds].sort().at(-1)!;
  return addDays(latest, 1);
}

export const PERIOD_STATUSES = [
  'pending',
  'quoted',
  'ready',
  'in_transit',
  'active_unpaid',
  'active_paid',
  'payment_overdue',
  'returned',
  'failed',
  'cancelled',
] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

const LATER_PERIOD_STATUSES: readonly PeriodStatus[] = [
  'active_unpaid',
  'active_paid',
  'payment_overdue',
  'returned',
  'failed',
  'cancelled',
];

/** spec 3 §4: the first period may take any of the ten statuses, later ones only the last six. */
export function periodStatusOptions(periodNumber: number): readonly PeriodStatus[] {
  return periodNumber <= 1 ? PERIOD_STATUSES : LATER_PERIOD_STATUSES;
}

/**
 * DECISIONS 17: a period is payment_overdue when it is unpaid after its start date + 7 days
 * (derived when read, never set by a browser).
 */
export function isPaymentOverdue(
  period: { startDate: IsoDate | string; totalCents: number; paidCents: number; status: PeriodStatus },
  today: IsoDate | string,
): boolean {
  if (['returned', 'failed', 'cancelled', 'active_paid'].includes(period.status)) return false;
  if (period.paidCents >= period.totalCents) return false;
  return today > addDays(period.startDate, 7);
}
