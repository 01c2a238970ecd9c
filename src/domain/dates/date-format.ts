/** The display formats the system setting offers (spec 1 §9, spec 2 §5). */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD-MM-YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD/MM/YYYY';

/** A calendar date as ISO text, "2026-11-21". */
export type IsoDate = string & { readonly __brand: 'IsoDate' };

const PATTERNS: Record<
  DateFormat,
  { regex: RegExp; order: ['d' | 'm' | 'y', 'd' | 'm' | 'y', 'd' | 'm' | 'y'] }
> = {
  'DD/MM/YYYY': { regex: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { regex: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  'YYYY-MM-DD': { regex: /^(\d{4})-(\d{2})-(\d{2})$/, order: ['y', 'm', 'd'] },
  'DD-MM-YYYY': { regex: /^(\d{2})-(\d{2})-(\d{4})$/, order: ['d', 'm', 'y'] },
};

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

export function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** Reads a date typed in the given display format; null when it is not a real date in it. */
export function parseDisplayDate(text: string, format: DateFormat): IsoDate | null {
  const { regex, order } = PATTERNS[format];
  const match = regex.exec(text.trim());
  if (!match) return null;
  const parts = { d: 0, m: 0, y: 0 };
  order.forEach((key, index) => {
    parts[key] = Number(match[index + 1]);
  });
  if (!isRealDate(parts.y, parts.m, parts.d)) return null;
  return toIsoDate(parts.y, parts.m, parts.d);
}

export function parseIsoDate(text: string): IsoDate | null {
  return parseDisplayDate(text, 'YYYY-MM-DD');
}

export function toIsoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as IsoDate;
}

/** The calendar date `days` after (or, when negative, before) an ISO date. */
export function addDays(iso: IsoDate | string, days: number): IsoDate {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return toIsoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Shows an ISO date in the display format. */
export function formatIsoDate(iso: IsoDate | string, format: DateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const [, y, m, d] = match as unknown as [string, string, string, string];
  switch (format) {
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'MM/DD/YYYY':
      return `${m}/${d}/${y}`;
    case 'YYYY-MM-DD':
      return `${y}-${m}-${d}`;
    case 'DD-MM-YYYY':
      return `${d}-${m}-${y}`;
  }
}

/** spec 1 §5 */
export function invalidDateMessage(format: DateFormat): string {
  return `Please enter a valid date in ${format} format.`;
}

/**
 * One formatter per time zone and kind, made on first use: building an Intl.DateTimeFormat costs
 * about 0.1 ms, more than formatting with it (issue 13).
 */
export function zoneFormatter(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: (timeZone: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = make(timeZone);
    cache.set(timeZone, formatter);
  }
  return formatter;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The last answer per zone, by whole second: a calendar date changes only on a whole second in
 * every zone (offsets are whole seconds, even historic local mean times), so within one second the
 * answer is the same. Hot reads ask for "today" on every request (pricing); formatToParts costs
 * more than the rest of working out a price (issue 13).
 */
const lastDates = new Map<string, { second: number; date: IsoDate }>();

/** The calendar date of an instant in a time zone (e.g. "Indian/Mauritius"). */
export function isoDateInZone(instant: Date, timeZone: string): IsoDate {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDates.get(timeZone);
  if (last && last.second === second) return last.date;
  const date = computeIsoDateInZone(instant, timeZone);
  if (Number.isFinite(second)) lastDates.set(timeZone, { second, date });
  return date;
}

function computeIsoDateInZone(instant: Date, timeZone: string): IsoDate {
  const parts = zoneFormatter(
    dateFormatters,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return toIsoDate(get('year'), get('month'), get('day'));
}

/** Shows an instant as date and 24-hour time in a zone and display format: "21/11/2026 14:05". */
export function formatInstant(instant: Date | string, format: DateFormat, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const time = zoneFormatter(
    timeFormatters,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  ).format(date);
  return `${formatIsoDate(isoDateInZone(date, timeZone), format)} ${time}`;
}
