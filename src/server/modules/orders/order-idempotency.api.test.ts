import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories';
import { orderForm, orderSettings } from '../../../test/order-fixtures';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { IDEMPOTENCY_MESSAGES as M } from '../../platform/idempotency/idempotency';
import { idempotencyKeys } from '../../platform/idempotency/idempotency.tables';
import { orderPayments, orders } from './orders.tables';

let t: TestApp;
let staff: Agent;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
  admin = await t.signedIn(['admin']);
});
afterAll(() => t.close());
beforeEach(() => orderSettings(t.ctx.db, { stock: false }));

let keys = 0;
const newKey = () => `key-${Date.now()}-${++keys}`;

async function orderOf(total: number) {
  const product = await createProduct(t.ctx.db, { stockQuantity: 10 });
  const res = await staff.post(
    '/admin/orders',
    orderForm([{ product_id: product.id, quantity: 1, price: total }], total.toFixed(2)),
  );
  expect(res.statusCode).toBe(201);
  return res.json().order.id as number;
}

const pay = (amount: number) => ({ payment_type: 'card', amount, payment_date: '2026-11-22' });

async function paymentsOf(orderId: number) {
  return t.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
}

describe('Idempotency-Key on order payments and order creation (DECISIONS 25)', () => {
  it('records a payment sent twice with one key once, and answers the first reply again', async () => {
    const id = await orderOf(100);
    const key = newKey();
    const first = await staff.post(`/admin/orders/${id}/add-payment`, pay(40), { 'idempotency-key': key });
    const again = await staff.post(`/admin/orders/${id}/add-payment`, pay(40), { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentsOf(id)).toHaveLength(1);
    // Without a key, each request acts.
    await staff.post(`/admin/orders/${id}/add-payment`, pay(10));
    await staff.post(`/admin/orders/${id}/add-payment`, pay(10));
    expect(await paymentsOf(id)).toHaveLength(3);
  });

  it('refuses the same key with another body (422) and records nothing more', async () => {
    const id = await orderOf(100);
    const key = newKey();
    await staff.post(`/admin/orders/${id}/add-payment`, pay(40), { 'idempotency-key': key });
    const other = await staff.post(`/admin/orders/${id}/add-payment`, pay(50), { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ idempotency_key: [M.otherBody] });
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('frees the key of a refused request, so the corrected retry acts', async () => {
    const id = await orderOf(100);
    const key = newKey();
    const refused = await staff.post(`/admin/orders/${id}/add-payment`, pay(0), { 'idempotency-key': key });
    expect(refused.statusCode).toBe(422);
    const retry = await staff.post(`/admin/orders/${id}/add-payment`, pay(0.5), {
      'idempotency-key': key,
    });
    // The same key with a different body after a refusal is a new first request.
    expect(retry.statusCode).toBe(200);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('takes one order for a Create sent twice with one key, answering 201 both times', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 10 });
    const body = orderForm([{ product_id: product.id, quantity: 1, price: 25 }], '25.00');
    const key = newKey();
    const first = await staff.post('/admin/orders', body, { 'idempotency-key': key });
    const again = await staff.post('/admin/orders', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().order.id).toBe(first.json().order.id);
    const [{ n }] = (await t.ctx.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(orders)
      .where(eq(orders.grandTotal, '25.00'))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('acts once when the same request arrives five times at once', async () => {
    const id = await orderOf(100);
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        staff.post(`/admin/orders/${id}/add-payment`, pay(30), { 'idempotency-key': key }),
      ),
    );
    for (const r of replies) expect([200, 409]).toContain(r.statusCode);
    expect(replies.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('keeps keys apart per user, forgets them after 24 hours and refuses a malformed key', async () => {
    const id = await orderOf(100);
    const key = newKey();
    await staff.post(`/admin/orders/${id}/add-payment`, pay(20), { 'idempotency-key': key });
    await admin.post(`/admin/orders/${id}/add-payment`, pay(20), { 'idempotency-key': key });
    expect(await paymentsOf(id)).toHaveLength(2);

    await t.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, key));
    const later = await staff.post(`/admin/orders/${id}/add-payment`, pay(20), { 'idempotency-key': key });
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await paymentsOf(id)).toHaveLength(3);

    const bad = await staff.post(`/admin/orders/${id}/add-payment`, pay(20), {
      'idempotency-key': 'x'.repeat(201),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ idempotency_key: [M.invalidKey] });
    expect(await paymentsOf(id)).toHaveLength(3);
  });
});
