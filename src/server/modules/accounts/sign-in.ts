import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type LoginBody } from '../../../contracts/accounts';
import { dashboardUrlFor, defaultActiveRole } from '../../../domain/access/roles';
import { safeRedirectPath } from '../../../domain/access/safe-redirect';
import { canSignIn } from '../../../domain/accounts/user-rules';
import { fieldError } from '../../../domain/errors';
import { users } from '../../platform/auth/auth.tables';
import { verifyPassword } from '../../platform/auth/passwords';
import { setSessionCookie } from '../../platform/auth/request-session';
import { rotateSession } from '../../platform/auth/sessions';
import { rolesOf } from '../../platform/auth/user-roles';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { enforceRateLimits } from '../../platform/http/rate-limit';
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
    ctx.rateLimits,
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
  const refusal = signInRefusal(user.accountStatus);
  if (refusal) throw fieldError('email', refusal);

  await ctx.rateLimits.clear(accountKey);
  await ctx.rateLimits.takeBack(ipKey);

  return openUserSession(ctx, req, reply, {
    userId: user.id,
    remember: input.remember,
    redirect: input.redirect,
  });
}

/**
 * What every way of signing in does once it knows who it is (password, magic link, SMS code):
 * in one transaction it stamps the sign-in, runs the `ctx.onSignIn` hooks (the guest's cart joins
 * the account's) and any `alsoInTx` work, and replaces the browser's session by a new one with a
 * new id and CSRF token (DECISIONS 26) in the default active role. The browser goes to a
 * same-site `redirect` when given, else the active role's dashboard (DECISIONS 5).
 */
export async function openUserSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: {
    userId: number;
    remember: boolean;
    redirect?: string | undefined;
    alsoInTx?: (tx: Tx, now: Date) => Promise<void>;
  },
) {
  const now = ctx.now();
  const held = await rolesOf(ctx.db, input.userId);
  const activeRole = defaultActiveRole(held);
  const idle = await getSetting(ctx.db, 'session_idle_minutes');
  const oldIdHash = req.sessionState.status === 'none' ? null : req.sessionState.session.idHash;
  const session = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, input.userId));
    await input.alsoInTx?.(tx, now);
    for (const hook of ctx.onSignIn) await hook({ tx, req, reply, userId: input.userId, now });
    return rotateSession(tx, oldIdHash, {
      userId: input.userId,
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
  return { userId: input.userId, activeRole, redirectUrl, csrfToken: session.csrfToken };
}

/** The words a sign-in gives an account that may not sign in, or null when it may. */
export function signInRefusal(accountStatus: string): string | null {
  const status = accountStatus as 'active' | 'suspended' | 'closed';
  if (canSignIn(status)) return null;
  return status === 'closed' ? AUTH_MESSAGES.closed : AUTH_MESSAGES.suspended;
}
