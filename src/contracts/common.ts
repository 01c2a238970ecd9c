import { z } from 'zod';

/** A record id: a whole number that fits the database's integer ids (bigger ones would be a 500). */
export const recordId = z.coerce
  .number({ error: 'This id is not valid.' })
  .int({ error: 'This id is not valid.' })
  .min(1, 'This id is not valid.')
  .max(2_147_483_647, 'This id is not valid.');

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
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(options.defaultPerPage),
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
export const optionalText = (max = 255) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max).nullable().optional(),
  );

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
