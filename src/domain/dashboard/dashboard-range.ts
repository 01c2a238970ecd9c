import { addDays, type IsoDate, parseIsoDate } from '../dates/date-format';

/** spec 3 §2: the dashboard's date presets; §5: editing either date makes it custom. */
export const DASHBOARD_PRESETS = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'custom',
] as const;
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];

/** spec 3 §9: the dashboard opens on today. */
export const DEFAULT_DASHBOARD_PRESET: DashboardPreset = 'today';

export const DASHBOARD_PRESET_LABELS: Record<DashboardPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  this_month: 'This month',
  custom: 'Custom',
};

/**
 * The longest range the dashboard and its export read: a year, a leap year included
 * (docs/decisions/0065). Longer asks are refused rather than slowly summed.
 */
export const MAX_RANGE_DAYS = 366;

/** The spec has no words for a bad range; these are docs/decisions/0065's. */
export const DASHBOARD_RANGE_MESSAGES = {
  date: 'Please enter a valid date.',
  order: 'The end date must be on or after the start date.',
  span: `The date range can cover at most ${MAX_RANGE_DAYS} days.`,
} as const;

export type DateRange = { from: IsoDate; to: IsoDate };

/**
 * The range of a preset, both ends included, as calendar dates of the shop's time zone: `today` is
 * the shop's today (isoDateInZone(now, app_timezone)), so the rule itself has no clock. "Last 7 days"
 * is today and the six days before it. `custom` has no range of its own: null.
 */
export function presetRange(preset: DashboardPreset, today: IsoDate): DateRange | null {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: `${today.slice(0, 8)}01` as IsoDate, to: today };
    case 'custom':
      return null;
  }
}

/** The preset whose range this is (today's presets first), or custom when none gives it. */
export function presetOf(range: DateRange, today: IsoDate): DashboardPreset {
  for (const preset of DASHBOARD_PRESETS) {
    const candidate = presetRange(preset, today);
    if (candidate && candidate.from === range.from && candidate.to === range.to) return preset;
  }
  return 'custom';
}

/** Days from one ISO date to another (to − from); both must be real dates. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const day = (iso: IsoDate) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d) / 86_400_000;
  };
  return day(to) - day(from);
}

export type RangeProblem = { field: 'date_from' | 'date_to'; message: string };

/**
 * A custom range's problems: both ends real dates, the end not before the start, at most
 * MAX_RANGE_DAYS days counted with both ends. Empty when the range is good.
 */
export function rangeProblems(
  from: string | null | undefined,
  to: string | null | undefined,
): RangeProblem[] {
  const start = from ? parseIsoDate(from) : null;
  const end = to ? parseIsoDate(to) : null;
  const problems: RangeProblem[] = [];
  if (!start) problems.push({ field: 'date_from', message: DASHBOARD_RANGE_MESSAGES.date });
  if (!end) problems.push({ field: 'date_to', message: DASHBOARD_RANGE_MESSAGES.date });
  if (!start || !end) return problems;
  const days = daysBetween(start, end);
  if (days < 0) return [{ field: 'date_to', message: DASHBOARD_RANGE_MESSAGES.order }];
  if (days + 1 > MAX_RANGE_DAYS) return [{ field: 'date_to', message: DASHBOARD_RANGE_MESSAGES.span }];
  return [];
}

/** Every calendar date of a (good) range, in order: the days of the per-day series. */
export function datesOf(range: DateRange): IsoDate[] {
  const days = daysBetween(range.from, range.to);
  return Array.from({ length: days + 1 }, (_, i) => addDays(range.from, i));
}
