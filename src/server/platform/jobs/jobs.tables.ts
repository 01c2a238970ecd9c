import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The durable job queue (docs/decisions/0046): one row per piece of work to do after a change
 * commits (an e-mail, an SMS). Written in the transaction of the change, so a rollback leaves no
 * job; claimed by the worker of any app process with `FOR UPDATE SKIP LOCKED`.
 *
 * queued → running → done, or back to queued with a later `run_at` after a failure, or failed
 * once `attempts` reaches `max_attempts`. A running job whose `locked_until` has passed (its
 * process stopped mid-run) is claimed again.
 *
 * A scheduled job's row carries `unique_key` = `<name>@<slot start>` (docs/decisions/0073): every
 * process offers the row of the current slot, and the unique index keeps exactly one of them.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    uniqueKey: text('unique_key'),
  },
  (t) => [
    check('jobs_status', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    // The worker's claim reads only unfinished jobs; finished ones are kept for a while to be read.
    index('jobs_due').on(t.runAt, t.id).where(sql`${t.status} in ('queued', 'running')`),
    uniqueIndex('jobs_unique_key').on(t.uniqueKey),
    index('jobs_finished').on(t.status, t.finishedAt).where(sql`${t.status} in ('done', 'failed')`),
  ],
);
