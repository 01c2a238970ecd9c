/**
 * Numbers as people type them into a form or a query string (issue 11): an optional minus, digits,
 * an optional point and digits. `Number()` also reads "0x10", "1e3", "Infinity", " " and "0b1";
 * none of those is what a shop means by a quantity or a price, so they are not numbers here.
 */
const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A form or query value as a number for a zod number schema: decimal text becomes its number,
 * blank text becomes `undefined` (missing), any other text becomes NaN (refused with the field's
 * message); everything else (numbers, null, booleans…) is left for the schema to judge.
 */
export function parseNumberText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN;
}

/** Whether a number has at most `places` decimals (0.1 + 0.2 has more than two; 12.34 has two). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (Number.isInteger(value)) return true;
  return Number(value.toFixed(places)) === value;
}
