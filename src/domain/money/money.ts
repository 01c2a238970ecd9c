/**
 * Money is integer cents everywhere in code (decision 0002). Amounts enter as decimal text or
 * numbers from forms and leave as decimal numbers in replies; this file is the only place that
 * converts between the two.
 */
export type Cents = number & { readonly __brand: 'Cents' };

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

export const ZERO = 0 as Cents;

/** Rounds half away from zero ("half-up" as shops mean it) to a whole number. */
export function roundHalfUp(value: number): number {
  const rounded = Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
  return value < 0 ? -rounded : rounded;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/** Parses "1234.565" or 1234.565 exactly (no float drift) and rounds half-up to cents. */
export function fromDecimal(amount: number | string): Cents {
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${amount}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = `${fraction}000`;
  let value = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) value += 1;
  return cents(sign && value !== 0 ? -value : value);
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
  // toFixed(6) avoids exponent notation and keeps enough digits to round the third decimal.
  return value.toFixed(6);
}

/** Cents as a decimal number with two places, for JSON replies. */
export function toDecimal(value: Cents): number {
  return value / 100;
}

/** Cents as exact decimal text with two places ("12.50"), as numeric(14,2) columns store it. */
export function toDecimalText(value: Cents): string {
  const abs = Math.abs(value);
  const text = `${Math.floor(abs / 100)}.${(abs % 100).toString().padStart(2, '0')}`;
  return value < 0 ? `-${text}` : text;
}

export function addMoney(...values: Cents[]): Cents {
  return cents(values.reduce<number>((sum, v) => sum + v, 0));
}

/** percent of an amount, rounded half-up to cents. */
export function percentOf(value: Cents, percent: number): Cents {
  return cents(roundHalfUp((value * percent) / 100));
}

/** "$1,234.56": the currency symbol, en-GB grouping, always two decimals (spec 1 §9). */
export function formatMoney(value: Cents, symbol = '$'): string {
  const negative = value < 0;
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 100).toString();
  const fraction = (abs % 100).toString().padStart(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${grouped}.${fraction}`;
}
