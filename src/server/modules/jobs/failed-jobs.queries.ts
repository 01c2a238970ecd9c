import { and, desc, eq, sql } from 'drizzle-orm';
import { FAILED_JOBS_PER_PAGE, type JobsListQuery } from '../../../contracts/jobs';
import type { Executor } from '../../platform/db/database';
import { paged } from '../../platform/http/paging';
import { jobs } from '../../platform/jobs/jobs.tables';

export type JobRow = typeof jobs.$inferSelect;

const countAll = sql<number>`cast(count(*) as integer)`;

/** GET /api/jobs?status=failed: one page in SQL, the newest failure first (the jobs_finished index). */
export async function listFailedJobs(db: Executor, query: JobsListQuery) {
  const where = eq(jobs.status, query.status);
  return paged(
    query.page,
    FAILED_JOBS_PER_PAGE,
    (limit, offset) =>
      db
        .select()
        .from(jobs)
        .where(where)
        .orderBy(desc(jobs.finishedAt), desc(jobs.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: countAll }).from(jobs).where(where))[0]?.n ?? 0,
  );
}

export async function findJob(db: Executor, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ?? null;
}

export const isFailed = (id: number) => and(eq(jobs.id, id), eq(jobs.status, 'failed'));
