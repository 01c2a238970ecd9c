import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOtpCodeShape, SIGN_IN_MESSAGES as M, otpCodeState } from '../../../domain/accounts/sign-in-codes';
import { fieldError } from '../../../domain/errors';
import { users } from '../../platform/auth/auth.tables';
import { hashToken, safeEqual } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { smsOtpCodes } from './accounts.tables';
import { otpCodeHash, readOtpRules } from './send-sms-otp';
import { openUserSession, signInRefusal } from './sign-in';

/**
 * POST /sms-otp/verify (spec 3 §4, §7; DECISIONS 27; docs/decisions/0056). Only digits of the
 * configured length are a code. The try is counted first, by one conditional update
 * (`attempts = attempts + 1 … where attempts < max_attempts`) committed on its own, so parallel
 * guesses cannot pass the limit and a wrong guess stays counted; the code is compared in constant
 * time; the right one is spent in the transaction that opens the session, so it signs in once.
 * The first SMS sign-in marks the mobile number verified.
 */
export async function verifySmsOtp(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { otp_code: string; session_id: string; redirect?: string | undefined },
) {
  const now = ctx.now();
  const rules = await readOtpRules(ctx.db);
  if (!isOtpCodeShape(input.otp_code, rules.length)) throw fieldError('otp_code', M.invalidOtp);
  const requesterHash = req.sessionState.status === 'none' ? '' : req.sessionState.session.idHash;
  const mine = and(
    eq(smsOtpCodes.sessionIdHash, hashToken(input.session_id)),
    eq(smsOtpCodes.requesterHash, requesterHash),
  );

  const [tried] = await ctx.db
    .update(smsOtpCodes)
    .set({ attempts: sql`${smsOtpCodes.attempts} + 1` })
    .where(
      and(
        mine,
        isNull(smsOtpCodes.consumedAt),
        gt(smsOtpCodes.expiresAt, now),
        lt(smsOtpCodes.attempts, smsOtpCodes.maxAttempts),
      ),
    )
    .returning({
      id: smsOtpCodes.id,
      userId: smsOtpCodes.userId,
      codeHash: smsOtpCodes.codeHash,
      attempts: smsOtpCodes.attempts,
      maxAttempts: smsOtpCodes.maxAttempts,
    });
  if (!tried) {
    const [code] = await ctx.db
      .select({
        consumedAt: smsOtpCodes.consumedAt,
        expiresAt: smsOtpCodes.expiresAt,
        attempts: smsOtpCodes.attempts,
        maxAttempts: smsOtpCodes.maxAttempts,
      })
      .from(smsOtpCodes)
      .where(mine);
    const state = code ? otpCodeState(code, now) : 'used';
    throw fieldError(
      'otp_code',
      state === 'expired' ? M.otpExpired : state === 'exhausted' ? M.otpExhausted : M.invalidOtp,
    );
  }

  const right = safeEqual(tried.codeHash, otpCodeHash(input.session_id, input.otp_code));
  // A number of no account has a code nobody was sent: it never signs in.
  if (!right || tried.userId === null) {
    throw fieldError('otp_code', tried.attempts >= tried.maxAttempts ? M.otpExhausted : M.invalidOtp);
  }
  const userId = tried.userId;
  const [user] = await ctx.db
    .select({ accountStatus: users.accountStatus })
    .from(users)
    .where(eq(users.id, userId));
  const refusal = signInRefusal(user?.accountStatus ?? 'closed');
  if (refusal) throw fieldError('otp_code', refusal);

  return openUserSession(ctx, req, reply, {
    userId,
    remember: false,
    redirect: input.redirect,
    alsoInTx: async (tx, at) => {
      const spent = await tx
        .update(smsOtpCodes)
        .set({ consumedAt: at })
        .where(and(eq(smsOtpCodes.id, tried.id), isNull(smsOtpCodes.consumedAt)))
        .returning({ id: smsOtpCodes.id });
      if (spent.length === 0) throw fieldError('otp_code', M.invalidOtp);
      await tx
        .update(users)
        .set({ mobileVerifiedAt: sql`coalesce(${users.mobileVerifiedAt}, ${at.toISOString()}::timestamptz)` })
        .where(eq(users.id, userId));
    },
  });
}
