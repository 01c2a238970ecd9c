import type { FastifyReply, FastifyRequest } from 'fastify';
import { isShopTeam } from '../../../domain/access/access-rules';
import type { AppContext } from '../../platform/context';
import { getSetting } from '../../platform/settings/settings-store';

export const MAINTENANCE_MESSAGE = 'The shop is closed for maintenance. Please come back soon.';
/** Seconds a client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 600;

/**
 * Maintenance mode (spec 2 §3, docs/decisions/0021): a storefront page answers 503 to everyone
 * but admin and staff. Sign-in, password reset and the back office stay open, so the team can get in.
 * Answers the 503 page and true when the page must not be shown.
 */
export async function closedForMaintenance(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (!(await getSetting(ctx.db, 'maintenance_mode'))) return false;
  const session = req.sessionState.status === 'active' ? req.sessionState.session : null;
  if (session?.user && isShopTeam(session.roles)) return false;
  reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  await ctx.pages.error(req, reply, 503, MAINTENANCE_MESSAGE);
  return true;
}
