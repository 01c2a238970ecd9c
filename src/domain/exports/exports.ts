import { zoneFormatter } from '../dates/date-format';

/**
 * A spreadsheet cell that begins with =, +, - or @ would run as a formula when opened; such text
 * is prefixed with a quote so it stays text (DECISIONS 28). Numbers stay numbers.
 */
export function escapeSpreadsheetCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** spec 3 §9: the role (or "user") plus "_listing_" plus a timestamp, extension xlsx. */
export function listingExportFileName(role: string | null, now: Date): string {
  return timestampedFileName(`${role ?? 'user'}_listing`, now);
}

/** "products_2026-11-21_090507.xlsx": a download named after what it holds and when (UTC). */
export function timestampedFileName(base: string, now: Date, extension = 'xlsx'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}_${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  return `${base}_${stamp}.${extension}`;
}

const spreadsheetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A spreadsheet has no time zones: a date-time cell shows the clock time it holds. This is the
 * instant as the shop's clock shows it (e.g. "Indian/Mauritius"), carried in a Date's UTC fields,
 * which is how spreadsheet writers store dates.
 */
export function spreadsheetDateTime(instant: Date, timeZone: string): Date {
  const parts = zoneFormatter(
    spreadsheetFormatters,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
  ).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')),
  );
}
