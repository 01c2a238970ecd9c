import { and, eq, ne } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../../contracts/accounts';
import { type AreaPasswordBody, AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import { fieldError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import { sessions, users } from '../../platform/auth/auth.tables';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { SignedInSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { enforceRateLimits } from '../../platform/http/rate-limit';

/** Guesses of the current password from a stolen session are counted like sign-in attempts. */
const CURRENT_PASSWORD_LIMIT = { limit: 10, windowSeconds: 15 * 60 };

/**
 * PUT /api/{role}/password (spec 3 §3 Password form): the current password must be right; the new
 * one is stored and every other session of the account ends, this one stays signed in.
 */
export async function changeAreaPassword(
  ctx: AppContext,
  session: SignedInSession,
  body: AreaPasswordBody,
  ip: string | null,
): Promise<{ success: true; message: string }> {
  const now = ctx.now();
  const userId = session.user.id;
  await enforceRateLimits(
    ctx.rateLimits,
    [{ key: `password-change:user:${userId}`, rule: CURRENT_PASSWORD_LIMIT }],
    now,
    AUTH_MESSAGES.throttled,
  );
  const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(user?.hash ?? null, body.current_password)))
    throw fieldError('current_password', M.currentPasswordWrong);
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, session.idHash)));
    await audit(tx, {
      actorUserId: userId,
      action: 'password_changed',
      subjectType: 'user',
      subjectId: userId,
      ip,
    });
  });
  return { success: true, message: M.passwordChanged };
}
