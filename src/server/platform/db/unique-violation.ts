/**
 * True when a write failed on a unique index (SQLSTATE 23505), from node-postgres or PGlite,
 * directly or wrapped by drizzle. A check-then-write can race; the index has the last word.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
    current = e.cause;
  }
  return false;
}
