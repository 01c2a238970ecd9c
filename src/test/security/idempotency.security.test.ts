import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAccounts, creditTransactions } from '../../server/modules/credit';
import { orderItems, orderPayments, orders } from '../../server/modules/orders/orders.tables';
import { insertBooking, insertPeriod, rentalProduct } from '../../server/modules/rentals/periods.fixtures';
import { rentalPayments } from '../../server/modules/rentals/rentals.tables';
import { createProduct } from '../factories';
import { orderForm, orderSettings } from '../order-fixtures';
import { type Agent, createTestApp, type TestApp } from '../test-app';
import { type CheckoutPlace, checkoutForm, checkoutPlace } from './shop-fixtures';

/**
 * Idempotency under retries (issue 18, DECISIONS 25, docs/decisions/0075): every request that takes
 * an order or records money, sent again with the same Idempotency-Key — once after the first reply,
 * and five times at once — acts once: one order, one payment, one credit movement. Each retry gets
 * the first reply again (Idempotent-Replayed) or, while the first is still running, 409.
 */
let t: TestApp;
let admin: Agent;
let staff: Agent;
let place: CheckoutPlace;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  await orderSettings(t.ctx.db, { stock: true });
  place = await checkoutPlace(t);
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `battery-${Date.now()}-${++keys}`;

type Case = {
  /** Prepares one fresh target (a cart, an order, a booking…) and answers how to send the request. */
  prepare(): Promise<{ send(key: string): Promise<LightMyRequestResponse>; count(): Promise<number> }>;
  ok: number;
};

const CASES: Record<string, Case> = {
  'POST /checkout (a signed-in customer)': {
    ok: 201,
    async prepare() {
      const customer = await t.signedIn(['customer']);
      const product = await createProduct(t.ctx.db, { price: '5.00', stockQuantity: 50 });
      expect((await customer.post('/cart/add', { product_id: product.id, quantity: 2 })).statusCode).toBe(
        200,
      );
      return {
        send: (key) =>
          customer.post('/checkout', checkoutForm(place, customer.user.email), { 'idempotency-key': key }),
        count: async () =>
          (await t.ctx.db.select().from(orders).where(eq(orders.userId, customer.user.id))).length,
      };
    },
  },
  'POST /checkout (a guest)': {
    ok: 201,
    async prepare() {
      const guest = t.agent();
      await guest.visit();
      const product = await createProduct(t.ctx.db, { price: '5.00', stockQuantity: 50 });
      expect((await guest.post('/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
      const email = `guest-${newKey()}@example.test`;
      return {
        send: (key) => guest.post('/checkout', checkoutForm(place, email), { 'idempotency-key': key }),
        count: async () =>
          (await t.ctx.db.select().from(orders).where(eq(orders.customerEmail, email))).length,
      };
    },
  },
  'POST /admin/orders/:id/add-payment': {
    ok: 200,
    async prepare() {
      const product = await createProduct(t.ctx.db, { stockQuantity: 10 });
      const created = await staff.post(
        '/admin/orders',
        orderForm([{ product_id: product.id, quantity: 1, price: 100 }], '100.00'),
      );
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().order.id as number;
      const body = { payment_type: 'card', amount: 30, payment_date: '2026-11-22' };
      return {
        send: (key) => staff.post(`/admin/orders/${id}/add-payment`, body, { 'idempotency-key': key }),
        count: async () =>
          (await t.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, id))).length,
      };
    },
  },
  'POST /admin/orders (order creation)': {
    ok: 201,
    async prepare() {
      const product = await createProduct(t.ctx.db, { stockQuantity: 10 });
      const body = orderForm([{ product_id: product.id, quantity: 1, price: 12 }], '12.00');
      return {
        send: (key) => staff.post('/admin/orders', body, { 'idempotency-key': key }),
        count: async () =>
          (await t.ctx.db.select().from(orderItems).where(eq(orderItems.productId, product.id))).length,
      };
    },
  },
  'POST /admin/rental-bookings/:id/payments': {
    ok: 200,
    async prepare() {
      const product = await rentalProduct(t.ctx.db, '2.00');
      const booking = await insertBooking(t.ctx.db, { productId: product.id });
      const body = { amount: '20.00', payment_date: '2030-01-05' };
      return {
        send: (key) =>
          admin.post(`/admin/rental-bookings/${booking.id}/payments`, body, { 'idempotency-key': key }),
        count: async () =>
          (await t.ctx.db.select().from(rentalPayments).where(eq(rentalPayments.bookingId, booking.id)))
            .length,
      };
    },
  },
  'POST /admin/api/rental-periods/:id/payments': {
    ok: 200,
    async prepare() {
      const product = await rentalProduct(t.ctx.db, '2.00');
      const booking = await insertBooking(t.ctx.db, { productId: product.id });
      const period = await insertPeriod(t.ctx.db, booking.id, {
        startDate: '2030-01-01',
        endDate: '2030-01-30',
        itemAmount: '100.00',
        productId: product.id,
      });
      return {
        send: (key) =>
          admin.post(
            `/admin/api/rental-periods/${period.id}/payments`,
            { amount: '25' },
            { 'idempotency-key': key },
          ),
        count: async () =>
          (await t.ctx.db.select().from(rentalPayments).where(eq(rentalPayments.periodId, period.id))).length,
      };
    },
  },
  'POST /admin/api/partners/:id/credit/add': {
    ok: 200,
    async prepare() {
      const partner = await t.signedIn(['partner'], { userType: 'company', companyName: 'Retry Co' });
      return {
        send: (key) =>
          admin.post(
            `/admin/api/partners/${partner.user.id}/credit/add`,
            { amount: 50 },
            { 'idempotency-key': key },
          ),
        count: () => creditMovesOf(partner.user.id),
      };
    },
  },
  'POST /partner/checkout/process (paid from credit)': {
    ok: 200,
    async prepare() {
      const partner = await t.signedIn(['partner'], { userType: 'company', companyName: 'Retry Co' });
      const given = await admin.post(`/admin/api/partners/${partner.user.id}/credit/add`, { amount: 500 });
      expect(given.statusCode).toBe(200);
      const product = await createProduct(t.ctx.db, {
        price: '40.00',
        stockQuantity: 50,
        shopVisibility: ['guest', 'partner'],
      });
      expect((await partner.post('/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
      return {
        send: (key) =>
          partner.post('/partner/checkout/process', { payment_method: 'credit' }, { 'idempotency-key': key }),
        // One order, and one debit beside the credit given above.
        count: async () => {
          const placed = await t.ctx.db.select().from(orders).where(eq(orders.userId, partner.user.id));
          expect(await creditMovesOf(partner.user.id)).toBe(1 + placed.length);
          return placed.length;
        },
      };
    },
  },
};

async function creditMovesOf(userId: number): Promise<number> {
  const rows = await t.ctx.db
    .select({ id: creditTransactions.id })
    .from(creditTransactions)
    .innerJoin(creditAccounts, eq(creditAccounts.id, creditTransactions.creditAccountId))
    .where(eq(creditAccounts.userId, userId));
  return rows.length;
}

describe.each(Object.entries(CASES))('%s with one Idempotency-Key', (_, c) => {
  it('retried after the first reply: acts once, answers the first reply again', async () => {
    const target = await c.prepare();
    const key = newKey();
    const first = await target.send(key);
    expect(first.statusCode, first.body).toBe(c.ok);
    const again = await target.send(key);
    expect(again.statusCode, again.body).toBe(c.ok);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await target.count()).toBe(1);
  });

  it('five identical requests at once: acts once', async () => {
    const target = await c.prepare();
    const key = newKey();
    const replies = await Promise.all(Array.from({ length: 5 }, () => target.send(key)));
    for (const reply of replies) expect([c.ok, 409], reply.body).toContain(reply.statusCode);
    const answered = replies.filter((r) => r.statusCode === c.ok);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const reply of answered) expect(reply.json()).toEqual(answered[0]!.json());
    expect(await target.count()).toBe(1);
    // Once the first has finished, a late retry is answered from the key.
    const late = await target.send(key);
    expect(late.statusCode).toBe(c.ok);
    expect(late.json()).toEqual(answered[0]!.json());
    expect(await target.count()).toBe(1);
  });
});
