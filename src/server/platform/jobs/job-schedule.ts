import type { Executor } from '../db/database';
import { jobs } from './jobs.tables';

/** The start of the slot of `every` ms that holds `now` (slots are aligned on the epoch). */
export function slotStart(now: Date, every: number): Date {
  return new Date(Math.floor(now.getTime() / every) * every);
}

/** The key that makes a recurring job's slot one row, whichever process offers it first. */
export const slotKey = (name: string, slot: Date) => `${name}@${slot.toISOString()}`;

/** What the scheduler reads of a job definition (job-queue.ts's JobDefinition). */
type Recurring = { name: string; every: number | null; maxAttempts: number };

/**
 * Offers the current slot of every recurring job in the registry (docs/decisions/0073): one insert
 * per job with `ON CONFLICT (unique_key) DO NOTHING`, so however many processes offer it, the slot
 * has one row, and the queue runs it once (claimed with SKIP LOCKED like any job). A slot missed
 * while no process ran is not made up: the next one does the same work.
 */
export async function enqueueScheduledJobs(
  db: Executor,
  registry: readonly Recurring[],
  now: Date,
): Promise<void> {
  for (const job of registry) {
    if (!job.every) continue;
    const slot = slotStart(now, job.every);
    await db
      .insert(jobs)
      .values({
        name: job.name,
        payload: { slot: slot.toISOString() },
        maxAttempts: job.maxAttempts,
        runAt: slot,
        createdAt: now,
        uniqueKey: slotKey(job.name, slot),
      })
      .onConflictDoNothing({ target: jobs.uniqueKey });
  }
}
