import type { FastifyReply, FastifyRequest } from 'fastify';
import { dashboardUrlFor, roleRefusalMessage } from '../../../domain/access/roles';
import { AppError } from '../../../domain/errors';
import { setSessionCookie } from '../../platform/auth/request-session';
import { rotateSession, type SignedInSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { getSetting } from '../../platform/settings/settings-store';

/** spec 3 §4, §6: switch only to a role held; the session id and CSRF token rotate (DECISIONS 26). */
export async function switchRole(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  session: SignedInSession,
  role: string,
) {
  if (!session.roles.includes(role)) throw new AppError('forbidden', roleRefusalMessage(role));
  const idle = await getSetting(ctx.db, 'session_idle_minutes');
  const rotated = await ctx.db.transaction((tx) =>
    rotateSession(tx, session.idHash, {
      userId: session.user.id,
      activeRole: role,
      remember: session.remember,
      idleMinutes: idle,
      now: ctx.now(),
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    }),
  );
  setSessionCookie(req, reply, rotated);
  return { activeRole: role, dashboardUrl: dashboardUrlFor(role), csrfToken: rotated.csrfToken };
}
