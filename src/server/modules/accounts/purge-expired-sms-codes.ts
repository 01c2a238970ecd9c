import { lt } from 'drizzle-orm';
import { defineJob } from '../../platform/jobs/job-queue';
import { smsOtpCodes } from './accounts.tables';

/**
 * Codes are kept a day past their expiry: the per-number limit counts the last hour's codes, and
 * a late attempt still hears that its code expired.
 */
export const SMS_CODE_KEEP_MS = 24 * 60 * 60 * 1000;

/** Hourly, once across all app processes (docs/decisions/0073): deletes spent SMS sign-in codes. */
export const purgeExpiredSmsCodes = defineJob<{ slot: string }>({
  name: 'accounts.purge-expired-sms-codes',
  every: 60 * 60 * 1000,
  maxAttempts: 3,
  async run(ctx) {
    const before = new Date(ctx.now().getTime() - SMS_CODE_KEEP_MS);
    await ctx.db.delete(smsOtpCodes).where(lt(smsOtpCodes.expiresAt, before));
  },
});
