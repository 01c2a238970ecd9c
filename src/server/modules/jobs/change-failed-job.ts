import { JOB_MESSAGES as M } from '../../../contracts/jobs';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/errors';
import type { AnyJob } from '../../platform/jobs/job-queue';
import { jobs } from '../../platform/jobs/jobs.tables';
import { isRetryable } from './failed-jobs.presenter';
import { findJob, isFailed } from './failed-jobs.queries';

/** 404 for no job, 409 for one that is not failed (queued, running or done). */
async function failedJobOr404(ctx: AppContext, id: number) {
  const job = await findJob(ctx.db, id);
  if (!job) throw notFound(M.notFound);
  if (job.status !== 'failed') throw conflict(M.notFailed);
  return job;
}

/**
 * POST /api/jobs/{id}/retry: the failed job goes back to the queue with fresh attempts, due now;
 * the worker of any process takes it. One conditional update, so two admins pressing retry at
 * once queue it once (the second hears 409).
 */
export async function retryFailedJob(
  ctx: AppContext,
  actor: Actor,
  registry: readonly AnyJob[],
  id: number,
): Promise<void> {
  const job = await failedJobOr404(ctx, id);
  if (!isRetryable(registry, job.name)) throw conflict(M.secretGone);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ status: 'queued', attempts: 0, runAt: ctx.now(), lockedUntil: null, finishedAt: null })
      .where(isFailed(id))
      .returning({ id: jobs.id });
    if (!row) throw conflict(M.notFailed);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'job.retried',
      subjectType: 'job',
      subjectId: String(id),
      data: { name: job.name, last_error: job.lastError },
      ip: actor.ip,
    });
  });
}

/** DELETE /api/jobs/{id}: a failed job the admin has read and gives up on is deleted. */
export async function discardFailedJob(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const job = await failedJobOr404(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(jobs).where(isFailed(id)).returning({ id: jobs.id });
    if (!row) throw conflict(M.notFailed);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'job.discarded',
      subjectType: 'job',
      subjectId: String(id),
      data: { name: job.name, last_error: job.lastError },
      ip: actor.ip,
    });
  });
}
