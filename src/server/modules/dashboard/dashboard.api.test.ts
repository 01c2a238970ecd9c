import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardReply, PendingStatsReply } from '../../../contracts/dashboard';
import { DASHBOARD_RANGE_MESSAGES as M, presetRange } from '../../../domain/dashboard/dashboard-range';
import { addDays, type IsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import { type Cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import { createRole, createUser } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { readWorkbook } from '../../../test/xlsx';
import { setSettings } from '../../platform/settings/settings-store';
import { XLSX_CONTENT_TYPE } from '../../platform/xlsx/xlsx-stream';
import { orderPayments, orders } from '../orders/orders.tables';

const ZONE = 'Indian/Mauritius';

let t: TestApp;
let admin: Agent;
let today: IsoDate;
/** The instant the shop's today begins (Mauritius is UTC+4 all year). */
let todayStart: number;

type Fixture = {
  name: string;
  /** Milliseconds after the start of the shop's today (negative: an earlier day). */
  at: number;
  grandTotal: string;
  amountPaid: string;
  paymentStatus: 'paid' | 'unpaid' | 'partial' | 'credit' | 'refunded';
  deliveryStatus?: 'pending' | 'cancelled' | 'failed' | 'delivered';
  deleted?: boolean;
  payments?: { type: string; amount: string; daysAgo: number; status?: string }[];
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The shop's orders of this file: every case the figures must count or leave out. */
const FIXTURES: Fixture[] = [
  {
    name: 'paid today',
    at: HOUR,
    grandTotal: '100.00',
    amountPaid: '100.00',
    paymentStatus: 'paid',
    payments: [{ type: 'card', amount: '100.00', daysAgo: 0 }],
  },
  {
    name: 'partly paid today',
    at: 2 * HOUR,
    grandTotal: '50.25',
    amountPaid: '20.00',
    paymentStatus: 'partial',
    payments: [
      { type: 'bank_transfer', amount: '20.00', daysAgo: 0 },
      { type: 'card', amount: '5.00', daysAgo: 0, status: 'failed' },
    ],
  },
  { name: 'unpaid today', at: 3 * HOUR, grandTotal: '10.10', amountPaid: '0', paymentStatus: 'unpaid' },
  { name: 'on credit today', at: 4 * HOUR, grandTotal: '30.00', amountPaid: '0', paymentStatus: 'credit' },
  {
    name: 'at the first instant of today',
    at: 0,
    grandTotal: '5.00',
    amountPaid: '5.00',
    paymentStatus: 'paid',
  },
  {
    name: 'cancelled today',
    at: HOUR,
    grandTotal: '500.00',
    amountPaid: '500.00',
    paymentStatus: 'paid',
    deliveryStatus: 'cancelled',
  },
  {
    name: 'failed today',
    at: HOUR,
    grandTotal: '70.00',
    amountPaid: '0',
    paymentStatus: 'unpaid',
    deliveryStatus: 'failed',
  },
  { name: 'refunded today', at: HOUR, grandTotal: '80.00', amountPaid: '0', paymentStatus: 'refunded' },
  {
    name: 'deleted today',
    at: HOUR,
    grandTotal: '90.00',
    amountPaid: '90.00',
    paymentStatus: 'paid',
    deleted: true,
    payments: [{ type: 'card', amount: '90.00', daysAgo: 0 }],
  },
  {
    name: 'the last instant of yesterday',
    at: -1000,
    grandTotal: '7.77',
    amountPaid: '0',
    paymentStatus: 'unpaid',
  },
  {
    name: 'ten days ago',
    at: -10 * DAY + HOUR,
    grandTotal: '40.00',
    amountPaid: '40.00',
    paymentStatus: 'paid',
    deliveryStatus: 'delivered',
    payments: [{ type: 'cod', amount: '40.00', daysAgo: 10 }],
  },
  {
    name: 'forty days ago',
    at: -40 * DAY,
    grandTotal: '1000.00',
    amountPaid: '1000.00',
    paymentStatus: 'paid',
    payments: [{ type: 'card', amount: '1000.00', daysAgo: 40 }],
  },
];

/** The fixtures a range's sales count (docs/decisions/0065), worked out here from their own fields. */
function salesIn(from: IsoDate, to: IsoDate): Fixture[] {
  return FIXTURES.filter((f) => {
    const day = isoDateInZone(new Date(todayStart + f.at), ZONE);
    return (
      day >= from &&
      day <= to &&
      !f.deleted &&
      f.paymentStatus !== 'refunded' &&
      f.deliveryStatus !== 'cancelled' &&
      f.deliveryStatus !== 'failed'
    );
  });
}

const total = (values: string[]) =>
  toDecimalText(values.reduce((sum, v) => sum + fromDecimal(v), 0) as Cents);
const unpaidOf = (f: Fixture) =>
  toDecimalText(Math.max(fromDecimal(f.grandTotal) - fromDecimal(f.amountPaid), 0) as Cents);

beforeAll(async () => {
  t = await createTestApp();
  await setSettings(t.ctx.db, { app_timezone: ZONE });
  admin = await t.signedIn(['admin']);
  today = isoDateInZone(t.ctx.now(), ZONE);
  todayStart = Date.parse(`${today}T00:00:00+04:00`);
  let n = 0;
  for (const f of FIXTURES) {
    n += 1;
    const [order] = await t.ctx.db
      .insert(orders)
      .values({
        orderCode: `ORD-DASH-${String(n).padStart(3, '0')}`,
        customerFirstName: 'Ada',
        customerLastName: f.name,
        grandTotal: f.grandTotal,
        amountPaid: f.amountPaid,
        paymentStatus: f.paymentStatus,
        deliveryStatus: f.deliveryStatus ?? 'pending',
        createdAt: new Date(todayStart + f.at),
        deletedAt: f.deleted ? new Date() : null,
      })
      .returning();
    for (const p of f.payments ?? [])
      await t.ctx.db.insert(orderPayments).values({
        orderId: order!.id,
        amount: p.amount,
        paymentType: p.type,
        status: p.status ?? 'completed',
        paymentDate: addDays(today, -p.daysAgo),
      });
  }
});
afterAll(() => t.close());

async function dashboard(query = ''): Promise<DashboardReply> {
  const response = await admin.get(`/api/admin/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/admin/dashboard', () => {
  it("answers today's figures when no range is given (spec 3 §9)", async () => {
    const reply = await dashboard();
    expect(reply.success).toBe(true);
    expect(reply.error).toBeNull();
    expect(reply.data.date_from).toBe(today);
    expect(reply.data.date_to).toBe(today);

    const sales = salesIn(today, today);
    expect(sales.map((f) => f.name)).toEqual([
      'paid today',
      'partly paid today',
      'unpaid today',
      'on credit today',
      'at the first instant of today',
    ]);
    const amount = total(sales.map((f) => f.grandTotal));
    expect(reply.data.salesOverview).toEqual({
      total_orders: sales.length,
      total_sales_amount: amount,
      amount_paid: total(sales.map((f) => f.amountPaid)),
      amount_unpaid: total(sales.map(unpaidOf)),
      average_order_amount: '39.07', // 195.35 / 5
      selected_period_summary: {
        date_from: today,
        date_to: today,
        count: sales.length,
        amount,
        days: [{ date: today, count: sales.length, amount }],
      },
    });
  });

  it('breaks the range down by payment status with shares of the order count', async () => {
    const reply = await dashboard(`?date_from=${today}&date_to=${today}`);
    const sales = salesIn(today, today);
    for (const status of ['paid', 'unpaid', 'partial', 'credit'] as const) {
      const ofStatus = sales.filter((f) => f.paymentStatus === status);
      expect(reply.data.paymentStatusBreakdown[status]).toEqual({
        count: ofStatus.length,
        amount: total(ofStatus.map((f) => f.grandTotal)),
        percentage: Math.round((ofStatus.length / sales.length) * 1000) / 10,
      });
    }
  });

  it("counts the range's completed payments of live orders by method", async () => {
    const reply = await dashboard(`?date_from=${today}&date_to=${today}`);
    expect(reply.data.paymentMethodStats).toEqual([
      { payment_type: 'card', label: 'Card', count: 1, amount: '100.00', percentage: 83.3 },
      { payment_type: 'bank_transfer', label: 'Bank transfer', count: 1, amount: '20.00', percentage: 16.7 },
    ]);
  });

  it("reads whole days of the shop's time zone: yesterday ends one second before today", async () => {
    const yesterday = presetRange('yesterday', today)!;
    const reply = await dashboard(`?date_from=${yesterday.from}&date_to=${yesterday.to}`);
    const sales = salesIn(yesterday.from, yesterday.to);
    expect(sales.map((f) => f.name)).toEqual(['the last instant of yesterday']);
    expect(reply.data.salesOverview.total_orders).toBe(1);
    expect(reply.data.salesOverview.total_sales_amount).toBe('7.77');
    expect(reply.data.salesOverview.amount_unpaid).toBe('7.77');
    expect(reply.data.paymentMethodStats).toEqual([]);
  });

  it('sums the last 30 days with a series of every day', async () => {
    const range = presetRange('last_30_days', today)!;
    const reply = await dashboard(`?date_from=${range.from}&date_to=${range.to}`);
    const sales = salesIn(range.from, range.to);
    expect(sales).toHaveLength(7);
    expect(reply.data.salesOverview.total_orders).toBe(sales.length);
    expect(reply.data.salesOverview.total_sales_amount).toBe(total(sales.map((f) => f.grandTotal)));
    const days = reply.data.salesOverview.selected_period_summary.days;
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe(range.from);
    expect(days.at(-1)!.date).toBe(today);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(sales.length);
    expect(days.find((d) => d.date === addDays(today, -10))).toEqual({
      date: addDays(today, -10),
      count: 1,
      amount: '40.00',
    });
    expect(reply.data.paymentMethodStats.map((m) => [m.payment_type, m.amount])).toEqual([
      ['card', '100.00'],
      ['cod', '40.00'],
      ['bank_transfer', '20.00'],
    ]);
  });

  it('answers zeros, not errors, for a range without orders', async () => {
    const reply = await dashboard('?date_from=2001-01-01&date_to=2001-01-31');
    expect(reply.data.salesOverview.total_orders).toBe(0);
    expect(reply.data.salesOverview.total_sales_amount).toBe('0.00');
    expect(reply.data.salesOverview.average_order_amount).toBe('0.00');
    expect(reply.data.paymentStatusBreakdown.paid).toEqual({ count: 0, amount: '0.00', percentage: 0 });
    expect(reply.data.paymentMethodStats).toEqual([]);
  });

  it('lists recent activity newest first: live orders and completed payments, whatever the range', async () => {
    const reply = await dashboard('?date_from=2001-01-01&date_to=2001-01-01');
    const { orders: recent, payments } = reply.data.recentActivity;
    expect(recent.length).toBe(8);
    expect(recent.map((o) => o.customer_name)).not.toContain('Ada deleted today');
    expect(recent[0]!.customer_name).toBe('Ada on credit today');
    const times = recent.map((o) => Date.parse(o.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(payments.map((p) => p.amount).sort()).toEqual(['100.00', '1000.00', '20.00', '40.00']);
    expect(payments.every((p) => p.order_code.startsWith('ORD-DASH-'))).toBe(true);
  });

  it('names the currency the figures are shown in', async () => {
    const reply = await dashboard();
    const currency = (await admin.get('/api/currencies/default')).json();
    expect(reply.data.currency).toEqual({ symbol: currency.symbol, code: currency.code });
  });

  it.each([
    ['a reversed range', `?date_from=${'2026-11-26'}&date_to=2026-11-25`, { date_to: [M.order] }],
    ['a day that does not exist', '?date_from=2026-02-30&date_to=2026-03-01', { date_from: [M.date] }],
    ['a date in another format', '?date_from=26/11/2026&date_to=2026-11-26', { date_from: [M.date] }],
    ['only one end', '?date_from=2026-11-26', { date_to: [M.date] }],
    ['more than a year', '?date_from=2025-01-01&date_to=2026-11-26', { date_to: [M.span] }],
  ])('refuses %s with 422', async (_, query, errors) => {
    const response = await admin.get(`/api/admin/dashboard${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(errors);
  });
});

describe('who may read the dashboard', () => {
  const urls = [
    '/api/admin/dashboard',
    '/api/users/pending-stats',
    `/admin/dashboard/export-stats?date_from=2026-11-01&date_to=2026-11-02`,
  ];

  it.each(urls)('%s needs a session (401)', async (url) => {
    expect((await t.agent().get(url)).statusCode).toBe(401);
  });

  it.each(urls)('%s is refused to a customer (403)', async (url) => {
    const customer = await t.signedIn(['customer']);
    expect((await customer.get(url)).statusCode).toBe(403);
  });

  it.each(urls)('%s is refused to a role without dashboard.view (403)', async (url) => {
    await createRole(t.ctx.db, `reader-${urls.indexOf(url)}`, ['orders.view', 'users.manage']);
    const reader = await t.signedIn([`reader-${urls.indexOf(url)}`]);
    expect((await reader.get(url)).statusCode).toBe(403);
  });

  it.each(urls)('%s is open to staff and to a role holding only dashboard.view', async (url) => {
    const staff = await t.signedIn(['staff']);
    expect((await staff.get(url)).statusCode).toBe(200);
    await createRole(t.ctx.db, `viewer-${urls.indexOf(url)}`, ['dashboard.view']);
    const viewer = await t.signedIn([`viewer-${urls.indexOf(url)}`]);
    expect((await viewer.get(url)).statusCode).toBe(200);
  });
});

describe('GET /admin/dashboard/export-stats', () => {
  it("downloads the range's figures as a spreadsheet whose rows match the dashboard", async () => {
    const range = presetRange('last_7_days', today)!;
    const query = `?date_from=${range.from}&date_to=${range.to}`;
    const response = await admin.get(`/admin/dashboard/export-stats${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="dashboard_statistics_${range.from}_${range.to}_[0-9_-]+\\.xlsx"$`),
    );
    const rows = await readWorkbook(response);
    const data = (await dashboard(query)).data;
    const sales = salesIn(range.from, range.to);
    expect(rows[0]).toEqual(['Section', 'Item', 'Count', 'Amount', 'Percentage']);
    expect(rows[1]).toEqual(['Period', `${range.from} to ${range.to}`]);
    const overview = rows.find((r) => r[0] === 'Sales overview' && r[1] === 'Orders');
    expect(overview).toEqual([
      'Sales overview',
      'Orders',
      sales.length,
      Number(total(sales.map((f) => f.grandTotal))),
    ]);
    const statuses = rows.filter((r) => r[0] === 'Payment status');
    expect(statuses.map((r) => r.slice(1))).toEqual(
      (['paid', 'unpaid', 'partial', 'credit'] as const).map((s) => {
        const entry = data.paymentStatusBreakdown[s];
        return [s.charAt(0).toUpperCase() + s.slice(1), entry.count, Number(entry.amount), entry.percentage];
      }),
    );
    const methods = rows.filter((r) => r[0] === 'Payment method');
    expect(methods.map((r) => r[1])).toEqual(data.paymentMethodStats.map((m) => m.label));
    const days = rows.filter((r) => r[0] === 'Daily sales');
    expect(days).toHaveLength(7);
    expect(days.map((r) => r[2])).toEqual(
      data.salesOverview.selected_period_summary.days.map((d) => d.count),
    );
  });

  it('refuses a reversed range with 422 before writing any file', async () => {
    const response = await admin.get('/admin/dashboard/export-stats?date_from=2026-11-26&date_to=2026-11-01');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ date_to: [M.order] });
  });
});

describe('GET /api/users/pending-stats', () => {
  it('counts active accounts that never signed in, the recent ones, and lists the newest', async () => {
    const before = (await admin.get('/api/users/pending-stats')).json() as PendingStatsReply;
    const fresh = await createUser(t.ctx.db, { firstName: 'Priya', lastName: 'Pending', roles: ['partner'] });
    const old = await createUser(t.ctx.db, { createdAt: new Date(Date.now() - 30 * DAY) });
    const suspended = await createUser(t.ctx.db, { accountStatus: 'suspended', statusReason: 'Fraud' });
    const signedIn = await createUser(t.ctx.db, { lastLoginAt: new Date() });
    const response = await admin.get('/api/users/pending-stats');
    expect(response.statusCode).toBe(200);
    const after = response.json() as PendingStatsReply;
    expect(after.data.pending_count).toBe(before.data.pending_count + 2);
    expect(after.data.recent_pending_count).toBe(before.data.recent_pending_count + 1);
    expect(after.data.pending_users[0]).toEqual({
      id: fresh.id,
      full_name: 'Priya Pending',
      email: fresh.email,
      roles: ['partner'],
      created_at: fresh.createdAt.toISOString(),
    });
    const listed = after.data.pending_users.map((u) => u.id);
    expect(listed).toContain(old.id);
    expect(listed.indexOf(old.id)).toBeGreaterThan(listed.indexOf(fresh.id));
    expect(listed).not.toContain(suspended.id);
    expect(listed).not.toContain(signedIn.id);
    expect(listed.length).toBeLessThanOrEqual(5);
  });
});
