import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../../contracts/accounts';
import { MAGIC_LINK_MINUTES } from '../../../domain/accounts/sign-in-codes';
import { authTokens, users } from '../../platform/auth/auth.tables';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { enforceRateLimits, hitRateLimit } from '../../platform/http/rate-limit';
import { defineJob } from '../../platform/jobs/job-queue';

/** The same limits as forgot-password: per IP answered, per account silent. */
const MAGIC_LINK_LIMITS = {
  ip: { limit: 5, windowSeconds: 15 * 60 },
  account: { limit: 3, windowSeconds: 60 * 60 },
};

/**
 * The sign-in link e-mail, sent by the job queue after the token is stored (docs/decisions/0046).
 * The token travels in the job's payload only until the mail is sent or given up.
 */
export const magicLinkMail = defineJob<{ to: string; token: string }>({
  name: 'accounts.magic-link-mail',
  secretKeys: ['token'],
  async run(ctx, { to, token }) {
    if (!token) throw new Error('the sign-in token is no longer kept: ask for a new link');
    const link = `${ctx.config.publicUrl}/auth/magic-link/${token}`;
    await ctx.mailer.send({
      to,
      subject: 'Your sign-in link',
      text: `Open this link to sign in to your account (valid ${MAGIC_LINK_MINUTES} minutes, once):\n${link}\n\nThe page asks you to confirm before you are signed in.\n\nIf you did not ask for this, you can ignore this e-mail.`,
    });
  },
});

/**
 * POST /auth/magic-link (DECISIONS 4, docs/decisions/0056): always the same answer, so it reveals
 * no account; a known active account gets a single-use link valid 15 minutes, and its older
 * unused links stop working. The e-mail is queued with the token in one transaction.
 */
export async function requestMagicLink(ctx: AppContext, req: FastifyRequest, email: string): Promise<void> {
  const now = ctx.now();
  await enforceRateLimits(
    ctx.db,
    [{ key: `magic-link:ip:${req.ip}`, rule: MAGIC_LINK_LIMITS.ip }],
    now,
    AUTH_MESSAGES.resetThrottled,
  );
  const [user] = await ctx.db
    .select({ id: users.id, accountStatus: users.accountStatus })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user?.accountStatus !== 'active') return;
  // Silent: answering differently would tell that the account exists.
  const perAccount = await hitRateLimit(
    ctx.db,
    `magic-link:account:${user.id}`,
    MAGIC_LINK_LIMITS.account,
    now,
  );
  if (!perAccount.allowed) return;

  const token = randomToken();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'magic_link'), isNull(authTokens.usedAt)),
      );
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: 'magic_link',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + MAGIC_LINK_MINUTES * 60 * 1000),
      createdAt: now,
    });
    await magicLinkMail.enqueue(tx, { to: email, token }, now);
  });
}
