import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES as M } from '../../../contracts/orders';
import { PAYMENT_MESSAGES as PM } from '../../../domain/orders/payment-rules';
import { createProduct } from '../../../test/factories';
import { orderForm, orderSettings } from '../../../test/order-fixtures';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { products } from '../catalogue/catalogue.tables';
import { orderPayments, orders } from './orders.tables';

let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());
beforeEach(() => orderSettings(t.ctx.db, { stock: false }));

async function orderOf(total: number, over: Record<string, unknown> = {}) {
  const product = await createProduct(t.ctx.db, { stockQuantity: 10 });
  const res = await staff.post(
    '/admin/orders',
    orderForm([{ product_id: product.id, quantity: 1, price: total }], total.toFixed(2), over),
  );
  expect(res.statusCode).toBe(201);
  return { id: res.json().order.id as number, product };
}

const pay = (amount: number | string, over: Record<string, unknown> = {}) => ({
  payment_type: 'card',
  amount,
  payment_date: '2026-11-22',
  transaction_id: 'TX-1',
  ...over,
});

describe('POST /admin/orders/:id/add-payment', () => {
  it('adds a completed payment and sets amount_paid and status by amount', async () => {
    const { id } = await orderOf(100);
    const first = await staff.post(`/admin/orders/${id}/add-payment`, pay('40.00'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: M.paymentAdded,
      payment: {
        amount: '40.00',
        payment_type: 'card',
        payment_date: '2026-11-22',
        status: 'completed',
        transaction_id: 'TX-1',
      },
      order: { payment_status: 'partial', amount_paid: '40.00' },
    });
    const second = await staff.post(
      `/admin/orders/${id}/add-payment`,
      pay(60, { payment_type: 'credit_card' }),
    );
    expect(second.json()).toMatchObject({
      payment: { payment_type: 'card' },
      order: { payment_status: 'paid', amount_paid: '100.00' },
    });
  });

  it('refuses amounts with the spec messages', async () => {
    const { id } = await orderOf(100);
    const zero = await staff.post(`/admin/orders/${id}/add-payment`, pay(0));
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toEqual({ amount: [PM.amountPositive] });
    const over = await staff.post(`/admin/orders/${id}/add-payment`, pay('100.02'));
    expect(over.json().errors).toEqual({ amount: [PM.amountOverGrandTotal] });
    await staff.post(`/admin/orders/${id}/add-payment`, pay(70));
    const remaining = await staff.post(`/admin/orders/${id}/add-payment`, pay(31));
    expect(remaining.statusCode).toBe(422);
    expect(remaining.json()).toEqual({
      message: PM.amountOverRemaining('$30.00'),
      errors: { amount: [PM.amountOverRemaining('$30.00')] },
    });
    const badDate = await staff.post(
      `/admin/orders/${id}/add-payment`,
      pay(1, { payment_date: '22/11/2026' }),
    );
    expect(badDate.json().errors.payment_date).toEqual([M.isoDate]);
  });

  it('404 for a missing or deleted order', async () => {
    expect((await staff.post('/admin/orders/999999/add-payment', pay(1))).statusCode).toBe(404);
    const { id } = await orderOf(10);
    await t.ctx.db.update(orders).set({ deletedAt: new Date() }).where(eq(orders.id, id));
    expect((await staff.post(`/admin/orders/${id}/add-payment`, pay(1))).statusCode).toBe(404);
  });

  it('becoming paid deducts the stock when the timing is on_payment, once', async () => {
    await orderSettings(t.ctx.db, { stock: true, timing: 'on_payment' });
    const { id, product } = await orderOf(100);
    await staff.post(`/admin/orders/${id}/add-payment`, pay(50));
    const [before] = await t.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(before!.stockQuantity).toBe(10);
    const paid = await staff.post(`/admin/orders/${id}/add-payment`, pay(50));
    expect(paid.json().order.payment_status).toBe('paid');
    const [after] = await t.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(after!.stockQuantity).toBe(9);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.stockDeductedAt).not.toBeNull();
  });

  /**
   * Five payments of 40 on a 100 order at once: the order's row lock makes them queue, so each one
   * sees what the earlier ones paid. On PostgreSQL (npm run test:postgres) they really run at once.
   */
  it('5 parallel payments of 40 on a 100 order: at most 2 succeed, amount_paid stays ≤ 100', async () => {
    const { id } = await orderOf(100);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => staff.post(`/admin/orders/${id}/add-payment`, pay(40))),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(2);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.statusCode).toBe(422);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(Number(order!.amountPaid)).toBeLessThanOrEqual(100);
    const payments = await t.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
    expect(payments.reduce((sum, p) => sum + Number(p.amount), 0)).toBe(Number(order!.amountPaid));
  });
});

describe('PUT /admin/orders/payments/:paymentId', () => {
  it('edits a payment, checks the amount against the others, and recomputes the order', async () => {
    const { id } = await orderOf(100);
    const a = (await staff.post(`/admin/orders/${id}/add-payment`, pay(40))).json().payment.id;
    await staff.post(`/admin/orders/${id}/add-payment`, pay(30));
    const edited = await staff.put(
      `/admin/orders/payments/${a}`,
      pay(70, { payment_type: 'eft', payment_details: 'corrected' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: M.paymentUpdated,
      payment: { id: a, amount: '70.00', payment_type: 'bank_transfer', payment_details: 'corrected' },
      order: { payment_status: 'paid', amount_paid: '100.00' },
    });
    const over = await staff.put(`/admin/orders/payments/${a}`, pay(71));
    expect(over.json().errors).toEqual({ amount: [PM.amountOverRemaining('$70.00')] });
    const audit = (await staff.get(`/api/orders/${id}`)).json().data.audit[0];
    expect(audit).toMatchObject({
      action: 'order.payment_updated',
      changes: { amount: { from: '40.00', to: '70.00' } },
    });
  });

  it('404 for a missing payment', async () => {
    expect((await staff.put('/admin/orders/payments/999999', pay(1))).statusCode).toBe(404);
  });

  it('POST with _method=PUT reaches the edit', async () => {
    const { id } = await orderOf(10);
    const p = (await staff.post(`/admin/orders/${id}/add-payment`, pay(5))).json().payment.id;
    const res = await staff.post(`/admin/orders/payments/${p}`, { ...pay(6), _method: 'PUT' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.amount_paid).toBe('6.00');
  });
});

describe('POST /admin/orders/payments/:paymentId/refund (docs/decisions/0041)', () => {
  it('refunds payments one by one: partial while one remains, refunded at the end, then a credit note', async () => {
    const { id } = await orderOf(100);
    const first = (await staff.post(`/admin/orders/${id}/add-payment`, pay('40.00'))).json().payment.id;
    const second = (await staff.post(`/admin/orders/${id}/add-payment`, pay('60.00'))).json().payment.id;
    expect(
      (await staff.get(`/admin/orders/${id}/documents`)).json().document_status.credit_note.available,
    ).toBe(false);

    const one = await staff.post(`/admin/orders/payments/${second}/refund`, { reason: 'Damaged on arrival' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      message: M.paymentRefunded,
      payment: { id: second, status: 'refunded' },
      order: { payment_status: 'partial', amount_paid: '40.00' },
    });
    const all = await staff.post(`/admin/orders/payments/${first}/refund`, { reason: 'Order returned' });
    expect(all.json().order).toEqual({ payment_status: 'refunded', amount_paid: '0.00' });
    expect(
      (await staff.get(`/admin/orders/${id}/documents`)).json().document_status.credit_note.available,
    ).toBe(true);
    const note = await staff.post(`/admin/orders/${id}/documents/credit_note/generate`, {});
    expect(note.statusCode, note.body).toBe(200);

    const audit = (await staff.get(`/api/orders/${id}`)).json().data.audit as { action: string }[];
    expect(audit.filter((a) => a.action === 'order.payment_refunded')).toHaveLength(2);
  });

  it('refuses a refund without a reason, of a payment already refunded, and of one that does not exist', async () => {
    const { id } = await orderOf(50);
    const payment = (await staff.post(`/admin/orders/${id}/add-payment`, pay('50.00'))).json().payment.id;
    const noReason = await staff.post(`/admin/orders/payments/${payment}/refund`, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([M.refundReason]);
    expect(
      (await staff.post(`/admin/orders/payments/${payment}/refund`, { reason: 'Once' })).statusCode,
    ).toBe(200);
    const twice = await staff.post(`/admin/orders/payments/${payment}/refund`, { reason: 'Twice' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.payment).toEqual([M.refundNotCompleted]);
    expect((await staff.post('/admin/orders/payments/999999/refund', { reason: 'x' })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ paymentStatus: 'refunded', amountPaid: '0.00' });
  });

  it('refuses to mark an order refunded by editing it, and a first payment recorded as credit', async () => {
    const { id, product } = await orderOf(30);
    await staff.post(`/admin/orders/${id}/add-payment`, pay('30.00'));
    const edited = await staff.put(
      `/admin/orders/${id}`,
      orderForm([{ product_id: product.id, quantity: 1, price: 30 }], '30.00', {
        payment_intent: 'immediate_payment',
        payment_type: 'card',
        payment_status: 'refunded',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(422);
    expect(edited.json().errors.payment_status).toEqual([PM.refundedByRefunds]);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ paymentStatus: 'paid', amountPaid: '30.00' });

    const credit = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 30 }], '30.00', {
        payment_intent: 'immediate_payment',
        payment_type: 'credit',
        amount_paid: '30.00',
      }),
    );
    expect(credit.statusCode).toBe(422);
    expect(credit.json().errors.payment_type).toEqual([PM.creditNotAPayment]);
  });

  it('answers 401 signed out and 403 without orders.manage', async () => {
    const guest = t.agent();
    await guest.visit();
    expect((await guest.post('/admin/orders/payments/1/refund', { reason: 'x' })).statusCode).toBe(401);
    const customer = await t.signedIn(['customer']);
    expect((await customer.post('/admin/orders/payments/1/refund', { reason: 'x' })).statusCode).toBe(403);
  });
});
