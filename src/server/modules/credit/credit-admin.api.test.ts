import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES as M } from '../../../contracts/credit';
import { createRole, createUser } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { shopToday } from '../../platform/settings/settings-store';
import { creditAccountChanges, creditAccounts, creditTransactions } from './credit.tables';

let t: TestApp;
let admin: Agent;
let partnerId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  const partner = await createUser(t.ctx.db, {
    roles: ['partner'],
    userType: 'company',
    companyName: 'Lagoon Traders',
    firstName: 'Priya',
  });
  partnerId = partner.id;
});
afterAll(() => t.close());

const base = () => `/admin/api/partners/${partnerId}`;

async function accountRow() {
  const [row] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.userId, partnerId));
  return row;
}

describe('who may manage partner credit (DECISIONS 1)', () => {
  it('answers 401 to a guest and 403 to staff, a partner and a customer', async () => {
    const guest = t.agent();
    await guest.visit();
    expect((await guest.get(`${base()}/credit-summary`)).statusCode).toBe(401);
    expect((await guest.post(`${base()}/credit/add`, { amount: 10 })).statusCode).toBe(401);
    for (const roles of [['staff'], ['partner'], ['customer']]) {
      const agent = await t.signedIn(roles);
      expect((await agent.get(`${base()}/credit-summary`)).statusCode).toBe(403);
      expect((await agent.post(`${base()}/credit/add`, { amount: 10 })).statusCode).toBe(403);
      expect(
        (
          await agent.get(
            `/admin/partners/${partnerId}/credit/export?format=pdf&start_date=2026-01-01&end_date=2026-12-31`,
          )
        ).statusCode,
      ).toBe(403);
    }
  });

  it('lets a role given credit.manage in', async () => {
    await createRole(t.ctx.db, 'credit-desk', ['credit.manage']);
    const desk = await t.signedIn(['credit-desk']);
    expect((await desk.get(`${base()}/credit-summary`)).statusCode).toBe(200);
  });

  it('answers 404 for a user who is not a partner, and for no user', async () => {
    const customer = await createUser(t.ctx.db, { roles: ['customer'] });
    expect((await admin.get(`/admin/api/partners/${customer.id}/credit-summary`)).statusCode).toBe(404);
    expect(
      (await admin.post(`/admin/api/partners/${customer.id}/credit/add`, { amount: 5 })).statusCode,
    ).toBe(404);
    expect((await admin.get('/admin/api/partners/2147483000/credit/transactions')).statusCode).toBe(404);
    expect((await admin.get('/admin/api/partners/abc')).statusCode).toBe(404);
  });
});

describe('partner credit (admin)', () => {
  it('lists partners with their accounts', async () => {
    const reply = await admin.get('/admin/api/partners?search=Lagoon');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual([
      expect.objectContaining({
        id: partnerId,
        company_name: 'Lagoon Traders',
        status: null,
        status_label: 'No account',
      }),
    ]);
  });

  it('reads a partner without an account as inactive with nothing on it', async () => {
    const reply = await admin.get(`${base()}/credit-summary`);
    expect(reply.json().data.credit_account).toMatchObject({
      id: null,
      current_balance: 0,
      status: 'inactive',
      is_active: false,
    });
  });

  it('sets a limit, adds credit, refuses over the limit, removes and refuses over the balance', async () => {
    const limit = await admin.put(`${base()}/credit/limit`, { credit_limit: '1000.00', note: 'Approved' });
    expect(limit.statusCode).toBe(200);
    expect(limit.json().data).toMatchObject({
      credit_limit: 1000,
      current_balance: 0,
      status: 'active',
      available_credit: 1000,
    });

    const add = await admin.post(`${base()}/credit/add`, { amount: '600.50', note: 'Top-up' });
    expect(add.statusCode).toBe(200);
    expect(add.json().data.current_balance).toBe(600.5);

    const over = await admin.post(`${base()}/credit/add`, { amount: 400 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual([M.overLimit('$399.50')]);

    const remove = await admin.post(`${base()}/credit/remove`, { amount: 100.5 });
    expect(remove.json().data.current_balance).toBe(500);
    const tooMuch = await admin.post(`${base()}/credit/remove`, { amount: 500.01 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([M.overBalance('$500.00')]);

    expect((await accountRow())?.currentBalance).toBe('500.00');
    const rows = await t.ctx.db.select().from(creditTransactions);
    expect(rows.map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
      ['credit_added', '600.50', '600.50'],
      ['credit_removed', '100.50', '500.00'],
    ]);
  });

  it.each([
    [{ amount: 0 }, 'Please enter a valid amount'],
    [{ amount: -5 }, 'Please enter a valid amount'],
    [{ amount: 'abc' }, 'Please enter a valid amount'],
    [{ amount: '1.005' }, 'Please enter a valid amount'],
    [{}, 'Please enter a valid amount'],
  ])('refuses %o with the spec’s words', async (body, message) => {
    const reply = await admin.post(`${base()}/credit/add`, body);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors.amount).toEqual([message]);
  });

  it('refuses a limit below the balance and an unknown status', async () => {
    const low = await admin.put(`${base()}/credit/limit`, { credit_limit: 499 });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.credit_limit).toEqual([M.limitBelowBalance('$500.00')]);
    const status = await admin.put(`${base()}/credit/status`, { status: 'frozen' });
    expect(status.statusCode).toBe(422);
    expect(status.json().errors.status).toBeDefined();
  });

  it('changes the status and keeps the change history', async () => {
    const reply = await admin.put(`${base()}/credit/status`, { status: 'suspended', note: 'Late payments' });
    expect(reply.json().data).toMatchObject({
      status: 'suspended',
      is_active: false,
      status_label: 'Suspended',
    });
    const history = (await admin.get(`${base()}?include_history=true`)).json().data.change_history;
    expect(history[0]).toMatchObject({
      field: 'status',
      old_value: 'Active',
      new_value: 'Suspended',
      note: 'Late payments',
    });
    expect(history[1]).toMatchObject({ field: 'credit_limit', old_value: null, new_value: '1000.00' });
    expect((await admin.get(base())).json().data.change_history).toBeUndefined();
    await admin.put(`${base()}/credit/status`, { status: 'active' });
    expect(await t.ctx.db.select().from(creditAccountChanges)).toHaveLength(2 + 1);
  });

  it('acts once per Idempotency-Key and refuses the key with another body', async () => {
    const before = (await accountRow())!.currentBalance;
    const headers = { 'idempotency-key': 'add-once-1' };
    const first = await admin.post(`${base()}/credit/add`, { amount: 10 }, headers);
    const again = await admin.post(`${base()}/credit/add`, { amount: 10 }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(Number((await accountRow())!.currentBalance)).toBe(Number(before) + 10);
    const other = await admin.post(`${base()}/credit/add`, { amount: 11 }, headers);
    expect(other.statusCode).toBe(422);
  });

  it('pages the transactions 20 at a time, newest first', async () => {
    for (let i = 0; i < 20; i++) await admin.post(`${base()}/credit/remove`, { amount: 1 });
    const first = (await admin.get(`/admin/api/partners/${partnerId}/credit/transactions`)).json();
    expect(first.success).toBe(true);
    expect(first.data).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: 23,
      last_page: 2,
      from: 1,
      to: 20,
    });
    expect(first.data.data[0]).toMatchObject({ type: 'credit_removed', amount: 1, signed_amount: -1 });
    const second = (await admin.get(`/admin/api/partners/${partnerId}/credit/transactions?page=2`)).json();
    expect(second.data.data.map((r: { type: string }) => r.type)).toEqual([
      'credit_added',
      'credit_removed',
      'credit_added',
    ]);
  });

  it('exports a statement as xlsx or pdf for a date range', async () => {
    // The shop's today: the statement's days are days of its calendar, not UTC ones.
    const today = await shopToday(t.ctx.db, t.ctx.now());
    const xlsx = await admin.get(
      `/admin/partners/${partnerId}/credit/export?format=excel&start_date=2020-01-01&end_date=${today}`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/credit_statement_\d+_.*\.xlsx/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Opening balance, every transaction, closing balance; the closing one is the account's.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]!.getSheetValues() as unknown[][]).filter(Boolean);
    const types = rows.map((row) => row[2]);
    expect(types[1]).toBe('Opening balance');
    expect(types.at(-1)).toBe('Closing balance');
    const ledger = await admin.get(`/admin/api/partners/${partnerId}/credit-summary`);
    expect(rows.at(-1)![5]).toBe(ledger.json().data.credit_account.current_balance);
    expect(rows.length).toBe(
      3 + (await admin.get(`/admin/api/partners/${partnerId}/credit/transactions`)).json().data.total,
    );
    const pdf = await admin.get(
      `/admin/partners/${partnerId}/credit/export?format=pdf&start_date=2020-01-01&end_date=${today}`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.each([
    ['format=csv&start_date=2026-01-01&end_date=2026-01-31', 'format'],
    ['format=pdf&start_date=2026-02-30&end_date=2026-03-01', 'start_date'],
    ['format=pdf&start_date=2026-03-02&end_date=2026-03-01', 'end_date'],
  ])('refuses the export query %s', async (query, field) => {
    const reply = await admin.get(`/admin/partners/${partnerId}/credit/export?${query}`);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors[field]).toBeDefined();
  });
});
