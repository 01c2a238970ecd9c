import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type RegisterBody } from '../../../contracts/accounts';
import { dashboardUrlFor } from '../../../domain/access/roles';
import { users } from '../../platform/auth/auth.tables';
import { hashPassword } from '../../platform/auth/passwords';
import { setSessionCookie } from '../../platform/auth/request-session';
import { rotateSession } from '../../platform/auth/sessions';
import { setUserRoles } from '../../platform/auth/user-roles';
import type { AppContext } from '../../platform/context';
import { enforceRateLimits } from '../../platform/http/rate-limit';
import { getSetting } from '../../platform/settings/settings-store';
import { assertEmailFree, emailTaken, profileColumns } from './user-profile';

const REGISTER_LIMIT = { limit: 10, windowSeconds: 60 * 60 };

/** Registration (DECISIONS 3): individual or company, with the customer role, signed in at once. */
export async function registerUser(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: RegisterBody,
) {
  const now = ctx.now();
  await enforceRateLimits(
    ctx.rateLimits,
    [{ key: `register:ip:${req.ip}`, rule: REGISTER_LIMIT }],
    now,
    AUTH_MESSAGES.resetThrottled,
  );
  const passwordHash = await hashPassword(input.password);
  const idle = await getSetting(ctx.db, 'session_idle_minutes');
  const oldIdHash = req.sessionState.status === 'none' ? null : req.sessionState.session.idHash;

  const { userId, session } = await ctx.db.transaction(async (tx) => {
    await assertEmailFree(tx, input.email);
    const inserted = await tx
      .insert(users)
      .values({ ...profileColumns({ ...input, notes: null }), passwordHash, lastLoginAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const created = inserted[0];
    if (!created) throw emailTaken();
    await setUserRoles(tx, created.id, ['customer']);
    for (const hook of ctx.onSignIn) await hook({ tx, req, reply, userId: created.id, now });
    const session = await rotateSession(tx, oldIdHash, {
      userId: created.id,
      activeRole: 'customer',
      remember: false,
      idleMinutes: idle,
      now,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    });
    return { userId: created.id, session };
  });
  setSessionCookie(req, reply, session);
  return { userId, redirectUrl: dashboardUrlFor('customer') };
}
