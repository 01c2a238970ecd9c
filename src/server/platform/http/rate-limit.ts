import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { AppError } from '../../../domain/errors';
import { rateLimitBuckets } from '../auth/auth.tables';
import type { Executor } from '../db/database';

export type RateLimit = { limit: number; windowSeconds: number };
export type RateLimitHit = { allowed: boolean; retryAfterSeconds: number; hits: number };

/**
 * Where the fixed-window counters live, shared by every app process (docs/decisions/0081): the
 * database by default, Redis when `REDIS_URL` is set.
 */
export type RateLimitStore = {
  hit(key: string, rule: RateLimit, now: Date): Promise<RateLimitHit>;
  /** Takes one hit back (a sign-in that succeeded), never below none. */
  takeBack(key: string): Promise<void>;
  clear(key: string): Promise<void>;
};

const retryAfter = (windowEndsInMs: number) => Math.max(1, Math.ceil(windowEndsInMs / 1000));

/**
 * Counts one hit on a fixed window in the database, atomically (one upsert), so several app
 * processes share the count and concurrent requests cannot slip past the limit. The window
 * follows the app's clock (`now`), which tests move.
 */
export function databaseRateLimits(db: Executor): RateLimitStore {
  return {
    async hit(key, rule, now) {
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
      return {
        allowed: row.hits <= rule.limit,
        retryAfterSeconds: retryAfter(row.windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()),
        hits: row.hits,
      };
    },
    async takeBack(key) {
      await db
        .update(rateLimitBuckets)
        .set({ hits: sql`greatest(${rateLimitBuckets.hits} - 1, 0)` })
        .where(sql`${rateLimitBuckets.key} = ${key}`);
    },
    async clear(key) {
      await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.key} = ${key}`);
    },
  };
}

/** One hit in one round trip: the first hit of a window starts its expiry. */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {hits, redis.call('PTTL', KEYS[1])}`;
/** One hit back, never below none, keeping the window's expiry. */
const TAKE_BACK_SCRIPT = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The same fixed windows in Redis (`REDIS_URL`): a counter per key that expires with its window,
 * on Redis's clock. When Redis does not answer, the hit is counted in the database instead (and
 * logged), so a Redis outage neither opens the limits nor fails sign-ins.
 */
export function redisRateLimits(
  redis: Redis,
  fallback: RateLimitStore,
  onError: (error: unknown) => void,
  prefix = 'emporium:rate:',
): RateLimitStore {
  return {
    async hit(key, rule, now) {
      try {
        const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, rule.windowSeconds * 1000)) as [
          number,
          number,
        ];
        return {
          allowed: hits <= rule.limit,
          retryAfterSeconds: retryAfter(ttl > 0 ? ttl : rule.windowSeconds * 1000),
          hits,
        };
      } catch (error) {
        onError(error);
        return fallback.hit(key, rule, now);
      }
    },
    async takeBack(key) {
      await Promise.allSettled([
        redis.eval(TAKE_BACK_SCRIPT, 1, prefix + key).catch(onError),
        fallback.takeBack(key),
      ]);
    },
    async clear(key) {
      await Promise.allSettled([redis.del(prefix + key).catch(onError), fallback.clear(key)]);
    },
  };
}

/** Hits every key; throws 429 with the given message when any is over its limit. */
export async function enforceRateLimits(
  store: RateLimitStore,
  checks: { key: string; rule: RateLimit }[],
  now: Date,
  message: (seconds: number) => string,
): Promise<void> {
  let wait = 0;
  for (const check of checks) {
    const result = await store.hit(check.key, check.rule, now);
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds);
  }
  if (wait > 0) {
    throw new AppError('rate_limited', message(wait), undefined, { retry_after: wait });
  }
}
