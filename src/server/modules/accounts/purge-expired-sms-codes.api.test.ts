import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs/job-queue';
import { smsOtpCodes } from './accounts.tables';
import { purgeExpiredSmsCodes, SMS_CODE_KEEP_MS } from './purge-expired-sms-codes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('accounts.purge-expired-sms-codes (docs/decisions/0073)', () => {
  it('deletes codes expired for a day and keeps newer ones', async () => {
    const now = t.ctx.now().getTime();
    const code = (name: string, expiresAt: number) => ({
      sessionIdHash: `purge-${name}`,
      requesterHash: 'r',
      phone: '+23057000000',
      codeHash: 'c',
      maxAttempts: 5,
      expiresAt: new Date(expiresAt),
    });
    await t.ctx.db
      .insert(smsOtpCodes)
      .values([
        code('old', now - SMS_CODE_KEEP_MS - 1000),
        code('recent', now - 60_000),
        code('live', now + 60_000),
      ]);
    expect(await runDueJobs(t.ctx, [purgeExpiredSmsCodes], { schedule: true })).toBe(1);
    const left = await t.ctx.db
      .select({ s: smsOtpCodes.sessionIdHash })
      .from(smsOtpCodes)
      .where(like(smsOtpCodes.sessionIdHash, 'purge-%'));
    expect(left.map((r) => r.s).sort()).toEqual(['purge-live', 'purge-recent']);
  });
});
