import { fieldError } from '../../../domain/errors';

/**
 * What PostgreSQL said when a statement failed, from node-postgres or PGlite, directly or wrapped by
 * drizzle (the driver's error is the `cause`): its SQLSTATE and, for a constraint, the constraint's
 * name. Node's and Fastify's own error codes are not SQLSTATEs (five digits or capitals).
 */
export function databaseErrorOf(error: unknown): { code: string; constraint?: string } | null {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return typeof e.constraint === 'string' ? { code: e.code, constraint: e.constraint } : { code: e.code };
    current = e.cause;
  }
  return null;
}

/** True when a write failed on a unique index (23505). A check-then-write can race; the index has the last word. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const failure = databaseErrorOf(error);
  return failure?.code === '23505' && (constraint === undefined || failure.constraint === constraint);
}

/**
 * A change whose names (or slugs, codes) must be unique, run so that the unique index's violation
 * becomes its field's plain message (422): `indexes` maps each index to the field and the words.
 * The use case checks first for a clear answer; the index still decides when two admins save the
 * same name at the same moment.
 */
export function withUniqueFieldsOf(
  indexes: Readonly<Record<string, readonly [field: string, message: string]>>,
) {
  return async <T>(change: () => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (error) {
      for (const [constraint, [field, message]] of Object.entries(indexes)) {
        if (isUniqueViolation(error, constraint)) throw fieldError(field, message);
      }
      throw error;
    }
  };
}

/**
 * True when the transaction lost a race it may win on a second try: a deadlock (40P01), a
 * serialization failure (40001), a lock it would not wait for (55P03). It rolled back: nothing
 * was written (docs/decisions/0089).
 */
export function isLostRace(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code === '40P01' || code === '40001' || code === '55P03';
}
