import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES as M } from '../../../contracts/credit';
import { isoDateInZone } from '../../../domain/dates/date-format';
import { createProduct } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { getSetting, setSettings, shopToday } from '../../platform/settings/settings-store';
import { discountRuleProducts, discountRules, products } from '../catalogue/catalogue.tables';
import { orderItems, orders } from '../orders/orders.tables';
import { creditAccounts, creditRequests, creditTransactions } from './credit.tables';

/**
 * The partner's side of credit (spec 3 §4, §5, §7, §8). The race tests run their requests at
 * once; on PostgreSQL (`npm run test:postgres`) they really overlap, and the account's row lock
 * is what keeps the balance from being spent twice.
 */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  await setSettings(t.ctx.db, { stock_management_enabled: false });
});
afterAll(() => t.close());

async function newPartner() {
  return t.signedIn(['partner'], { userType: 'company', companyName: 'Partner Co' });
}

async function giveCredit(partnerId: number, amount: string, limit: string | null = null) {
  if (limit) await admin.put(`/admin/api/partners/${partnerId}/credit/limit`, { credit_limit: limit });
  const reply = await admin.post(`/admin/api/partners/${partnerId}/credit/add`, { amount });
  expect(reply.statusCode).toBe(200);
}

async function fillCart(agent: Agent, price = '40.00', quantity = 1) {
  const product = await createProduct(t.ctx.db, { price, shopVisibility: ['guest', 'partner'] });
  const reply = await agent.post('/cart/add', { product_id: product.id, quantity });
  expect(reply.statusCode).toBe(200);
  return (await agent.get('/api/cart')).json().total as number;
}

async function balanceOf(userId: number) {
  const [row] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return row?.currentBalance;
}

describe('who may use the partner routes (DECISIONS 2)', () => {
  it('answers 401 to a guest and 403 to a customer or an admin', async () => {
    const guest = t.agent();
    await guest.visit();
    const customer = await t.signedIn(['customer']);
    for (const agent of [customer, admin]) {
      expect((await agent.get('/api/partner/credit-balance')).statusCode).toBe(403);
      expect((await agent.post('/partner/checkout/process', { payment_method: 'credit' })).statusCode).toBe(
        403,
      );
      expect((await agent.post('/api/partner/credit-request', {})).statusCode).toBe(403);
    }
    expect((await guest.get('/api/partner/credit-balance')).statusCode).toBe(401);
    expect((await guest.get('/api/partner/credit-transactions?limit=5')).statusCode).toBe(401);
    expect((await guest.post('/partner/checkout/process', { payment_method: 'credit' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/partner/credit-balance and /credit-transactions', () => {
  it('answers the partner’s own account, balance and latest transactions', async () => {
    const partner = await newPartner();
    expect((await partner.get('/api/partner/credit-balance')).json().data).toMatchObject({
      currentBalance: 0,
      creditAccount: { id: null, status: 'inactive', is_active: false },
    });
    await giveCredit(partner.user.id, '100.00', '500.00');
    for (let i = 0; i < 6; i++)
      await admin.post(`/admin/api/partners/${partner.user.id}/credit/remove`, { amount: 1 });
    const balance = (await partner.get('/api/partner/credit-balance')).json();
    expect(balance).toMatchObject({
      success: true,
      data: { currentBalance: 94, creditAccount: { credit_limit: 500, status: 'active', is_active: true } },
    });
    const latest = (await partner.get('/api/partner/credit-transactions?limit=5')).json();
    expect(latest.data).toHaveLength(5);
    expect(latest.data[0]).toMatchObject({ type: 'credit_removed', balance_after: 94 });
    const paged = (await partner.get('/api/partner/credit-transactions')).json();
    expect(paged.data).toMatchObject({ total: 7, per_page: 20, current_page: 1 });
    expect((await partner.get('/api/partner/credit-transactions?limit=0')).statusCode).toBe(422);
    // Another partner sees only their own.
    const other = await newPartner();
    expect((await other.get('/api/partner/credit-transactions?limit=5')).json().data).toEqual([]);
  });

  it('exports the partner’s own statement', async () => {
    const partner = await newPartner();
    await giveCredit(partner.user.id, '10.00');
    // The shop's today: the statement's days are days of its calendar, not UTC ones.
    const today = await shopToday(t.ctx.db, t.ctx.now());
    const reply = await partner.get(
      `/partner/credit/export?format=pdf&start_date=${today}&end_date=${today}`,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await partner.get('/partner/credit/export?format=doc&start_date=x&end_date=y')).statusCode).toBe(
      422,
    );
  });
});

describe('POST /api/partner/credit-request', () => {
  it('keeps a pending request', async () => {
    const partner = await newPartner();
    const reply = await partner.post('/api/partner/credit-request', {
      amount: '1500.00',
      business_justification: 'New shop opening',
      contact_phone: '+230 5250 0003',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().success).toBe(true);
    const rows = await t.ctx.db
      .select()
      .from(creditRequests)
      .where(eq(creditRequests.userId, partner.user.id));
    expect(rows).toEqual([expect.objectContaining({ amount: '1500.00', status: 'pending' })]);
  });

  it('answers 422 with field messages', async () => {
    const partner = await newPartner();
    const reply = await partner.post('/api/partner/credit-request', {
      amount: 0,
      business_justification: '',
      contact_phone: 'abc',
    });
    expect(reply.statusCode).toBe(422);
    expect(Object.keys(reply.json().errors).sort()).toEqual([
      'amount',
      'business_justification',
      'contact_phone',
    ]);
    expect(reply.json().errors.amount).toEqual(['Please enter a valid amount']);
  });
});

describe('POST /partner/checkout/process', () => {
  it('pays on credit: one order, the debit with its transaction, the cart emptied', async () => {
    const partner = await newPartner();
    await giveCredit(partner.user.id, '100.00');
    const total = await fillCart(partner, '40.00');
    const reply = await partner.post('/partner/checkout/process', { payment_method: 'credit' });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({
      success: true,
      message: M.placed,
      payment_method: 'credit',
      redirect_url: '/partner/dashboard',
      remaining_balance: Math.round((100 - total) * 100) / 100,
    });
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.orderCode, body.order_code));
    expect(order).toMatchObject({
      userId: partner.user.id,
      orderFrom: 'web',
      paymentIntent: 'credit',
      paymentType: 'credit',
    });
    expect(Number(order!.grandTotal)).toBe(total);
    const [debit] = await t.ctx.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.reference, body.order_code));
    expect(debit).toMatchObject({ type: 'order_payment', orderId: order!.id });
    expect(Number(debit!.amount)).toBe(total);
    expect(Number(await balanceOf(partner.user.id))).toBe(body.remaining_balance);
    expect((await partner.get('/api/cart')).json().count).toBe(0);
    // The order's audit row, written with the closing writes (decision 0113).
    const trail = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, String(order!.id))));
    expect(trail).toMatchObject([
      { action: 'order.created', actorUserId: partner.user.id, data: { order_code: body.order_code } },
    ]);
  });

  it('sells at the partner’s discount rule price and records the rule’s use, as the checkout does', async () => {
    const vase = await createProduct(t.ctx.db, { price: '50.00', shopVisibility: ['guest', 'partner'] });
    const [rule] = await t.ctx.db
      .insert(discountRules)
      .values({
        name: 'Partner vases',
        type: 'product',
        discountValue: '10',
        applicableRoles: ['partner'],
        totalUsageLimit: 5,
      })
      .returning();
    await t.ctx.db.insert(discountRuleProducts).values({ discountRuleId: rule!.id, productId: vase.id });
    const partner = await newPartner();
    await giveCredit(partner.user.id, '100.00');
    expect((await partner.post('/cart/add', { product_id: vase.id, quantity: 2 })).statusCode).toBe(200);
    const reply = await partner.post('/partner/checkout/process', { payment_method: 'credit' });
    expect(reply.statusCode, reply.body).toBe(200);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.orderCode, reply.json().order_code));
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items).toMatchObject([{ price: '45.00', quantity: 2 }]);
    const [after] = await t.ctx.db.select().from(discountRules).where(eq(discountRules.id, rule!.id));
    expect(after!.usageCount).toBe(1);
    expect(Number(await balanceOf(partner.user.id))).toBe(100 - Number(order!.grandTotal));
  });

  it('pay_now places the order unpaid and goes to the payment page, leaving the credit alone', async () => {
    const partner = await newPartner();
    await fillCart(partner);
    const reply = await partner.post('/partner/checkout/process', { payment_method: 'pay_now' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ payment_method: 'pay_now', remaining_balance: null });
    expect(reply.json().redirect_url).toBe(`/payment/${reply.json().order_code}`);
    expect(await balanceOf(partner.user.id)).toBeUndefined();
    expect(
      (await partner.get(reply.json().redirect_url, { accept: 'text/html', 'x-requested-with': '' }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    ['an empty cart', 'credit', 'cart', M.cartEmpty],
    ['no account', 'credit', 'payment_method', M.notActive],
    ['a bad method', 'cash', 'payment_method', M.paymentMethod],
  ])('refuses %s', async (name, method, field, message) => {
    const partner = await newPartner();
    if (name !== 'an empty cart') await fillCart(partner);
    const reply = await partner.post('/partner/checkout/process', { payment_method: method });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors[field]).toEqual([message]);
  });

  it('refuses a suspended, closed or short account with the spec’s words, and keeps the cart', async () => {
    const partner = await newPartner();
    await giveCredit(partner.user.id, '20.00');
    const total = await fillCart(partner, '40.00');
    const short = await partner.post('/partner/checkout/process', { payment_method: 'credit' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.payment_method).toEqual([M.insufficient('$20.00')]);
    expect(total).toBeGreaterThan(20);
    await admin.post(`/admin/api/partners/${partner.user.id}/credit/add`, { amount: '500' });
    await admin.put(`/admin/api/partners/${partner.user.id}/credit/status`, { status: 'suspended' });
    expect(
      (await partner.post('/partner/checkout/process', { payment_method: 'credit' })).json().errors
        .payment_method,
    ).toEqual([M.suspended]);
    await admin.put(`/admin/api/partners/${partner.user.id}/credit/status`, { status: 'closed' });
    expect(
      (await partner.post('/partner/checkout/process', { payment_method: 'credit' })).json().errors
        .payment_method,
    ).toEqual([M.notActive]);
    expect((await partner.get('/api/cart')).json().count).toBe(1);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.userId, partner.user.id))).toEqual([]);
  });

  it('asks for the partner terms when a terms URL is configured', async () => {
    await setSettings(t.ctx.db, { partner_terms_conditions_url: 'https://terms.example.com/partner' });
    try {
      const partner = await newPartner();
      await giveCredit(partner.user.id, '100.00');
      await fillCart(partner);
      const refused = await partner.post('/partner/checkout/process', { payment_method: 'credit' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.terms_accepted).toEqual([M.terms]);
      const accepted = await partner.post('/partner/checkout/process', {
        payment_method: 'credit',
        terms_accepted: true,
      });
      expect(accepted.statusCode).toBe(200);
    } finally {
      await setSettings(t.ctx.db, { partner_terms_conditions_url: '' });
    }
  });

  it('takes one order for one Idempotency-Key', async () => {
    const partner = await newPartner();
    await giveCredit(partner.user.id, '100.00');
    await fillCart(partner);
    const headers = { 'idempotency-key': 'partner-checkout-1' };
    const first = await partner.post('/partner/checkout/process', { payment_method: 'credit' }, headers);
    const again = await partner.post('/partner/checkout/process', { payment_method: 'credit' }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.ctx.db.select().from(orders).where(eq(orders.userId, partner.user.id))).toHaveLength(1);
  });

  it('renders the partner checkout page with the cart and the credit', async () => {
    const partner = await newPartner();
    await giveCredit(partner.user.id, '5.00');
    await fillCart(partner, '40.00');
    const page = await partner.get('/partner/checkout', { accept: 'text/html', 'x-requested-with': '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"page":"partner-checkout"');
    expect(page.body).toContain('"hasSufficientCredit":false');
    expect(page.body).toContain('Insufficient credit balance. Available: $5.00');
  });
});

describe('stock', () => {
  it('a credit order the stock cannot fill is refused with the stock’s message, and nothing is debited', async () => {
    await setSettings(t.ctx.db, { stock_management_enabled: true, stock_deduction_timing: 'on_order' });
    try {
      const partner = await newPartner();
      await giveCredit(partner.user.id, '100.00');
      const product = await createProduct(t.ctx.db, { stockQuantity: 1, shopVisibility: ['partner'] });
      expect((await partner.post('/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
      await t.ctx.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, product.id));
      const reply = await partner.post('/partner/checkout/process', { payment_method: 'credit' });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toContain('stock');
      expect(await balanceOf(partner.user.id)).toBe('100.00');
      expect(await t.ctx.db.select().from(orders).where(eq(orders.userId, partner.user.id))).toEqual([]);
      expect((await partner.get('/api/cart')).json().count).toBe(1);
    } finally {
      await setSettings(t.ctx.db, { stock_management_enabled: false });
    }
  });
});

describe('two checkouts at once', () => {
  it('a checkout and an admin removal that together exceed the balance: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const partner = await newPartner();
      await giveCredit(partner.user.id, '60.00');
      const total = await fillCart(partner, '40.00');
      expect(total).toBeLessThanOrEqual(60);
      const [checkout, removal] = await Promise.all([
        partner.post('/partner/checkout/process', { payment_method: 'credit' }),
        admin.post(`/admin/api/partners/${partner.user.id}/credit/remove`, { amount: '30.00' }),
      ]);
      const succeeded = [checkout.statusCode, removal.statusCode].filter((s) => s === 200);
      expect(succeeded).toHaveLength(1);
      const balance = Number(await balanceOf(partner.user.id));
      expect(balance).toBe(checkout.statusCode === 200 ? Math.round((60 - total) * 100) / 100 : 30);
      // The transaction rows tell the same story as the balance.
      const [account] = await t.ctx.db
        .select()
        .from(creditAccounts)
        .where(eq(creditAccounts.userId, partner.user.id));
      const rows = await t.ctx.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.creditAccountId, account!.id));
      expect(rows).toHaveLength(2);
      expect(rows.at(-1)!.balanceAfter).toBe(balance.toFixed(2));
    }
  });

  it('two simultaneous checkouts of one partner that together exceed the balance: exactly one succeeds', async () => {
    const partner = await newPartner();
    await giveCredit(partner.user.id, '50.00');
    await fillCart(partner, '40.00');
    // The same partner in two browsers: two sessions, one account.
    const second = t.agent();
    expect((await second.signIn(partner.user.email)).statusCode).toBe(200);
    const replies = await Promise.all([
      partner.post('/partner/checkout/process', { payment_method: 'credit' }),
      second.post('/partner/checkout/process', { payment_method: 'credit' }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.userId, partner.user.id))).toHaveLength(1);
    const debits = await t.ctx.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.type, 'order_payment'));
    expect(debits.filter((d) => d.createdBy === partner.user.id)).toHaveLength(1);
    expect(Number(await balanceOf(partner.user.id))).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /partner/credit (the partner area’s credit page)', () => {
  it('gives the statement the shop’s today, in the shop’s time zone, not the server’s', async () => {
    const partner = await newPartner();
    const before = await getSetting(t.ctx.db, 'app_timezone');
    const todayOn = async (zone: string) => {
      await setSettings(t.ctx.db, { app_timezone: zone });
      const page = await partner.get('/partner/credit', { accept: 'text/html' });
      return /"today":"(\d{4}-\d{2}-\d{2})"/.exec(page.body)?.[1];
    };
    try {
      // 25 hours apart: never the same date, whatever the hour of the run.
      const east = await todayOn('Pacific/Kiritimati');
      const west = await todayOn('Pacific/Pago_Pago');
      expect(east).toBe(isoDateInZone(new Date(), 'Pacific/Kiritimati'));
      expect(west).toBe(isoDateInZone(new Date(), 'Pacific/Pago_Pago'));
      expect(east).not.toBe(west);
    } finally {
      await setSettings(t.ctx.db, { app_timezone: before });
    }
  });

  it('shows the partner’s own account and transactions, paged; nobody else’s', async () => {
    const partner = await newPartner();
    const empty = await partner.get('/partner/credit', { accept: 'text/html' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('"page":"partner-credit"');
    expect(empty.body).toContain('"has_account":false');

    await giveCredit(partner.user.id, '75.00');
    const page = await partner.get('/partner/credit', { accept: 'text/html' });
    expect(page.body).toContain('"has_account":true');
    expect(page.body).toContain('"total":1');
    expect(page.body).toMatch(/"balance_after":75\b/);

    const other = await newPartner();
    expect((await other.get('/partner/credit', { accept: 'text/html' })).body).toContain(
      '"has_account":false',
    );
    expect((await (await t.signedIn(['customer'])).get('/partner/credit')).statusCode).toBe(403);
    expect((await t.agent().get('/partner/credit')).statusCode).toBe(401);
    expect((await partner.get('/partner/credit?page=x')).statusCode).toBe(422);
  });
});
