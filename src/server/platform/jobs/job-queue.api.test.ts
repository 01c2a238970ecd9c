import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { cachedReference } from '../db/reference-cache';
import { getSetting } from '../settings/settings-store';
import {
  backoffMs,
  defineJob,
  enqueueAll,
  FINISHED_JOB_DAYS,
  JOB_LEASE_MS,
  purgeFinishedJobs,
  queued,
  runDueJobs,
} from './job-queue';
import { startJobWorker } from './job-worker';
import { jobs } from './jobs.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailDir = () => path.join(t.dataDir, 'mail');
const mails = async () => (await fs.readdir(mailDir()).catch(() => [] as string[])).sort();

/** What the probe jobs did, in order. */
let ran: { id: number; attempt: number; to: string }[] = [];
let failures: string[] = [];

/** Mails through the app's real mailer (an .eml file without SMTP). */
const mailProbe = defineJob<{ to: string; token?: string }>({
  name: 'test.mail-probe',
  secretKeys: ['token'],
  async run(ctx, { to }, job) {
    ran.push({ id: job.id, attempt: job.attempt, to });
    await ctx.mailer.send({ to, subject: 'Probe', text: 'Sent by a job.' });
  },
});

const failingProbe = defineJob<{ reason: string }>({
  name: 'test.failing-probe',
  maxAttempts: 3,
  async run(_ctx, { reason }, job) {
    ran.push({ id: job.id, attempt: job.attempt, to: '' });
    throw new Error(`${reason} (attempt ${job.attempt} of ${job.maxAttempts})`);
  },
  async failed(_ctx, { reason }, error) {
    failures.push(`${reason}: ${error}`);
  },
});

const registry = [mailProbe, failingProbe];
const rows = () => t.ctx.db.select().from(jobs).orderBy(jobs.id);

beforeEach(async () => {
  ran = [];
  failures = [];
  await t.ctx.db.delete(jobs);
  await fs.rm(mailDir(), { recursive: true, force: true });
});

describe('the job queue (docs/decisions/0046)', () => {
  it('runs a job enqueued in a committed transaction once, and keeps no secret after it', async () => {
    await t.ctx.db.transaction((tx) =>
      mailProbe.enqueue(tx, { to: 'kept@shop.test', token: 'secret-token' }, t.ctx.now()),
    );
    expect(await mails()).toEqual([]);
    expect(await runDueJobs(t.ctx, registry)).toBe(1);
    expect(await runDueJobs(t.ctx, registry)).toBe(0);
    expect(ran.map((r) => [r.to, r.attempt])).toEqual([['kept@shop.test', 1]]);
    expect(await mails()).toEqual([expect.stringContaining('kept@shop.test')]);
    const [job] = await rows();
    expect(job).toMatchObject({
      name: 'test.mail-probe',
      status: 'done',
      attempts: 1,
      lastError: null,
      lockedUntil: null,
      payload: { to: 'kept@shop.test' },
    });
    expect(job!.finishedAt).not.toBeNull();
  });

  it('sends nothing for a job enqueued in a transaction that rolls back', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await mailProbe.enqueue(tx, { to: 'rolled-back@shop.test' }, t.ctx.now());
        throw new Error('the order failed after queueing its e-mail');
      }),
    ).rejects.toThrow('the order failed');
    expect(await rows()).toEqual([]);
    expect(await runDueJobs(t.ctx, registry)).toBe(0);
    expect(ran).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('queues several jobs in one insert with enqueueAll, each run by its own handler; none after a rollback', async () => {
    const now = t.ctx.now();
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await enqueueAll(tx, now, [queued(mailProbe, { to: 'lost@shop.test' })]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows()).toEqual([]);
    await t.ctx.db.transaction((tx) =>
      enqueueAll(tx, now, [
        queued(mailProbe, { to: 'buyer@shop.test', token: 'secret' }),
        queued(failingProbe, { reason: 'no printer' }),
      ]),
    );
    expect((await rows()).map((r) => [r.name, r.status, r.maxAttempts, r.payload])).toEqual([
      ['test.mail-probe', 'queued', 5, { to: 'buyer@shop.test', token: 'secret' }],
      ['test.failing-probe', 'queued', 3, { reason: 'no printer' }],
    ]);
    expect(await runDueJobs(t.ctx, registry)).toBe(2);
    expect(ran.map((r) => r.to)).toEqual(['buyer@shop.test', '']);
    expect(await mails()).toHaveLength(1);
    // A single job looks for a waiting one first, so it is refused here.
    const single = defineJob<Record<string, never>>({
      name: 'test.single-batch',
      single: true,
      async run() {},
    });
    await expect(t.ctx.db.transaction((tx) => enqueueAll(tx, now, [queued(single, {})]))).rejects.toThrow(
      'test.single-batch is a single job',
    );
  });

  it('reads reference data at its claim’s version from the process cache, and sees a write at the next job (decision 0112)', async () => {
    let loads = 0;
    const names: string[] = [];
    const reader = defineJob<Record<string, never>>({
      name: 'test.reference-reader',
      async run(ctx) {
        names.push(await getSetting(ctx.db, 'site_name'));
        await cachedReference(ctx.db, 'test:job-reference', async () => ++loads);
      },
    });
    const enqueue = (count: number) =>
      t.ctx.db.transaction((tx) =>
        enqueueAll(
          tx,
          t.ctx.now(),
          Array.from({ length: count }, () => queued(reader, {})),
        ),
      );
    const siteName = (name: string) =>
      t.ctx.db.execute(sql`insert into settings (key, value) values ('site_name', ${JSON.stringify(name)}::jsonb)
        on conflict (key) do update set value = excluded.value`);
    await siteName('Before the change');
    await enqueue(3);
    expect(await runDueJobs(t.ctx, [reader])).toBe(3);
    expect(loads).toBe(1);
    // A write made elsewhere, as another process would: the next job reads it.
    await siteName('After the change');
    await enqueue(1);
    expect(await runDueJobs(t.ctx, [reader])).toBe(1);
    expect(loads).toBe(2);
    expect(names).toEqual([
      'Before the change',
      'Before the change',
      'Before the change',
      'After the change',
    ]);
  });

  it('retries a failing job with exponential backoff and ends it failed after its attempts', async () => {
    const start = t.ctx.now().getTime();
    await t.ctx.db.transaction((tx) => failingProbe.enqueue(tx, { reason: 'server down' }, new Date(start)));
    let clock = start;
    const now = () => new Date(clock);

    expect(await runDueJobs(t.ctx, registry, { now })).toBe(1);
    let [job] = await rows();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'server down (attempt 1 of 3)' });
    expect(job!.runAt.getTime()).toBe(start + backoffMs(1));
    // Not due before its backoff has passed.
    clock = start + backoffMs(1) - 1;
    expect(await runDueJobs(t.ctx, registry, { now })).toBe(0);

    clock = start + backoffMs(1);
    expect(await runDueJobs(t.ctx, registry, { now })).toBe(1);
    [job] = await rows();
    expect(job).toMatchObject({ status: 'queued', attempts: 2, lastError: 'server down (attempt 2 of 3)' });
    expect(job!.runAt.getTime()).toBe(clock + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    clock += backoffMs(2);
    expect(await runDueJobs(t.ctx, registry, { now })).toBe(1);
    [job] = await rows();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'server down (attempt 3 of 3)' });
    expect(failures).toEqual(['server down: server down (attempt 3 of 3)']);

    clock += 24 * 60 * 60 * 1000;
    expect(await runDueJobs(t.ctx, registry, { now })).toBe(0);
    expect(ran.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it.each([
    [1, 15_000],
    [2, 30_000],
    [3, 60_000],
    [5, 240_000],
    [9, 3_600_000],
    [30, 3_600_000],
  ])('waits after attempt %i for %i ms', (attempt, ms) => {
    expect(backoffMs(attempt)).toBe(ms);
  });

  it('never runs the same job twice when workers run at once', async () => {
    const count = 30;
    await t.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await mailProbe.enqueue(tx, { to: `w${i}@shop.test` }, t.ctx.now());
    });
    const runs = await Promise.all([1, 2, 3].map(() => runDueJobs(t.ctx, registry)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(count);
    expect(new Set(ran.map((r) => r.id)).size).toBe(count);
    expect(ran).toHaveLength(count);
    expect((await rows()).every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    expect(await mails()).toHaveLength(count);
  });

  it('takes over a running job whose worker let its lease pass', async () => {
    await t.ctx.db.transaction((tx) => mailProbe.enqueue(tx, { to: 'lease@shop.test' }, t.ctx.now()));
    const past = new Date(t.ctx.now().getTime() - 1000);
    await t.ctx.db.update(jobs).set({ status: 'running', attempts: 1, lockedUntil: past });
    expect(await runDueJobs(t.ctx, registry)).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: 'done', attempts: 2 });

    await t.ctx.db.transaction((tx) => mailProbe.enqueue(tx, { to: 'busy@shop.test' }, t.ctx.now()));
    const future = new Date(t.ctx.now().getTime() + JOB_LEASE_MS);
    await t.ctx.db
      .update(jobs)
      .set({ status: 'running', lockedUntil: future })
      .where(eq(jobs.status, 'queued'));
    expect(await runDueJobs(t.ctx, registry)).toBe(0);
  });

  it('fails a job no handler knows, with the reason', async () => {
    await t.ctx.db.insert(jobs).values({
      name: 'test.unknown',
      payload: {},
      maxAttempts: 1,
      runAt: t.ctx.now(),
      createdAt: t.ctx.now(),
    });
    expect(await runDueJobs(t.ctx, registry)).toBe(1);
    expect((await rows())[0]).toMatchObject({
      status: 'failed',
      lastError: 'no handler for job "test.unknown"',
    });
  });

  it('keeps a single job waiting when the definition asks for one', async () => {
    const single = defineJob<Record<string, never>>({ name: 'test.single', single: true, async run() {} });
    const first = await t.ctx.db.transaction((tx) => single.enqueue(tx, {}, t.ctx.now()));
    const second = await t.ctx.db.transaction((tx) => single.enqueue(tx, {}, t.ctx.now()));
    expect(second).toBe(first);
    expect(await runDueJobs(t.ctx, [single])).toBe(1);
    const third = await t.ctx.db.transaction((tx) => single.enqueue(tx, {}, t.ctx.now()));
    expect(third).not.toBe(first);
  });

  it('deletes done jobs after a week and failed ones after a month', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = t.ctx.now();
    const finished = (status: 'done' | 'failed', daysAgo: number) => ({
      name: `test.${status}-${daysAgo}`,
      payload: {},
      status,
      maxAttempts: 1,
      runAt: now,
      createdAt: now,
      finishedAt: new Date(now.getTime() - daysAgo * day),
    });
    await t.ctx.db
      .insert(jobs)
      .values([
        finished('done', FINISHED_JOB_DAYS.done - 1),
        finished('done', FINISHED_JOB_DAYS.done + 1),
        finished('failed', FINISHED_JOB_DAYS.done + 1),
        finished('failed', FINISHED_JOB_DAYS.failed + 1),
      ]);
    await purgeFinishedJobs(t.ctx.db, now);
    expect((await rows()).map((j) => j.name)).toEqual([
      `test.done-${FINISHED_JOB_DAYS.done - 1}`,
      `test.failed-${FINISHED_JOB_DAYS.done + 1}`,
    ]);
  });
});

describe('the worker', () => {
  it('sends a queued job without being asked, and stops cleanly', async () => {
    const log = { error: () => undefined };
    const worker = startJobWorker(t.ctx, registry, log, 20);
    try {
      await t.ctx.db.transaction((tx) => mailProbe.enqueue(tx, { to: 'worker@shop.test' }, t.ctx.now()));
      worker.wake();
      await expect.poll(async () => (await rows())[0]?.status).toBe('done');
      expect(await mails()).toEqual([expect.stringContaining('worker@shop.test')]);
    } finally {
      await worker.stop();
    }
    // Stopped: a job queued now waits for the next process.
    await t.ctx.db.transaction((tx) => mailProbe.enqueue(tx, { to: 'later@shop.test' }, t.ctx.now()));
    expect((await rows()).map((j) => j.status)).toEqual(['done', 'queued']);
  });
});
