import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../../contracts/accounts';
import { authTokens, users } from '../../platform/auth/auth.tables';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { enforceRateLimits } from '../../platform/http/rate-limit';
import type { JobDefinition } from '../../platform/jobs/job-queue';

/** Per IP answered (429), per account silent: the limits of every e-mailed sign-in token. */
const EMAIL_TOKEN_LIMITS = {
  ip: { limit: 5, windowSeconds: 15 * 60 },
  account: { limit: 3, windowSeconds: 60 * 60 },
};

/**
 * The one way a single-use token goes out by e-mail (password reset, DECISIONS 3; magic link,
 * DECISIONS 4): always the same answer, so it reveals no account; a known active account gets a
 * token valid `minutes`, stored hashed (DECISIONS 27), its older unused tokens of that purpose
 * stop working, and the e-mail is queued with the token in the same transaction, so the reply
 * never waits for the mail server.
 */
export async function sendEmailToken(
  ctx: AppContext,
  req: FastifyRequest,
  email: string,
  token: {
    purpose: 'password_reset' | 'magic_link';
    /** The rate limits' key prefix, "reset" or "magic-link". */
    limitKey: string;
    minutes: number;
    mail: Pick<JobDefinition<{ to: string; token: string }>, 'enqueue'>;
  },
): Promise<void> {
  const now = ctx.now();
  await enforceRateLimits(
    ctx.rateLimits,
    [{ key: `${token.limitKey}:ip:${req.ip}`, rule: EMAIL_TOKEN_LIMITS.ip }],
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
  const perAccount = await ctx.rateLimits.hit(
    `${token.limitKey}:account:${user.id}`,
    EMAIL_TOKEN_LIMITS.account,
    now,
  );
  if (!perAccount.allowed) return;

  const secret = randomToken();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(eq(authTokens.userId, user.id), eq(authTokens.purpose, token.purpose), isNull(authTokens.usedAt)),
      );
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: token.purpose,
      tokenHash: hashToken(secret),
      expiresAt: new Date(now.getTime() + token.minutes * 60 * 1000),
      createdAt: now,
    });
    await token.mail.enqueue(tx, { to: email, token: secret }, now);
  });
}
