import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/audit';
import type { SignedInSession } from './sessions';

/**
 * Who acts in a request: the audit's actor (user and IP) with the active role and its permissions,
 * which the account-scope policy compares with the account acted on (docs/decisions/0035).
 */
export type SessionActor = Actor & { activeRole: string; permissions: ReadonlySet<string> };

export function actorOf(session: SignedInSession, req: FastifyRequest): SessionActor {
  return {
    userId: session.user.id,
    ip: req.ip,
    activeRole: session.activeRole,
    permissions: session.permissions,
  };
}
