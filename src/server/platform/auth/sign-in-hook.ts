import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/database';

/**
 * What another area does when someone signs in or registers, inside the transaction that makes
 * their session: the guest's cart joins theirs (docs/decisions/0050). Wired in app.ts, so accounts
 * need not know the areas that care.
 */
export type SignInHook = (input: {
  tx: Tx;
  req: FastifyRequest;
  reply: FastifyReply;
  userId: number;
  now: Date;
}) => Promise<void>;
