import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type LoginBody } from '../../../contracts/accounts';
import { dashboardUrlFor, defaultActiveRole } from '../../../domain/access/roles';
import { safeRedirectPath } from '../../../domain/access/safe-redirect';
import { canSignIn } from '../../../domain/accounts/user-rules';
import { fieldError } from '../../../domain/errors';
import { rateLimitBuckets, users } from '../../platform/auth/auth.tables';
import { verifyPassword } from '../../platform/auth/passwords';
import { setSessionCookie } from '../../platform/auth/request-session';
import { rotateSession } from '../../platform/auth/sessions';
import { rolesOf } from '../../platform/auth/user-roles';
import type { AppContext } from '../../platform/context';
import { clearRateLimit, enforceRateLimits } from '../../platform/http/rate-limit';
import { getSetting } from '../../platform/settings/settings-store';

/** Failed sign-ins allowed per account and per IP in 15 minutes. */
export const LOGIN_LIMITS = {
  account: { limit: 5, windowSeconds: 15 * 60 },
  ip: { limit: 20, windowSeconds: 15 * 60 },
};

/**
 * Password sign-in (DECISIONS 3). Every attempt counts against the account and the IP before the
 * password is checked, so parallel guesses cannot pass the limit; a success takes its own count back.
 */
export async function signIn(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, input: LoginBody) {
  const now = ctx.now();
  const accountKey = `login:account:${input.email}`;
  const ipKey = `login:ip:${req.ip}`;
  await enforceRateLimits(
    ctx.db,
    [
      { key: accountKey, rule: LOGIN_LIMITS.account },
      { key: ipKey, rule: LOGIN_LIMITS.ip },
    ],
    now,
    AUTH_MESSAGES.throttled,
  );

  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, accountStatus: users.accountStatus })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) throw fieldError('email', AUTH_MESSAGES.failed);
  const status = user.accountStatus as 'active' | 'suspended' | 'closed';
  if (!canSignIn(status))
    throw fieldError('email', status === 'closed' ? AUTH_MESSAGES.closed : AUTH_MESSAGES.suspended);

  await clearRateLimit(ctx.db, accountKey);
  await ctx.db
    .update(rateLimitBuckets)
    .set({ hits: sql`greatest(${rateLimitBuckets.hits} - 1, 0)` })
    .where(eq(rateLimitBuckets.key, ipKey));

  const held = await rolesOf(ctx.db, user.id);
  const activeRole = defaultActiveRole(held);
  const idle = await getSetting(ctx.db, 'session_idle_minutes');
  const oldIdHash = req.sessionState.status === 'none' ? null : req.sessionState.session.idHash;
  const session = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    for (const hook of ctx.onSignIn) await hook({ tx, req, reply, userId: user.id, now });
    return rotateSession(tx, oldIdHash, {
      userId: user.id,
      activeRole,
      remember: input.remember,
      idleMinutes: idle,
      now,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    });
  });
  setSessionCookie(req, reply, session);
  const redirectUrl = safeRedirectPath(input.redirect) ?? (activeRole ? dashboardUrlFor(activeRole) : '/');
  return { userId: user.id, activeRole, redirectUrl, csrfToken: session.csrfToken };
}
