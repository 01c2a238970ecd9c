import { z } from 'zod';
import { pageParam } from './common';

/** The admin's failed-jobs screen and its routes (docs/decisions/0073). */
export const JOB_MESSAGES = {
  notFound: 'Job not found.',
  notFailed: 'Only a failed job can be retried or discarded.',
  secretGone:
    'This job carried a one-time link or code, removed when it failed: it cannot be sent again. Ask the person to request a new one.',
  retried: 'The job was queued again.',
  discarded: 'The failed job was discarded.',
  loadFailed: 'The failed jobs could not be loaded.',
  changeFailed: 'The job could not be changed. Please try again.',
  statusInvalid: 'The status must be failed.',
} as const;

/** Failed jobs are listed 25 a page, paged in SQL. */
export const FAILED_JOBS_PER_PAGE = 25;

/** GET /api/jobs?status=failed&page=: newest failure first. */
export const jobsListQuery = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === undefined ? 'failed' : v),
    z.enum(['failed'], { error: JOB_MESSAGES.statusInvalid }),
  ),
  page: pageParam,
});
export type JobsListQuery = z.output<typeof jobsListQuery>;

export type FailedJobReply = {
  id: number;
  name: string;
  /** The payload with every secret-looking value replaced by "[redacted]". */
  payload: unknown;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  /** Whether retry can send it again (false once its one-time secret was removed). */
  retryable: boolean;
  created_at: string;
  failed_at: string | null;
};
