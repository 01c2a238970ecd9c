import { and, asc, eq, getTableColumns, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Executor, Tx } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { referenceVersionColumn, withReferenceCache } from '../db/reference-cache';
import { withStorageChoice } from '../files/settings-storage';
import { enqueueScheduledJobs } from './job-schedule';
import { jobs } from './jobs.tables';

/** What a job's handler is told besides its payload. */
export type JobRun = { id: number; attempt: number; maxAttempts: number };

export type JobDefinition<P extends Record<string, unknown> = Record<string, unknown>> = {
  name: string;
  maxAttempts: number;
  /** One waiting job is enough (it reads all the work there is): enqueue adds none while one waits. */
  single: boolean;
  /**
   * A recurring job: once per `every` ms across all app processes, in slots aligned on the epoch
   * (docs/decisions/0073). Its payload is `{ slot }`, the slot's start as ISO text.
   */
  every: number | null;
  /** Payload keys (tokens in a link) removed from the row once the job is done or failed. */
  secretKeys: readonly (keyof P & string)[];
  /** Does the work; a throw is a failed attempt, tried again after a backoff. */
  run(ctx: AppContext, payload: P, job: JobRun): Promise<void>;
  /** Called once when the last attempt fails (to record the failure where the screens read it). */
  failed?(ctx: AppContext, payload: P, error: string): Promise<void>;
  /** Queues this job in the caller's transaction: a rollback leaves no job. */
  enqueue(tx: Tx, payload: P, now: Date): Promise<number>;
};

export const DEFAULT_MAX_ATTEMPTS = 5;
/** How long a claimed job belongs to its worker before another process may take it over. */
export const JOB_LEASE_MS = 5 * 60 * 1000;
const BACKOFF_BASE_MS = 15 * 1000;
const BACKOFF_CAP_MS = 60 * 60 * 1000;

/**
 * The wait before attempt `attempt + 1`: 15 s, 30 s, 1 min, 2 min… at most an hour. The base is
 * `EMPORIUM_JOB_RETRY_BASE_MS` (the browser journeys shorten it to see a job fail in seconds).
 */
export function backoffMs(attempt: number, base = BACKOFF_BASE_MS): number {
  return Math.min(base * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS);
}

export function defineJob<P extends Record<string, unknown>>(
  definition: Pick<JobDefinition<P>, 'name' | 'run' | 'failed'> & {
    maxAttempts?: number;
    single?: boolean;
    every?: number;
    secretKeys?: readonly (keyof P & string)[];
  },
): JobDefinition<P> {
  const maxAttempts = definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  return {
    ...definition,
    maxAttempts,
    single: definition.single ?? false,
    every: definition.every ?? null,
    secretKeys: definition.secretKeys ?? [],
    async enqueue(tx, payload, now) {
      if (definition.single) {
        const [waiting] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.name, definition.name), eq(jobs.status, 'queued')))
          .limit(1);
        if (waiting) return waiting.id;
      }
      const [row] = await tx
        .insert(jobs)
        .values(jobRow(definition.name, maxAttempts, payload, now))
        .returning({ id: jobs.id });
      return row!.id;
    },
  };
}

const jobRow = (name: string, maxAttempts: number, payload: Record<string, unknown>, now: Date) => ({
  name,
  payload,
  maxAttempts,
  runAt: now,
  createdAt: now,
});

/** A job with its payload, for `enqueueAll`. */
export function queued<P extends Record<string, unknown>>(job: JobDefinition<P>, payload: P) {
  return { job: job as AnyJob, payload };
}

/**
 * Queues several jobs in one insert, in the caller's transaction (a checkout's two e-mails): a
 * rollback leaves none. Not for `single` jobs, which look for a waiting one first.
 */
export async function enqueueAll(tx: Tx, now: Date, entries: ReturnType<typeof queued>[]): Promise<void> {
  if (entries.length === 0) return;
  await jobsInsertion(tx, now, entries);
}

/** The insert of enqueueAll, to send with other writes (writeTogether); at least one entry. */
export function jobsInsertion(tx: Tx, now: Date, entries: ReturnType<typeof queued>[]) {
  const single = entries.find((e) => e.job.single);
  if (single) throw new Error(`${single.job.name} is a single job: enqueue it on its own`);
  return tx.insert(jobs).values(entries.map((e) => jobRow(e.job.name, e.job.maxAttempts, e.payload, now)));
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every payload type.
export type AnyJob = JobDefinition<any>;

type Log = { error(obj: object, msg: string): void };

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'unknown error';

const at = sql`cast(${sql.placeholder('now')} as timestamptz)`;

/**
 * Claims the oldest due job, or a running one whose worker let its lease pass. Prepared: every
 * worker runs it at each poll and before each job, and planning it cost more than running it
 * (a queue's index holds the entries of the jobs just done until a vacuum).
 */
const claimStatement = preparedStatement((db) =>
  db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`cast(${sql.placeholder('lockedUntil')} as timestamptz)`,
    })
    .where(
      inArray(
        jobs.id,
        db
          .select({ id: jobs.id })
          .from(jobs)
          .where(
            or(
              and(eq(jobs.status, 'queued'), lte(jobs.runAt, at)),
              and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, at)),
            ),
          )
          .orderBy(asc(jobs.runAt), asc(jobs.id))
          .limit(1)
          // Several app processes on one PostgreSQL share the queue: each takes a different row.
          .for('update', { skipLocked: true }),
      ),
    )
    // With the reference version, at which the job reads settings and the rest of the reference
    // data from the process's cache (docs/decisions/0112).
    .returning({ ...getTableColumns(jobs), referenceVersion: referenceVersionColumn() })
    .prepare('job_claim'),
);

async function claimOne(db: Executor, now: Date) {
  const [job] = await claimStatement(db).execute({
    now: now.toISOString(),
    lockedUntil: new Date(now.getTime() + JOB_LEASE_MS).toISOString(),
  });
  return job;
}

/** A claimed job done, unless another worker took it over since (its attempt or status moved). */
const doneStatement = preparedStatement((db) =>
  db
    .update(jobs)
    .set({
      status: 'done',
      lockedUntil: null,
      finishedAt: sql`cast(${sql.placeholder('finishedAt')} as timestamptz)`,
      payload: sql`cast(${sql.placeholder('payload')} as jsonb)`,
    })
    .where(
      and(
        eq(jobs.id, sql.placeholder('id')),
        eq(jobs.attempts, sql.placeholder('attempts')),
        eq(jobs.status, 'running'),
      ),
    )
    .prepare('job_done'),
);

const withoutSecrets = (payload: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(payload).filter(([key]) => !keys.includes(key)));

/**
 * Runs every job due at `now`, one claim at a time, and answers how many ran (done or not).
 * The worker calls it in a loop; tests call it to run the queue deterministically. A failed
 * attempt goes back to the queue after `backoffMs`, so one call never runs a job twice.
 */
export async function runDueJobs(
  ctx: AppContext,
  registry: readonly AnyJob[],
  options: { now?: () => Date; log?: Log; limit?: number; schedule?: boolean } = {},
): Promise<number> {
  const now = options.now ?? ctx.now;
  const limit = options.limit ?? 100;
  // The worker asks for it once a minute; API tests only when they test a recurring job.
  if (options.schedule) await enqueueScheduledJobs(ctx.db, registry, now());
  let ran = 0;
  while (ran < limit) {
    const job = await claimOne(ctx.db, now());
    if (!job) break;
    ran++;
    const definition = registry.find((d) => d.name === job.name);
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'running'));
    try {
      if (!definition) throw new Error(`no handler for job "${job.name}"`);
      // The storage is chosen before the job opens a transaction (docs/decisions/0072). Its reads
      // of reference data on ctx.db come from the process's cache at the claim's version: a mail
      // read the shop's name and mail settings in four round trips (docs/decisions/0112).
      await withReferenceCache(
        ctx.db,
        () =>
          withStorageChoice(ctx.storage, () =>
            definition.run(ctx, job.payload, {
              id: job.id,
              attempt: job.attempts,
              maxAttempts: job.maxAttempts,
            }),
          ),
        Number(job.referenceVersion),
      );
      await doneStatement(ctx.db).execute({
        id: job.id,
        attempts: job.attempts,
        finishedAt: now().toISOString(),
        payload: JSON.stringify(withoutSecrets(job.payload, definition.secretKeys)),
      });
    } catch (error) {
      const message = errorText(error);
      const last = job.attempts >= job.maxAttempts;
      options.log?.error({ err: error, job_id: job.id, job: job.name, attempt: job.attempts }, 'job failed');
      await ctx.db
        .update(jobs)
        .set(
          last
            ? {
                status: 'failed',
                lockedUntil: null,
                lastError: message,
                finishedAt: now(),
                payload: withoutSecrets(job.payload, definition?.secretKeys ?? []),
              }
            : {
                status: 'queued',
                lockedUntil: null,
                lastError: message,
                runAt: new Date(now().getTime() + backoffMs(job.attempts, ctx.config.jobRetryBaseMs)),
              },
        )
        .where(mine);
      if (last && definition?.failed) {
        await definition.failed(ctx, job.payload, message).catch((hookError: unknown) => {
          options.log?.error({ err: hookError, job_id: job.id, job: job.name }, 'job failure hook failed');
        });
      }
    }
  }
  return ran;
}

/** Finished jobs kept this long (failed ones for a person to read: docs/operations.md). */
export const FINISHED_JOB_DAYS = { done: 7, failed: 30 } as const;

/** Deletes done jobs after a week and failed ones after a month. */
export async function purgeFinishedJobs(db: Executor, now: Date): Promise<void> {
  const before = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, 'done'), lt(jobs.finishedAt, before(FINISHED_JOB_DAYS.done))),
        and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, before(FINISHED_JOB_DAYS.failed))),
      ),
    );
}
