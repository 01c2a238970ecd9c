import { idParam } from '../../../contracts/common';
import { type FailedJobReply, jobsListQuery, JOB_MESSAGES as M } from '../../../contracts/jobs';
import type { Paged } from '../../../domain/paging/paging';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import type { AnyJob } from '../../platform/jobs/job-queue';
import { discardFailedJob, retryFailedJob } from './change-failed-job';
import { presentFailedJob } from './failed-jobs.presenter';
import { listFailedJobs } from './failed-jobs.queries';

const auth = { permission: 'jobs.manage' } as const;

/**
 * Failed jobs for the admin (docs/decisions/0073): read, retried or discarded. Given the job
 * registry (src/server/jobs.ts) to know which jobs can be sent again.
 */
export function jobRoutes(registry: readonly AnyJob[]) {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/jobs',
      auth,
      query: jobsListQuery,
      handler: async ({ ctx, query }): Promise<Paged<FailedJobReply>> => {
        const page = await listFailedJobs(ctx.db, query);
        return { ...page, data: page.data.map((row) => presentFailedJob(registry, row)) };
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/jobs/:id/retry',
      auth,
      params: idParam,
      handler: async ({ ctx, req, session, params }) => {
        await retryFailedJob(ctx, actorOf(session, req), registry, params.id);
        return { success: true as const, message: M.retried };
      },
    }),

    defineRoute({
      method: 'DELETE',
      url: '/api/jobs/:id',
      auth,
      params: idParam,
      handler: async ({ ctx, req, session, params }) => {
        await discardFailedJob(ctx, actorOf(session, req), params.id);
        return { success: true as const, message: M.discarded };
      },
    }),
  ];
}
