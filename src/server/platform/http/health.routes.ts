import { type JournalEntry, pendingMigrations, readJournal } from '../db/migration-status';
import { defineRoute } from './define-route';

/** Liveness: the process answers. No database, so a slow database never gets a process killed. */
export const livenessRoute = defineRoute({
  method: 'GET',
  url: '/healthz',
  auth: 'public',
  handler: async ({ reply }) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  },
});

/**
 * Readiness: the database answers and has every committed migration (a load balancer sends
 * traffic only then). 503 with the reason otherwise; `pid` tells which process answered.
 */
export const readinessRoute = (journal: readonly JournalEntry[]) =>
  defineRoute({
    method: 'GET',
    url: '/readyz',
    auth: 'public',
    handler: async ({ ctx, reply }) => {
      reply.header('Cache-Control', 'no-store');
      let pending: string[];
      try {
        pending = await pendingMigrations(ctx.db, journal);
      } catch {
        return reply
          .code(503)
          .send({ status: 'unavailable', reason: 'The database does not answer.', pid: process.pid });
      }
      if (pending.length > 0)
        return reply.code(503).send({
          status: 'unavailable',
          reason: `${pending.length} migration(s) not applied.`,
          pending,
          pid: process.pid,
        });
      return { status: 'ready', pid: process.pid };
    },
  });

export const healthRoutes = [livenessRoute, readinessRoute(readJournal())];
