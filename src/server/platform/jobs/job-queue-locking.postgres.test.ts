import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../../../test/gate';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { defineJob, runDueJobs } from './job-queue';
import { jobs } from './jobs.tables';

/**
 * SKIP LOCKED needs a second connection holding a lock, which only PostgreSQL has (PGlite runs one
 * connection): `*.postgres.test.ts` files run in `npm run test:postgres` only (vitest.config.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ran: string[] = [];
const probe = defineJob<{ to: string }>({
  name: 'test.lock-probe',
  async run(_ctx, { to }) {
    ran.push(to);
  },
});

describe('the job queue on PostgreSQL (docs/decisions/0046)', () => {
  it('skips a job another process holds locked instead of waiting for it', async () => {
    await t.ctx.db.transaction(async (tx) => {
      await probe.enqueue(tx, { to: 'held@shop.test' }, t.ctx.now());
      await probe.enqueue(tx, { to: 'free@shop.test' }, t.ctx.now());
    });
    const [held] = await t.ctx.db.select().from(jobs).orderBy(jobs.id).limit(1);
    const { open: release, opened: released } = gate();
    const { open: locked, opened: isLocked } = gate();
    const holder = t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from jobs where id = ${held!.id} for update`);
      locked();
      await released;
    });
    await isLocked;
    expect(await runDueJobs(t.ctx, [probe])).toBe(1);
    expect(ran).toEqual(['free@shop.test']);
    release();
    await holder;
    expect(await runDueJobs(t.ctx, [probe])).toBe(1);
    expect(ran).toEqual(['free@shop.test', 'held@shop.test']);
  });
});
