import { sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { rateLimitBuckets } from '../auth/auth.tables';
import type { Executor } from '../db/database';

export type RateLimit = { limit: number; windowSeconds: number };

/**
 * Counts one hit on a fixed window in the database, atomically (one upsert), so several app
 * processes share the count and concurrent requests cannot slip past the limit.
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  rule: RateLimit,
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number; hits: number }> {
  const windowStartFloor = new Date(now.getTime() - rule.windowSeconds * 1000);
  const result = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: sql`case when ${rateLimitBuckets.windowStart} <= ${windowStartFloor} then 1 else ${rateLimitBuckets.hits} + 1 end`,
        windowStart: sql`case when ${rateLimitBuckets.windowStart} <= ${windowStartFloor} then ${now} else ${rateLimitBuckets.windowStart} end`,
      },
    })
    .returning({ hits: rateLimitBuckets.hits, windowStart: rateLimitBuckets.windowStart });
  const row = result[0]!;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((row.windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  return { allowed: row.hits <= rule.limit, retryAfterSeconds, hits: row.hits };
}

export async function clearRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.key} = ${key}`);
}

/** Hits every key; throws 429 with the given message when any is over its limit. */
export async function enforceRateLimits(
  db: Executor,
  checks: { key: string; rule: RateLimit }[],
  now: Date,
  message: (seconds: number) => string,
): Promise<void> {
  let retryAfter = 0;
  for (const check of checks) {
    const result = await hitRateLimit(db, check.key, check.rule, now);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) {
    throw new AppError('rate_limited', message(retryAfter), undefined, { retry_after: retryAfter });
  }
}
