import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../../contracts/accounts';
import { authTokens, users } from '../../platform/auth/auth.tables';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { enforceRateLimits, hitRateLimit } from '../../platform/http/rate-limit';
import { defineJob } from '../../platform/jobs/job-queue';

export const RESET_TOKEN_MINUTES = 60;
const RESET_LIMITS = {
  ip: { limit: 5, windowSeconds: 15 * 60 },
  account: { limit: 3, windowSeconds: 60 * 60 },
};

/**
 * The reset e-mail, sent by the job queue after the token is stored (docs/decisions/0046). The
 * token travels in the job's payload only until the mail is sent or given up.
 */
export const passwordResetMail = defineJob<{ to: string; token: string }>({
  name: 'accounts.password-reset-mail',
  secretKeys: ['token'],
  async run(ctx, { to, token }) {
    // A finished job loses its token: a failed one sent again by hand cannot mail a working link.
    if (!token) throw new Error('the reset token is no longer kept: ask for a new link');
    const link = `${ctx.config.publicUrl}/reset-password/${token}?email=${encodeURIComponent(to)}`;
    await ctx.mailer.send({
      to,
      subject: 'Reset your password',
      text: `We received a request to reset the password of your account.\n\nOpen this link to choose a new password (valid ${RESET_TOKEN_MINUTES} minutes, once):\n${link}\n\nIf you did not ask for this, you can ignore this e-mail.`,
    });
  },
});

/**
 * Forgot password (DECISIONS 3): always the same answer so it reveals no account; a known active
 * account gets a single-use link valid 60 minutes. Older unused links of that account stop working.
 * The e-mail is queued with the token in the same transaction, so the reply never waits for the
 * mail server.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  req: FastifyRequest,
  email: string,
): Promise<void> {
  const now = ctx.now();
  await enforceRateLimits(
    ctx.db,
    [{ key: `reset:ip:${req.ip}`, rule: RESET_LIMITS.ip }],
    now,
    AUTH_MESSAGES.resetThrottled,
  );
  const [user] = await ctx.db
    .select({ id: users.id, accountStatus: users.accountStatus })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user?.accountStatus !== 'active') return;
  // Per-account limit is silent: answering differently would tell that the account exists.
  const perAccount = await hitRateLimit(ctx.db, `reset:account:${user.id}`, RESET_LIMITS.account, now);
  if (!perAccount.allowed) return;

  const token = randomToken();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.userId, user.id),
          eq(authTokens.purpose, 'password_reset'),
          isNull(authTokens.usedAt),
        ),
      );
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60 * 1000),
      createdAt: now,
    });
    await passwordResetMail.enqueue(tx, { to: email, token }, now);
  });
}
