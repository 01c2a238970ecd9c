import { lt } from 'drizzle-orm';
import { authTokens, rateLimitBuckets } from '../auth/auth.tables';
import { purgeExpiredSessions } from '../auth/sessions';
import { IDEMPOTENCY_HOURS } from '../idempotency/idempotency';
import { idempotencyKeys } from '../idempotency/idempotency.tables';
import { defineJob, purgeFinishedJobs } from './job-queue';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long the platform's expired rows are kept. A reset or magic link past its expiry still
 * answers "expired" for a day; a rate-limit window is at most an hour, so a day-old bucket counts
 * nothing. Sessions keep their own window (a late request still hears "Session expired").
 */
export const HOUSEKEEPING_KEEP_MS = {
  authTokens: DAY_MS,
  rateLimitBuckets: DAY_MS,
  idempotencyKeys: IDEMPOTENCY_HOURS * HOUR_MS,
} as const;

/**
 * Hourly, once across all app processes (docs/decisions/0073): deletes the platform's expired rows
 * (sessions, password-reset and magic-link tokens, idempotency keys, rate-limit buckets) and the
 * finished jobs past their week or month.
 */
export const platformHousekeeping = defineJob<{ slot: string }>({
  name: 'platform.housekeeping',
  every: HOUR_MS,
  maxAttempts: 3,
  async run(ctx) {
    const now = ctx.now();
    const before = (ms: number) => new Date(now.getTime() - ms);
    await purgeExpiredSessions(ctx.db, now);
    await ctx.db.delete(authTokens).where(lt(authTokens.expiresAt, before(HOUSEKEEPING_KEEP_MS.authTokens)));
    await ctx.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before(HOUSEKEEPING_KEEP_MS.idempotencyKeys)));
    await ctx.db
      .delete(rateLimitBuckets)
      .where(lt(rateLimitBuckets.windowStart, before(HOUSEKEEPING_KEEP_MS.rateLimitBuckets)));
    await purgeFinishedJobs(ctx.db, now);
  },
});
