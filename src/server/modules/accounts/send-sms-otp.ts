import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type SmsOtpSentReply } from '../../../contracts/accounts';
import {
  HOUR_MS,
  type OtpRules,
  otpExpiresAt,
  otpSendRefusal,
  phoneDigits,
  SIGN_IN_MESSAGES,
} from '../../../domain/accounts/sign-in-codes';
import { AppError, fieldError } from '../../../domain/errors';
import { normalizeSmsPhone } from '../../../domain/messaging/sms';
import { users } from '../../platform/auth/auth.tables';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { enforceRateLimits } from '../../platform/http/rate-limit';
import { defineJob } from '../../platform/jobs/job-queue';
import { getSettings } from '../../platform/settings/settings-store';
import { otpSmsAvailable, sendOtpSms } from '../messaging';
import { smsOtpCodes } from './accounts.tables';

/** Codes asked for from one IP, whatever the numbers (SMS costs money: no pumping). */
const SEND_IP_LIMIT = { limit: 10, windowSeconds: 15 * 60 };

/** The SMS OTP settings of spec 2 §3 (defaults of spec 2 §9 in contracts/settings.ts). */
export async function readOtpRules(db: Executor): Promise<OtpRules> {
  const s = await getSettings(db, [
    'sms_otp_length',
    'sms_otp_expiry_minutes',
    'sms_otp_resend_cooldown_minutes',
    'sms_otp_max_attempts',
    'sms_otp_rate_limit_per_hour',
  ]);
  return {
    length: s.sms_otp_length,
    expiryMinutes: s.sms_otp_expiry_minutes,
    resendCooldownMinutes: s.sms_otp_resend_cooldown_minutes,
    maxAttempts: s.sms_otp_max_attempts,
    perHour: s.sms_otp_rate_limit_per_hour,
  };
}

/** Whether the sign-in page offers the SMS code (codes on, and a sandbox or gateway to send them). */
export const smsSignInEnabled = otpSmsAvailable;

/** The code SMS, sent by the job queue after the code is stored; the code leaves the row once sent. */
export const smsOtpSms = defineJob<{ to: string; code: string; minutes: number }>({
  name: 'accounts.sms-otp',
  secretKeys: ['code'],
  // A code lives minutes: a send that failed is better asked again than retried late.
  maxAttempts: 2,
  async run(ctx, { to, code, minutes }) {
    if (!code) throw new Error('the code is no longer kept: ask for a new one');
    await sendOtpSms(ctx, { to, code, minutes });
  },
});

/** digits of the configured length, from a uniform source. */
function newCode(length: number): string {
  return Array.from({ length }, () => String(randomInt(0, 10))).join('');
}

/** The single active account whose mobile number is this one, or null. */
async function accountWithMobile(db: Executor, phone: string): Promise<number | null> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`regexp_replace(coalesce(${users.mobile}, ''), '[^0-9]', '', 'g') = ${phoneDigits(phone)}`,
        eq(users.accountStatus, 'active'),
      ),
    )
    .limit(2);
  // Two accounts sharing a number: a code cannot say which one signs in (docs/decisions/0056).
  return found.length === 1 ? found[0]!.id : null;
}

/**
 * POST /sms-otp/send (spec 3 §4, §7; docs/decisions/0056). Answers the same whether or not the
 * number belongs to an account: the code is stored (hashed, bound to this browser session) either
 * way, and only an account's number is sent an SMS, by a job. The resend cooldown and the hourly
 * limit of the number are judged under a lock on the number, so parallel requests cannot pass
 * them; a new code replaces the number's older ones.
 */
export async function sendSmsOtp(ctx: AppContext, req: FastifyRequest, mobile: string) {
  const now = ctx.now();
  if (!(await otpSmsAvailable(ctx.db))) throw fieldError('mobile', SIGN_IN_MESSAGES.otpUnavailable);
  await enforceRateLimits(
    ctx.rateLimits,
    [{ key: `sms-otp:ip:${req.ip}`, rule: SEND_IP_LIMIT }],
    now,
    AUTH_MESSAGES.resetThrottled,
  );
  const rules = await readOtpRules(ctx.db);
  const phone = normalizeSmsPhone(mobile);
  const requesterHash = req.sessionState.status === 'none' ? '' : req.sessionState.session.idHash;
  const userId = await accountWithMobile(ctx.db, phone);
  const sessionId = randomToken();
  const code = newCode(rules.length);
  const expiresAt = otpExpiresAt(now, rules);

  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-otp:${phone}`}))`);
    const recent = await tx
      .select({ createdAt: smsOtpCodes.createdAt })
      .from(smsOtpCodes)
      .where(and(eq(smsOtpCodes.phone, phone), gt(smsOtpCodes.createdAt, new Date(now.getTime() - HOUR_MS))));
    const refusal = otpSendRefusal(
      recent.map((r) => r.createdAt),
      now,
      rules,
    );
    if (refusal) {
      const message =
        refusal.reason === 'cooldown'
          ? SIGN_IN_MESSAGES.otpCooldown(refusal.retryAfterSeconds)
          : SIGN_IN_MESSAGES.otpHourly(refusal.retryAfterSeconds);
      throw new AppError('rate_limited', message, undefined, { retry_after: refusal.retryAfterSeconds });
    }
    await tx
      .update(smsOtpCodes)
      .set({ consumedAt: now })
      .where(and(eq(smsOtpCodes.phone, phone), isNull(smsOtpCodes.consumedAt)));
    await tx.insert(smsOtpCodes).values({
      sessionIdHash: hashToken(sessionId),
      requesterHash,
      phone,
      userId,
      codeHash: otpCodeHash(sessionId, code),
      maxAttempts: rules.maxAttempts,
      expiresAt,
      createdAt: now,
    });
    if (userId !== null) await smsOtpSms.enqueue(tx, { to: phone, code, minutes: rules.expiryMinutes }, now);
  });

  const reply: SmsOtpSentReply = {
    success: true,
    message: SIGN_IN_MESSAGES.otpSent,
    data: {
      session_id: sessionId,
      resend_cooldown: rules.resendCooldownMinutes * 60,
      expires_at: expiresAt.toISOString(),
    },
  };
  return reply;
}

/**
 * The stored form of a code: SHA-256 of the session id the browser holds and the code, so the
 * database alone cannot be searched for the code (DECISIONS 27).
 */
export function otpCodeHash(sessionId: string, code: string): string {
  return hashToken(`${sessionId}:${code}`);
}
