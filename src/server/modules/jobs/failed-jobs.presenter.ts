import type { FailedJobReply } from '../../../contracts/jobs';
import { redactPayload } from '../../../domain/jobs/redact-payload';
import type { AnyJob } from '../../platform/jobs/job-queue';
import type { JobRow } from './failed-jobs.queries';

/** Retry can send a job again unless it carried a one-time secret, removed when it failed. */
export function isRetryable(registry: readonly AnyJob[], name: string): boolean {
  const definition = registry.find((d) => d.name === name);
  return Boolean(definition) && definition!.secretKeys.length === 0;
}

export function presentFailedJob(registry: readonly AnyJob[], row: JobRow): FailedJobReply {
  return {
    id: row.id,
    name: row.name,
    payload: redactPayload(row.payload),
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    retryable: isRetryable(registry, row.name),
    created_at: row.createdAt.toISOString(),
    failed_at: row.finishedAt?.toISOString() ?? null,
  };
}
