import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_MESSAGES as M } from '../../../contracts/jobs';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { jobs } from '../../platform/jobs/jobs.tables';

let t: TestApp;
let admin: Agent;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(jobs);
});

const failedJob = async (name: string, payload: Record<string, unknown>, minutesAgo = 0) => {
  const at = new Date(t.ctx.now().getTime() - minutesAgo * 60_000);
  const [row] = await t.ctx.db
    .insert(jobs)
    .values({
      name,
      payload,
      status: 'failed',
      attempts: 5,
      maxAttempts: 5,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      runAt: at,
      createdAt: at,
      finishedAt: at,
    })
    .returning();
  return row!;
};

const guest = async () => {
  const agent = t.agent();
  await agent.visit();
  return agent;
};

describe('who may use the failed-jobs routes', () => {
  it.each([
    ['GET', '/api/jobs?status=failed'],
    ['POST', '/api/jobs/1/retry'],
    ['DELETE', '/api/jobs/1'],
  ])('%s %s: 401 signed out, 403 for staff (no jobs.manage)', async (method, url) => {
    expect((await (await guest()).request({ method: method as 'GET', url })).statusCode).toBe(401);
    expect((await staff.request({ method: method as 'GET', url })).statusCode).toBe(403);
  });
});

describe('GET /api/jobs?status=failed', () => {
  it('lists failed jobs newest first, 25 a page, with secrets redacted', async () => {
    for (let i = 0; i < 26; i++)
      await failedJob('orders.document-mail', { orderId: i, documentId: i }, 100 - i);
    await failedJob('accounts.password-reset-mail', { to: 'ada@shop.test', token: 'left-behind' }, 0);
    await t.ctx.db.insert(jobs).values({
      name: 'orders.document-mail',
      payload: {},
      maxAttempts: 5,
      runAt: t.ctx.now(),
      createdAt: t.ctx.now(),
    });

    const first = await admin.get('/api/jobs?status=failed&page=1');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ total: 27, per_page: 25, current_page: 1, last_page: 2, from: 1, to: 25 });
    expect(page1.data[0]).toEqual({
      id: expect.any(Number),
      name: 'accounts.password-reset-mail',
      payload: { to: 'ada@shop.test', token: '[redacted]' },
      attempts: 5,
      max_attempts: 5,
      last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
      retryable: false,
      created_at: expect.any(String),
      failed_at: expect.any(String),
    });
    expect(page1.data[1]).toMatchObject({ payload: { orderId: 25 }, retryable: true });

    const page2 = (await admin.get('/api/jobs?status=failed&page=2')).json();
    expect(page2.data.map((j: { payload: { orderId: number } }) => j.payload.orderId)).toEqual([1, 0]);
    // Without a status the list is the failed one.
    expect((await admin.get('/api/jobs')).json().total).toBe(27);
  });

  it('answers an empty page when nothing failed', async () => {
    expect((await admin.get('/api/jobs?status=failed')).json()).toMatchObject({ data: [], total: 0 });
  });

  it.each([
    ['/api/jobs?status=queued', 'status', M.statusInvalid],
    ['/api/jobs?status=failed&page=0', 'page', undefined],
    ['/api/jobs?page=abc', 'page', undefined],
  ])('422 for %s', async (url, field, message) => {
    const res = await admin.get(url);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
    if (message) expect(res.json().errors[field]).toEqual([message]);
  });
});

describe('POST /api/jobs/{id}/retry', () => {
  it('queues the failed job again with fresh attempts, and the queue sends it', async () => {
    const job = await failedJob('stock.alerts-mail', {});
    const res = await admin.post(`/api/jobs/${job.id}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.retried });
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, finishedAt: null });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(t.ctx.now().getTime());
    await t.runDueJobs();
    const [after] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(after).toMatchObject({ status: 'done', attempts: 1 });
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'job.retried'));
    expect(entry).toMatchObject({ subjectType: 'job', subjectId: String(job.id) });

    // No longer failed: 409.
    const again = await admin.post(`/api/jobs/${job.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notFailed);
  });

  it('refuses with 409 a job whose one-time secret was removed when it failed', async () => {
    const job = await failedJob('accounts.password-reset-mail', { to: 'ada@shop.test' });
    const res = await admin.post(`/api/jobs/${job.id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.secretGone);
  });

  it('404 for no job and for an id that is not one (like every id route)', async () => {
    expect((await admin.post('/api/jobs/999999/retry')).statusCode).toBe(404);
    expect((await admin.post('/api/jobs/999999/retry')).json().message).toBe(M.notFound);
    expect((await admin.post('/api/jobs/abc/retry')).statusCode).toBe(404);
  });
});

describe('DELETE /api/jobs/{id}', () => {
  it('deletes a failed job, audited', async () => {
    const job = await failedJob('orders.document-mail', { orderId: 1 });
    const res = await admin.delete(`/api/jobs/${job.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.discarded });
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.id, job.id))).toEqual([]);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'job.discarded'));
    expect(entry).toMatchObject({ subjectId: String(job.id) });
  });

  it('409 for a job that did not fail, 404 for none', async () => {
    const [queued] = await t.ctx.db
      .insert(jobs)
      .values({
        name: 'orders.document-mail',
        payload: {},
        maxAttempts: 5,
        runAt: t.ctx.now(),
        createdAt: t.ctx.now(),
      })
      .returning();
    const res = await admin.delete(`/api/jobs/${queued!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.notFailed);
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.id, queued!.id))).toHaveLength(1);
    expect((await admin.delete('/api/jobs/999999')).statusCode).toBe(404);
    expect((await admin.delete('/api/jobs/abc')).statusCode).toBe(404);
  });
});
