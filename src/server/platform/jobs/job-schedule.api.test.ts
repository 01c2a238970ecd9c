import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { authTokens, rateLimitBuckets, sessions } from '../auth/auth.tables';
import { idempotencyKeys } from '../idempotency/idempotency.tables';
import { HOUSEKEEPING_KEEP_MS, platformHousekeeping } from './housekeeping';
import { defineJob, FINISHED_JOB_DAYS, runDueJobs } from './job-queue';
import { slotKey, slotStart } from './job-schedule';
import { jobs } from './jobs.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(jobs);
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let slots: string[] = [];
const hourly = defineJob<{ slot: string }>({
  name: 'test.hourly',
  every: HOUR,
  async run(_ctx, { slot }) {
    slots.push(slot);
  },
});
const oneOff = defineJob<{ to: string }>({ name: 'test.one-off', async run() {} });

describe('recurring jobs (docs/decisions/0073)', () => {
  beforeEach(() => {
    slots = [];
  });

  it.each([
    ['2026-11-26T14:00:00.000Z', '2026-11-26T14:00:00.000Z'],
    ['2026-11-26T14:59:59.999Z', '2026-11-26T14:00:00.000Z'],
    ['2026-11-26T15:00:00.000Z', '2026-11-26T15:00:00.000Z'],
  ])('the hourly slot of %s starts at %s', (at, start) => {
    expect(slotStart(new Date(at), HOUR).toISOString()).toBe(start);
  });

  it('runs once per slot however many processes offer it, and again in the next slot', async () => {
    let clock = new Date('2026-11-26T14:10:00Z').getTime();
    const now = () => new Date(clock);
    // Three "processes" offer and run the slot at once: one row, one run.
    const runs = await Promise.all(
      [1, 2, 3].map(() => runDueJobs(t.ctx, [hourly, oneOff], { now, schedule: true })),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(slots).toEqual(['2026-11-26T14:00:00.000Z']);

    // Later in the same hour: the slot's row is there (done), nothing runs.
    clock += 40 * 60 * 1000;
    expect(await runDueJobs(t.ctx, [hourly], { now, schedule: true })).toBe(0);

    // The next hour runs once more.
    clock += 20 * 60 * 1000;
    expect(await runDueJobs(t.ctx, [hourly], { now, schedule: true })).toBe(1);
    expect(slots).toEqual(['2026-11-26T14:00:00.000Z', '2026-11-26T15:00:00.000Z']);

    const rows = await t.ctx.db.select().from(jobs).orderBy(jobs.id);
    expect(rows.map((r) => [r.name, r.status, r.uniqueKey])).toEqual([
      ['test.hourly', 'done', slotKey('test.hourly', new Date('2026-11-26T14:00:00Z'))],
      ['test.hourly', 'done', slotKey('test.hourly', new Date('2026-11-26T15:00:00Z'))],
    ]);
  });

  it('offers no slot unless asked (API tests and one-off jobs are left alone)', async () => {
    expect(await runDueJobs(t.ctx, [hourly])).toBe(0);
    expect(await t.ctx.db.select().from(jobs)).toEqual([]);
  });

  it('does not make up slots missed while no process ran', async () => {
    let clock = new Date('2026-11-26T08:30:00Z').getTime();
    const now = () => new Date(clock);
    await runDueJobs(t.ctx, [hourly], { now, schedule: true });
    clock += 5 * HOUR;
    await runDueJobs(t.ctx, [hourly], { now, schedule: true });
    expect(slots).toEqual(['2026-11-26T08:00:00.000Z', '2026-11-26T13:00:00.000Z']);
  });

  it('lists every recurring job of the app with an interval', async () => {
    const { allJobs } = await import('../../jobs');
    const recurring = allJobs.filter((j) => j.every).map((j) => [j.name, j.every]);
    expect(recurring).toEqual([
      ['platform.housekeeping', HOUR],
      ['accounts.purge-expired-sms-codes', HOUR],
      ['orders.purge-expired-links', HOUR],
    ]);
  });
});

describe('platform.housekeeping', () => {
  it('deletes expired sessions, tokens, idempotency keys, rate-limit buckets and old jobs, and keeps the rest', async () => {
    const now = t.ctx.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const user = await createUser(t.ctx.db);
    const session = (id: string, expiresAt: Date) => ({
      idHash: `housekeeping-${id}`,
      userId: user.id,
      csrfToken: 'x',
      expiresAt,
    });
    await t.ctx.db.insert(sessions).values([session('old', ago(8 * DAY)), session('recent', ago(DAY))]);
    await t.ctx.db.insert(authTokens).values([
      {
        userId: user.id,
        purpose: 'password_reset',
        tokenHash: 'hk-old',
        expiresAt: ago(HOUSEKEEPING_KEEP_MS.authTokens + 1),
      },
      { userId: user.id, purpose: 'magic_link', tokenHash: 'hk-recent', expiresAt: ago(HOUR) },
    ]);
    await t.ctx.db.insert(idempotencyKeys).values([
      { scope: 'hk', key: 'old', requestHash: 'h', createdAt: ago(HOUSEKEEPING_KEEP_MS.idempotencyKeys + 1) },
      { scope: 'hk', key: 'recent', requestHash: 'h', createdAt: ago(HOUR) },
    ]);
    await t.ctx.db.insert(rateLimitBuckets).values([
      { key: 'hk:old', windowStart: ago(HOUSEKEEPING_KEEP_MS.rateLimitBuckets + 1), hits: 3 },
      { key: 'hk:recent', windowStart: ago(60_000), hits: 3 },
    ]);
    await t.ctx.db.insert(jobs).values({
      name: 'test.done-long-ago',
      payload: {},
      status: 'done',
      maxAttempts: 1,
      runAt: now,
      createdAt: now,
      finishedAt: ago((FINISHED_JOB_DAYS.done + 1) * DAY),
    });

    expect(await runDueJobs(t.ctx, [platformHousekeeping], { schedule: true })).toBe(1);

    const left = async <T>(rows: Promise<T[]>) => (await rows).map((r) => Object.values(r as object)[0]);
    expect(
      await left(t.ctx.db.select({ id: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id))),
    ).toEqual(['housekeeping-recent']);
    expect(
      await left(
        t.ctx.db.select({ h: authTokens.tokenHash }).from(authTokens).where(eq(authTokens.userId, user.id)),
      ),
    ).toEqual(['hk-recent']);
    expect(
      await left(
        t.ctx.db
          .select({ k: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.scope, 'hk')),
      ),
    ).toEqual(['recent']);
    const buckets = await left(t.ctx.db.select({ k: rateLimitBuckets.key }).from(rateLimitBuckets));
    expect(buckets).toContain('hk:recent');
    expect(buckets).not.toContain('hk:old');
    expect((await t.ctx.db.select().from(jobs)).map((j) => [j.name, j.status])).toEqual([
      ['platform.housekeeping', 'done'],
    ]);
  });
});
