import { type DateFormat, formatInstant, formatIsoDate } from '../../domain/dates/date-format';
import { cents, formatMoney } from '../../domain/money/money';

/** A decimal amount from the server ("12.5" or 12.5) shown as "$12.50" (spec 1 §9). */
export function money(amount: number | string | null | undefined, symbol = '$'): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return formatMoney(cents(Math.round((Number.isFinite(value) ? value : 0) * 100)), symbol);
}

export function displayDate(iso: string | null | undefined, format: DateFormat): string {
  return iso ? formatIsoDate(iso, format) : '';
}

export function displayDateTime(
  instant: string | null | undefined,
  format: DateFormat,
  timeZone: string,
): string {
  return instant ? formatInstant(instant, format, timeZone) : '';
}
