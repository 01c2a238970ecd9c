import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_DECISION_MESSAGES as D, CREDIT_MESSAGES as M } from '../../../contracts/credit';
import { createRole } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { userRoles } from '../../platform/auth/auth.tables';
import { jobs } from '../../platform/jobs/jobs.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { creditAccounts, creditRequests, creditTransactions } from './credit.tables';

/** Credit requests, the admin's answer (issue 17; docs/decisions/0070). */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  await setSettings(t.ctx.db, { smtp_host: '' });
});
afterAll(() => t.close());

const mailDir = () => path.join(t.dataDir, 'mail');
async function mails(): Promise<string[]> {
  const names = (await fs.readdir(mailDir()).catch(() => [] as string[])).sort();
  const raw = await Promise.all(names.map((name) => fs.readFile(path.join(mailDir(), name), 'utf8')));
  return raw.map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

async function newPartner() {
  return t.signedIn(['partner'], { userType: 'company', companyName: 'Lagoon Traders', firstName: 'Priya' });
}

/** A partner's request, as they send it from /partner/credit. */
async function requestOf(partner: Agent & { user: { id: number } }, amount = '150.00') {
  const reply = await partner.post('/api/partner/credit-request', {
    amount,
    business_justification: 'Stock for the season',
    contact_phone: '+230 5250 0003',
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const rows = await t.ctx.db
    .select({ id: creditRequests.id })
    .from(creditRequests)
    .where(eq(creditRequests.userId, partner.user.id))
    .orderBy(creditRequests.id);
  return rows.at(-1)!.id;
}

async function ledgerOf(userId: number) {
  const [account] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  if (!account) return { account: null, rows: [] };
  const rows = await t.ctx.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.creditAccountId, account.id));
  return { account, rows };
}

describe('GET /admin/api/credit-requests', () => {
  it('lists every partner’s requests, pending first, paged', async () => {
    const partner = await newPartner();
    const answered = await requestOf(partner, '10.00');
    await admin.post(`/admin/api/credit-requests/${answered}/decline`, { reason: 'Not now' });
    const pending = await requestOf(partner, '20.00');
    const reply = await admin.get('/admin/api/credit-requests');
    expect(reply.statusCode, reply.body).toBe(200);
    const page = reply.json().data;
    expect(page).toMatchObject({ current_page: 1, per_page: 20 });
    const ids = page.data.map((r: { id: number }) => r.id);
    expect(ids.indexOf(pending)).toBeLessThan(ids.indexOf(answered));
    expect(page.data.find((r: { id: number }) => r.id === pending)).toMatchObject({
      amount: 20,
      status: 'pending',
      status_label: 'Pending',
      partner: { id: partner.user.id, company_name: 'Lagoon Traders' },
      business_justification: 'Stock for the season',
    });
    const declined = (await admin.get('/admin/api/credit-requests?status=declined')).json().data;
    expect(declined.data.every((r: { status: string }) => r.status === 'declined')).toBe(true);
    expect((await admin.get('/admin/api/credit-requests?status=nonsense')).statusCode).toBe(422);
  });
});

describe('POST /admin/api/credit-requests/{id}/approve', () => {
  it('adds the requested amount with one ledger row, marks it approved and mails the partner', async () => {
    const partner = await newPartner();
    const id = await requestOf(partner, '150.00');
    await t.ctx.db.delete(jobs);
    const reply = await admin.post(`/admin/api/credit-requests/${id}/approve`, {});
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      message: D.approved,
      data: { id, status: 'approved', approved_amount: 150, decided_at: expect.any(String) },
    });
    const { account, rows } = await ledgerOf(partner.user.id);
    expect(account?.currentBalance).toBe('150.00');
    expect(rows).toEqual([
      expect.objectContaining({ type: 'credit_added', amount: '150.00', balanceAfter: '150.00' }),
    ]);
    const [request] = await t.ctx.db.select().from(creditRequests).where(eq(creditRequests.id, id));
    expect(request).toMatchObject({ status: 'approved', creditTransactionId: rows[0]!.id });

    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'credit.request-decision-mail'));
    expect(queued).toHaveLength(1);
    await t.runDueJobs();
    const mail = (await mails()).find((m) => m.includes(partner.user.email));
    expect(mail).toContain('Subject: Your credit request was approved');
    expect(mail).toContain('was added to your credit balance');

    // The partner sees the answer on their credit page.
    const page = await partner.visit('/partner/credit');
    expect(page.body).toContain('Approved');
  });

  it('adds an amount the admin edited', async () => {
    const partner = await newPartner();
    const id = await requestOf(partner, '300.00');
    const reply = await admin.post(`/admin/api/credit-requests/${id}/approve`, { amount: '120.50' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data.approved_amount).toBe(120.5);
    expect((await ledgerOf(partner.user.id)).account?.currentBalance).toBe('120.50');
  });

  it('422: a bad amount, and beyond the limit with the add-credit message; nothing changes', async () => {
    const partner = await newPartner();
    await admin.put(`/admin/api/partners/${partner.user.id}/credit/limit`, { credit_limit: '100.00' });
    const id = await requestOf(partner, '150.00');
    const bad = await admin.post(`/admin/api/credit-requests/${id}/approve`, { amount: '-5' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.amount).toEqual([M.amount]);
    const over = await admin.post(`/admin/api/credit-requests/${id}/approve`, {});
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual([M.overLimit('$100.00')]);
    const [request] = await t.ctx.db.select().from(creditRequests).where(eq(creditRequests.id, id));
    expect(request!.status).toBe('pending');
    expect((await ledgerOf(partner.user.id)).rows).toEqual([]);
  });

  it('409 for a request already answered, 404 for none', async () => {
    const partner = await newPartner();
    const id = await requestOf(partner);
    expect((await admin.post(`/admin/api/credit-requests/${id}/decline`, { reason: 'No' })).statusCode).toBe(
      200,
    );
    const again = await admin.post(`/admin/api/credit-requests/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(D.answered);
    const missing = await admin.post('/admin/api/credit-requests/2147480000/approve', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(D.notFound);
  });

  it('404 when the user is no longer a partner; the request stays pending', async () => {
    const partner = await newPartner();
    const id = await requestOf(partner);
    await t.ctx.db.delete(userRoles).where(eq(userRoles.userId, partner.user.id));
    const reply = await admin.post(`/admin/api/credit-requests/${id}/approve`, {});
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe(D.notPartner);
    const [request] = await t.ctx.db.select().from(creditRequests).where(eq(creditRequests.id, id));
    expect(request!.status).toBe('pending');
    expect((await ledgerOf(partner.user.id)).account).toBeNull();
  });

  it('two approvals of one request at once make one ledger row', async () => {
    const partner = await newPartner();
    const id = await requestOf(partner, '40.00');
    const other = await t.signedIn(['admin']);
    const replies = await Promise.all([
      admin.post(`/admin/api/credit-requests/${id}/approve`, {}),
      other.post(`/admin/api/credit-requests/${id}/approve`, {}),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { account, rows } = await ledgerOf(partner.user.id);
    expect(rows).toHaveLength(1);
    expect(account?.currentBalance).toBe('40.00');
  });
});

describe('POST /admin/api/credit-requests/{id}/decline', () => {
  it('keeps the reason, moves no credit and mails the partner', async () => {
    const partner = await newPartner();
    const id = await requestOf(partner);
    await t.ctx.db.delete(jobs);
    const reply = await admin.post(`/admin/api/credit-requests/${id}/decline`, {
      reason: 'Too soon after the last one',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      message: D.declined,
      data: { status: 'declined', decline_reason: 'Too soon after the last one' },
    });
    expect((await ledgerOf(partner.user.id)).rows).toEqual([]);
    await t.runDueJobs();
    const mail = (await mails()).find((m) => m.includes(partner.user.email) && m.includes('declined'));
    expect(mail).toContain('Reason: Too soon after the last one');
    expect((await partner.visit('/partner/credit')).body).toContain('Too soon after the last one');
  });

  it('422 without a reason; 409 once answered; 404 for none', async () => {
    const partner = await newPartner();
    const id = await requestOf(partner);
    const empty = await admin.post(`/admin/api/credit-requests/${id}/decline`, { reason: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: [D.reason] });
    expect((await admin.post(`/admin/api/credit-requests/${id}/approve`, {})).statusCode).toBe(200);
    expect((await admin.post(`/admin/api/credit-requests/${id}/decline`, { reason: 'x' })).statusCode).toBe(
      409,
    );
    expect(
      (await admin.post('/admin/api/credit-requests/2147480000/decline', { reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('who may answer', () => {
  it('401 for a guest; 403 for staff, a partner and a customer; a role given credit.manage may', async () => {
    const partner = await newPartner();
    const id = await requestOf(partner);
    const guest = t.agent();
    await guest.visit();
    expect((await guest.get('/admin/api/credit-requests')).statusCode).toBe(401);
    expect((await guest.post(`/admin/api/credit-requests/${id}/approve`, {})).statusCode).toBe(401);
    expect((await guest.post(`/admin/api/credit-requests/${id}/decline`, { reason: 'x' })).statusCode).toBe(
      401,
    );
    for (const roles of [['staff'], ['partner'], ['customer']]) {
      const agent = await t.signedIn(roles);
      expect((await agent.get('/admin/api/credit-requests')).statusCode).toBe(403);
      expect((await agent.post(`/admin/api/credit-requests/${id}/approve`, {})).statusCode).toBe(403);
      expect((await agent.post(`/admin/api/credit-requests/${id}/decline`, { reason: 'x' })).statusCode).toBe(
        403,
      );
    }
    await createRole(t.ctx.db, 'credit-desk', ['credit.manage']);
    const desk = await t.signedIn(['credit-desk']);
    expect((await desk.get('/admin/api/credit-requests')).statusCode).toBe(200);
  });
});
