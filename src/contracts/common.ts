import { z } from 'zod';
import { hasAtMostDecimals, parseNumberText } from '../domain/money/number-text';

export { parseNumberText };

/** The largest value of the database's integer columns. */
export const INT_MAX = 2_147_483_647;

/**
 * A whole number from JSON, a form or a query ("12"), between `min` and `max`; "0x10", "1e3",
 * "12.5" and other text are refused with `message` (issue 11: never `Number()` or `z.coerce`).
 */
export function wholeNumber(
  message: string,
  { min = 0, max = INT_MAX }: { min?: number; max?: number } = {},
) {
  return z.preprocess(
    parseNumberText,
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

export const MONEY_DECIMALS_MESSAGE = 'At most 2 decimals are allowed.';

/**
 * An amount of money from JSON or a form (12.5 or "12.50"), between `min` and `max`, with at most
 * two decimals: a third decimal is refused with its own message, never rounded away.
 */
export function moneyAmount(
  message: string,
  {
    min = 0,
    max = 9_999_999_999,
    decimals = MONEY_DECIMALS_MESSAGE,
  }: { min?: number; max?: number; decimals?: string } = {},
) {
  return z.preprocess(
    parseNumberText,
    z
      .number({ error: message })
      .finite(message)
      .min(min, message)
      .max(max, message)
      .refine((n) => hasAtMostDecimals(n, 2), decimals),
  );
}

/** A record id: a whole number that fits the database's integer ids (bigger ones would be a 500). */
export const recordId = wholeNumber('This id is not valid.', { min: 1 });

/** A list's page number (1, 2, …); `pageParam` is page 1 when none is asked for. */
export const pageNumber = wholeNumber('The page must be a whole number of 1 or more.', {
  min: 1,
  max: 1_000_000,
});
export const pageParam = pageNumber.default(1);

/** A list's page size. */
export const perPageParam = (defaultPerPage: number, max = 100) =>
  wholeNumber(`The page size must be a whole number from 1 to ${max}.`, { min: 1, max }).default(
    defaultPerPage,
  );

/** A numeric id in a path: "/admin/users/{id}". */
export const idParam = z.object({ id: recordId });
export type IdParam = z.infer<typeof idParam>;

export const directionSchema = z.enum(['asc', 'desc']).default('asc');

/** A list's search box: trimmed, empty means no search. */
export const searchText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((s) => (s ? s : undefined));

/** page / per_page / search / sort / direction of every paged list (ARCHITECTURE "HTTP conventions"). */
export function listQuery<const S extends readonly [string, ...string[]]>(options: {
  sorts: S;
  defaultSort: S[number];
  defaultPerPage: number;
  defaultDirection?: 'asc' | 'desc';
}) {
  return z.object({
    page: pageParam,
    per_page: perPageParam(options.defaultPerPage),
    search: searchText,
    sort: z.enum(options.sorts).default(options.defaultSort as S[number]),
    direction: z.enum(['asc', 'desc']).default(options.defaultDirection ?? 'asc'),
  });
}

/** Form booleans arrive as true/false, "1"/"0", "true"/"false", "on". */
export const formBoolean = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === 'on' || value === 1) return true;
  if (value === 'false' || value === '0' || value === '' || value === 0 || value === undefined) return false;
  return value;
}, z.boolean());

/** Optional text: empty or blank becomes null (spec 3 §5 "Empty optional form fields are sent as null"). */
export const optionalText = (max = 255, tooLong = tooLongMessage(max)) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string({ error: 'Must be text.' }).trim().max(max, tooLong).nullable().optional(),
  );

/** The length limit said in words: "This may be at most 1,000 characters." */
export const tooLongMessage = (max: number) =>
  `This may be at most ${max.toLocaleString('en-GB')} characters.`;

export const EMAIL_MESSAGE = 'Please enter a valid email address';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(255)
  .pipe(z.email({ error: EMAIL_MESSAGE }))
  .transform((e) => e.toLowerCase());

/** The success reply most mutating routes give. */
export type MessageReply = { success: true; message: string };
