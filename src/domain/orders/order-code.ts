/**
 * Order codes (docs/decisions/0030): `ORD-YYMMDD-XXXX`, the day of creation (UTC) and four
 * characters from an alphabet without look-alikes (no 0/O, 1/I/L). The caller supplies the random
 * bytes and retries on a clash; the code reveals no order volume.
 */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ORDER_CODE_PATTERN = /^ORD-\d{6}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/;

export function orderCode(day: Date, randomBytes: ArrayLike<number>): string {
  if (randomBytes.length < 4) throw new RangeError('An order code needs 4 random bytes');
  const yy = String(day.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(day.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(day.getUTCDate()).padStart(2, '0');
  let suffix = '';
  for (let i = 0; i < 4; i += 1) {
    suffix += ORDER_CODE_ALPHABET[(randomBytes[i] ?? 0) % ORDER_CODE_ALPHABET.length];
  }
  return `ORD-${yy}${mm}${dd}-${suffix}`;
}
