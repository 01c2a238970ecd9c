import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../../contracts/accounts';
import { fieldError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import { authTokens, users } from '../../platform/auth/auth.tables';
import { hashPassword } from '../../platform/auth/passwords';
import { destroyUserSessions } from '../../platform/auth/sessions';
import { hashToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { enforceRateLimits } from '../../platform/http/rate-limit';

const RESET_SUBMIT_LIMIT = { limit: 10, windowSeconds: 15 * 60 };

/**
 * Sets a new password from a reset link. The token is claimed with one conditional update
 * (unused, unexpired, this account), so it works once even when submitted twice at the same time.
 * Every session of the account ends.
 */
export async function resetPassword(
  ctx: AppContext,
  req: FastifyRequest,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const now = ctx.now();
  await enforceRateLimits(
    ctx.rateLimits,
    [{ key: `reset-submit:ip:${req.ip}`, rule: RESET_SUBMIT_LIMIT }],
    now,
    AUTH_MESSAGES.resetThrottled,
  );
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (!user) throw fieldError('email', AUTH_MESSAGES.resetInvalid);
    const claimed = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(input.token)),
          eq(authTokens.userId, user.id),
          eq(authTokens.purpose, 'password_reset'),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
        ),
      )
      .returning({ id: authTokens.id });
    if (claimed.length === 0) throw fieldError('email', AUTH_MESSAGES.resetInvalid);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await destroyUserSessions(tx, user.id);
    await audit(tx, {
      actorUserId: user.id,
      action: 'password_reset',
      subjectType: 'user',
      subjectId: user.id,
      ip: req.ip,
    });
  });
}
