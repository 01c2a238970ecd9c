import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONEY_DECIMALS_MESSAGE } from '../../../contracts/common';
import { ORDER_MESSAGES as M, type OrderReply, orderFormBody } from '../../../contracts/orders';
import { isoDateInZone } from '../../../domain/dates/date-format';
import { PAYMENT_MESSAGES as PM } from '../../../domain/orders/payment-rules';
import { createProduct, createUser } from '../../../test/factories';
import {
  createCarrier,
  createPickupPoint,
  createVat,
  orderForm,
  orderSettings,
} from '../../../test/order-fixtures';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { rolesOf } from '../../platform/auth/user-roles';
import { getSetting, setSettings } from '../../platform/settings/settings-store';
import { products } from '../catalogue/catalogue.tables';
import { createOrder } from './create-order';
import { orderPayments, orders } from './orders.tables';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let vatId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  vatId = await createVat(t.ctx.db, { rate: '15' });
});
afterAll(() => t.close());
beforeEach(() => orderSettings(t.ctx.db, { stock: false }));

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

async function getOrder(id: number): Promise<OrderReply> {
  const res = await admin.get(`/api/orders/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('who may use the order routes', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['POST', '/admin/orders', {}],
    ['PUT', '/admin/orders/1', {}],
    ['GET', '/api/orders/1'],
    ['GET', '/api/orders/form/reference-data'],
    ['POST', '/admin/orders/1/update-items', {}],
    ['PATCH', '/admin/orders/1/update-field', {}],
    ['POST', '/api/orders/1/status', {}],
    ['POST', '/admin/orders/1/add-payment', {}],
    ['PUT', '/admin/orders/payments/1', {}],
    ['GET', '/api/orders/1/stock-status'],
    ['POST', '/api/orders/1/deduct-stock'],
    ['POST', '/api/orders/1/deduct-stock-credit'],
    ['POST', '/api/orders/1/reset-stock-deduction'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for a customer', async (method, url, body) => {
    const out = await (await guest()).request({ method: method as 'GET', url, payload: body });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthenticated.' });
    const customer = await t.signedIn(['customer']);
    const denied = await customer.request({ method: method as 'GET', url, payload: body });
    expect(denied.statusCode).toBe(403);
  });
});

describe('POST /admin/orders (create)', () => {
  it('creates a guest order: catalogue snapshot, server totals with exclusive VAT, code, audit', async () => {
    const product = await createProduct(t.ctx.db, {
      name: 'Kettle',
      sku: 'KT-1',
      price: '12.00',
      vatId,
      unitSellingLabel: 'each',
    });
    // 2 × 10.00 (agreed price) less 10% = 18.00; VAT 15% = 2.70; shipping 5 → 25.70; less 10% = 23.13
    const res = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 2, price: '10.00', discount: 10 }], '23.13', {
        customer_first_name: 'Ada',
        customer_last_name: 'Guest',
        customer_email: 'ada@example.test',
        shipping_cost: '5.00',
        global_discount: 10,
        delivery_required: true,
        delivery_address: '1 Main Road',
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(M.created);
    expect(body.stock_reversed).toBe(false);
    expect(body.order.order_code).toMatch(/^ORD-\d{6}-[2-9A-HJKMNP-Z]{4}$/);
    expect(body.order.grand_total).toBe('23.13');

    const order = await getOrder(body.order.id);
    expect(order).toMatchObject({
      user_id: null,
      customer_first_name: 'Ada',
      order_from: 'backend',
      payment_status: 'unpaid',
      payment_type: null,
      amount_paid: '0.00',
      items_total: '18.00',
      vat_total: '2.70',
      discount_total: '2.57',
      grand_total: '23.13',
      vat_enabled: true,
      vat_method: 'exclusive',
      items_locked: false,
      delivery_address: '1 Main Road',
    });
    expect(order.order_items).toEqual([
      expect.objectContaining({
        product_id: product.id,
        product_name: 'Kettle',
        sku: 'KT-1',
        unit_selling_label: 'each',
        quantity: 2,
        price: '10.00',
        discount: 10,
        vat_id: vatId,
        vat_info: { vat_status: true, type: 'percentage', rate: 15 },
        tax_amount: '2.70',
        line_total: '20.70',
      }),
    ]);
    expect(order.audit[0]).toMatchObject({ action: 'order.created', user: expect.any(String) });
  });

  it('answers 422 on grand_total when the browser total is off by more than 0.01', async () => {
    const product = await createProduct(t.ctx.db, { price: '10.00' });
    const ok = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.01'),
    );
    expect(ok.statusCode).toBe(201);
    const res = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.02'),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ grand_total: [M.totalMismatch('$10.00')] });
  });

  it('prices with VAT off and with inclusive VAT as the settings say, and stores that choice', async () => {
    const product = await createProduct(t.ctx.db, { price: '11.50', vatId });
    await orderSettings(t.ctx.db, { stock: false, vat: false });
    const off = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: '11.50' }], '11.50'),
    );
    expect(off.statusCode).toBe(201);
    expect(await getOrder(off.json().order.id)).toMatchObject({ vat_enabled: false, vat_total: '0.00' });
    await orderSettings(t.ctx.db, { stock: false, method: 'inclusive' });
    const inclusive = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: '11.50' }], '11.50'),
    );
    expect(inclusive.statusCode).toBe(201);
    expect(await getOrder(inclusive.json().order.id)).toMatchObject({
      vat_method: 'inclusive',
      vat_total: '1.50',
      grand_total: '11.50',
    });
  });

  it('validates items with the spec messages', async () => {
    const variable = await createProduct(t.ctx.db, {
      variants: [
        { qty: 0, variant: 'Red' },
        { qty: 3, variant: 'Blue' },
      ],
    });
    await orderSettings(t.ctx.db, { stock: true });
    const res = await staff.post(
      '/admin/orders',
      orderForm(
        [
          { product_id: variable.id, quantity: 1, price: 10 },
          { product_id: variable.id, product_stock_id: variable.variants[0]!.id, quantity: 1, price: 10 },
          { product_id: 999_999, quantity: 1, price: 10 },
        ],
        '30.00',
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'order_items.0.product_stock_id': [M.selectVariant],
      'order_items.1.product_stock_id': [M.variantOutOfStock],
      'order_items.2.product_id': [M.productNotFound],
    });
    const empty = await staff.post('/admin/orders', { order_items_json: '[]', grand_total: 0 });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.order_items_json).toEqual([M.atLeastOneProduct]);
    const zero = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: variable.id, quantity: 0, price: 1 }], '0'),
    );
    expect(zero.json().errors['order_items_json.0.quantity']).toEqual([M.quantityPositive]);
  });

  it('refuses a discount percent with a third decimal (stored with two), on a line and for the order', async () => {
    const product = await createProduct(t.ctx.db);
    const res = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 30, discount: 33.333 }], '20.00', {
        global_discount: 0.125,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'order_items_json.0.discount': [MONEY_DECIMALS_MESSAGE],
      global_discount: [MONEY_DECIMALS_MESSAGE],
    });
  });

  it('needs a delivery address unless pickup, and a reason for failed or cancelled', async () => {
    const product = await createProduct(t.ctx.db);
    const items = [{ product_id: product.id, quantity: 1, price: 10 }];
    const res = await staff.post(
      '/admin/orders',
      orderForm(items, '10.00', { delivery_required: true, delivery_status: 'cancelled' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      delivery_address: ['Delivery address is required'],
      status_reason: ['Reason is required for failed or cancelled status'],
    });
    // Pickup needs no address and the point's service fee becomes the shipping cost (DECISIONS 8).
    const point = await createPickupPoint(t.ctx.db, '7.50');
    const pickup = await staff.post(
      '/admin/orders',
      orderForm(items, '17.50', {
        delivery_required: true,
        shipping_type: 'pickup',
        pickup_point_id: point,
        delivery_address: 'ignored',
        shipping_cost: '0',
      }),
    );
    expect(pickup.statusCode).toBe(201);
    expect(await getOrder(pickup.json().order.id)).toMatchObject({
      shipping_cost: '7.50',
      delivery_address: null,
      pickup_point_id: point,
    });
  });

  it('delivered sets delivered_date; no delivery clears the delivery fields', async () => {
    const product = await createProduct(t.ctx.db);
    const carrier = await createCarrier(t.ctx.db);
    const res = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.00', {
        delivery_status: 'delivered',
        delivery_address: 'kept nowhere',
        carrier_id: carrier,
        shipping_cost: '9.00',
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = await getOrder(res.json().order.id);
    expect(order.delivered_date).not.toBeNull();
    expect(order).toMatchObject({
      delivery_address: null,
      carrier_id: null,
      shipping_cost: '0.00',
      delivery_status: 'delivered',
    });
  });

  it('immediate payment: method and amount required, amount not above the total, a payment record', async () => {
    const product = await createProduct(t.ctx.db);
    const items = [{ product_id: product.id, quantity: 1, price: 100 }];
    const missing = await staff.post(
      '/admin/orders',
      orderForm(items, '100.00', { payment_intent: 'immediate_payment' }),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      payment_type: [PM.methodRequired],
      amount_paid: [PM.amountRequired],
    });
    const over = await staff.post(
      '/admin/orders',
      orderForm(items, '100.00', {
        payment_intent: 'immediate_payment',
        payment_type: 'card',
        amount_paid: '100.02',
      }),
    );
    expect(over.json().errors).toEqual({ amount_paid: [PM.amountOverOrderTotal('$100.00')] });
    const partial = await staff.post(
      '/admin/orders',
      orderForm(items, '100.00', {
        payment_intent: 'immediate_payment',
        payment_type: 'cash',
        amount_paid: '40',
      }),
    );
    expect(partial.statusCode).toBe(201);
    const order = await getOrder(partial.json().order.id);
    expect(order).toMatchObject({ payment_status: 'partial', payment_type: 'cod', amount_paid: '40.00' });
    expect(order.payments).toEqual([
      expect.objectContaining({ status: 'completed', amount: '40.00', payment_type: 'cod' }),
    ]);
    const paid = await staff.post(
      '/admin/orders',
      orderForm(items, '100.00', {
        payment_intent: 'immediate_payment',
        payment_type: 'card',
        amount_paid: '100',
      }),
    );
    expect((await getOrder(paid.json().order.id)).payment_status).toBe('paid');
  });

  it('payment later and credit: unpaid, no payment, type none or credit', async () => {
    const product = await createProduct(t.ctx.db);
    const items = [{ product_id: product.id, quantity: 1, price: 10 }];
    const later = await staff.post(
      '/admin/orders',
      orderForm(items, '10.00', { payment_type: 'card', amount_paid: 5 }),
    );
    expect(await getOrder(later.json().order.id)).toMatchObject({
      payment_status: 'unpaid',
      payment_type: null,
      amount_paid: '0.00',
      payments: [],
    });
    const credit = await staff.post('/admin/orders', orderForm(items, '10.00', { payment_intent: 'credit' }));
    expect(await getOrder(credit.json().order.id)).toMatchObject({
      payment_status: 'unpaid',
      payment_type: 'credit',
      payment_intent: 'credit',
    });
  });

  it('a chosen customer fills empty name fields and gets the customer role', async () => {
    const user = await createUser(t.ctx.db, {
      roles: ['partner'],
      firstName: 'Bea',
      lastName: 'Buyer',
      phone: '555-1',
    });
    const product = await createProduct(t.ctx.db);
    const res = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.00', {
        user_id: user.id,
        customer_first_name: 'Typed',
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = await getOrder(res.json().order.id);
    expect(order).toMatchObject({
      user_id: user.id,
      customer_first_name: 'Typed',
      customer_last_name: 'Buyer',
      customer_email: user.email,
      customer_phone: '555-1',
      customer: expect.objectContaining({ id: user.id }),
    });
    expect(await rolesOf(t.ctx.db, user.id)).toEqual(['customer', 'partner']);
    const unknown = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.00', { user_id: 999_999 }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['user_id']);
  });
});

describe('PUT /admin/orders/:id (update)', () => {
  async function newOrder(over: Record<string, unknown> = {}, price = 10) {
    const product = await createProduct(t.ctx.db, { price: '10.00' });
    const res = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price }], price.toFixed(2), over),
    );
    expect(res.statusCode).toBe(201);
    return { id: res.json().order.id as number, product };
  }

  it("updates fields, re-prices with today's settings and audits what changed", async () => {
    const { id, product } = await newOrder({ customer_first_name: 'Old' });
    const res = await admin.put(
      `/admin/orders/${id}`,
      orderForm([{ product_id: product.id, quantity: 3, price: 10 }], '30.00', {
        customer_first_name: 'New',
        additional_info: 'Ring twice',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.updated,
      order: { id, grand_total: '30.00' },
      stock_reversed: false,
    });
    const order = await getOrder(id);
    expect(order).toMatchObject({
      customer_first_name: 'New',
      additional_info: 'Ring twice',
      grand_total: '30.00',
    });
    const [entry] = order.audit;
    expect(entry).toMatchObject({ action: 'order.updated' });
    expect(entry!.changes).toMatchObject({
      customer_first_name: { from: 'Old', to: 'New' },
      grand_total: { from: '10.00', to: '30.00' },
      items: { changed: [expect.stringContaining('→ 3 ×')] },
    });
  });

  it('the method override POST _method=PUT reaches the update', async () => {
    const { id, product } = await newOrder();
    const res = await admin.post(`/admin/orders/${id}`, {
      ...orderForm([{ product_id: product.id, quantity: 2, price: 10 }], '20.00'),
      _method: 'PUT',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.grand_total).toBe('20.00');
  });

  it('a paid order refuses item changes with paid_order_restriction, but other fields save', async () => {
    const { id, product } = await newOrder({
      payment_intent: 'immediate_payment',
      payment_type: 'card',
      amount_paid: '10.00',
    });
    const res = await admin.put(
      `/admin/orders/${id}`,
      orderForm([{ product_id: product.id, quantity: 2, price: 10 }], '20.00', {
        payment_intent: 'immediate_payment',
        payment_type: 'card',
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.paidOrderRestriction, error_type: 'paid_order_restriction' });
    const same = await admin.put(
      `/admin/orders/${id}`,
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.00', {
        payment_intent: 'immediate_payment',
        payment_type: 'card',
        additional_info: 'note',
      }),
    );
    expect(same.statusCode).toBe(200);
    expect((await getOrder(id)).items_locked).toBe(true);
  });

  it('editing payment: every refusal of spec 1 §8 "Payment rules"', async () => {
    const { id, product } = await newOrder({}, 100);
    const items = [{ product_id: product.id, quantity: 1, price: 100 }];
    const immediate = await admin.put(
      `/admin/orders/${id}`,
      orderForm(items, '100.00', { payment_intent: 'immediate_payment' }),
    );
    expect(immediate.json()).toEqual({
      message: PM.immediateWithoutPayments,
      errors: { payment_intent: [PM.immediateWithoutPayments] },
    });
    await admin.post(`/admin/orders/${id}/add-payment`, {
      payment_type: 'card',
      amount: '30',
      payment_date: '2026-11-20',
    });
    const paid = await admin.put(
      `/admin/orders/${id}`,
      orderForm(items, '100.00', { payment_intent: 'immediate_payment', payment_status: 'paid' }),
    );
    expect(paid.json().errors).toEqual({ payment_status: [PM.paidWithBalance('$70.00')] });
    const credit = await admin.put(
      `/admin/orders/${id}`,
      orderForm(items, '100.00', { payment_intent: 'credit' }),
    );
    expect(credit.json().errors).toEqual({ payment_intent: [PM.creditAfterPayments] });
    const creditType = await admin.put(
      `/admin/orders/${id}`,
      orderForm(items, '100.00', { payment_intent: 'immediate_payment', payment_type: 'credit' }),
    );
    expect(creditType.json().errors).toEqual({ payment_type: [PM.creditTypeAfterPayments] });
    const ok = await admin.put(
      `/admin/orders/${id}`,
      orderForm(items, '100.00', { payment_intent: 'immediate_payment', payment_type: 'card' }),
    );
    expect(ok.statusCode).toBe(200);
    expect(await getOrder(id)).toMatchObject({ payment_status: 'partial', amount_paid: '30.00' });
  });

  it('turning delivery off returns the status to pending and clears the reason', async () => {
    const { id, product } = await newOrder({ delivery_required: true, delivery_address: 'A street' });
    const items = [{ product_id: product.id, quantity: 1, price: 10 }];
    await admin.put(
      `/admin/orders/${id}`,
      orderForm(items, '10.00', {
        delivery_required: true,
        delivery_address: 'A street',
        delivery_status: 'failed',
        status_reason: 'No one home',
      }),
    );
    const res = await admin.put(
      `/admin/orders/${id}`,
      orderForm(items, '10.00', {
        delivery_required: false,
        delivery_status: 'failed',
        status_reason: 'No one home',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await getOrder(id)).toMatchObject({
      delivery_required: false,
      delivery_status: 'pending',
      status_reason: null,
      delivery_address: null,
    });
  });

  it('an item whose product was deleted since keeps its snapshot; a new line of it is refused', async () => {
    const { id, product } = await newOrder();
    await t.ctx.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, product.id));
    const same = await admin.put(
      `/admin/orders/${id}`,
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.00', {
        additional_info: 'still fine',
      }),
    );
    expect(same.statusCode).toBe(200);
    expect((await getOrder(id)).order_items[0]).toMatchObject({
      product_id: product.id,
      product_name: product.name,
    });
    const fresh = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.00'),
    );
    expect(fresh.json().errors).toEqual({ 'order_items.0.product_id': [M.productNotFound] });
  });

  it('404 for a missing or deleted order', async () => {
    const product = await createProduct(t.ctx.db);
    const missing = await admin.put(
      '/admin/orders/999999',
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.00'),
    );
    expect(missing.statusCode).toBe(404);
    const { id } = await newOrder();
    await t.ctx.db.update(orders).set({ deletedAt: new Date() }).where(eq(orders.id, id));
    expect((await admin.get(`/api/orders/${id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/orders/999999')).json()).toEqual({ message: M.notFound });
  });
});

describe('createOrder for the demo seed', () => {
  it("runs inside a caller's transaction as well as on its own", async () => {
    const product = await createProduct(t.ctx.db);
    const user = await createUser(t.ctx.db, { roles: ['admin'] });
    const body = orderFormBody.parse(
      orderForm([{ product_id: product.id, quantity: 1, price: 10 }], '10.00'),
    );
    const inTx = await t.ctx.db.transaction((tx) => createOrder(tx, { userId: user.id, ip: null }, body));
    const alone = await createOrder(t.ctx, { userId: user.id, ip: null }, body);
    expect(inTx.message).toBe(M.created);
    expect(alone.order.order_code).not.toBe(inTx.order.order_code);
    expect((await getOrder(inTx.order.id)).grand_total).toBe('10.00');
  });
});

describe('a payment taken with the order and no date', () => {
  it('is dated on the shop’s today, in the shop’s time zone', async () => {
    const before = await getSetting(t.ctx.db, 'app_timezone');
    const product = await createProduct(t.ctx.db, { price: '100.00' });
    const items = [{ product_id: product.id, quantity: 1, price: 100 }];
    const dates: string[] = [];
    try {
      // 25 hours apart: never the same date, whatever the hour of the run.
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        await setSettings(t.ctx.db, { app_timezone: zone });
        const created = await staff.post(
          '/admin/orders',
          orderForm(items, '100.00', {
            payment_intent: 'immediate_payment',
            payment_type: 'cash',
            amount_paid: '40',
          }),
        );
        expect(created.statusCode).toBe(201);
        const order = await getOrder(created.json().order.id);
        expect(order.payments).toEqual([
          expect.objectContaining({ payment_date: isoDateInZone(new Date(), zone) }),
        ]);
        dates.push(order.payments[0]!.payment_date);
      }
      expect(dates[0]).not.toBe(dates[1]);
    } finally {
      await setSettings(t.ctx.db, { app_timezone: before });
    }
  });
});

describe('GET /api/orders/:id', () => {
  it('holds payments, items and the audit trail newest first with names', async () => {
    const product = await createProduct(t.ctx.db);
    const created = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 50 }], '50.00'),
    );
    const id = created.json().order.id;
    await admin.post(`/admin/orders/${id}/add-payment`, {
      payment_type: 'eft',
      amount: 20,
      payment_date: '2026-11-21',
    });
    const order = await getOrder(id);
    expect(order.payments).toEqual([
      expect.objectContaining({ amount: '20.00', payment_type: 'bank_transfer', payment_date: '2026-11-21' }),
    ]);
    expect(order.audit.map((a) => a.action)).toEqual(['order.payment_added', 'order.created']);
    expect(order.audit[0]!.user).toMatch(/Test User/);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, String(id))));
    expect(rows).toHaveLength(2);
    const payments = await t.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
    expect(payments).toHaveLength(1);
  });
});

describe('GET /api/orders/form/reference-data', () => {
  it('lists customers, active sellers, enabled carriers and active pickup points', async () => {
    const customer = await createUser(t.ctx.db, {
      roles: ['customer'],
      firstName: 'Cleo',
      lastName: 'Customer',
    });
    const seller = await createUser(t.ctx.db, { roles: ['staff'], firstName: 'Sam', lastName: 'Seller' });
    const inactive = await createUser(t.ctx.db, { roles: ['staff'], accountStatus: 'suspended' });
    const carrier = await createCarrier(t.ctx.db);
    const disabled = await createCarrier(t.ctx.db, false);
    const point = await createPickupPoint(t.ctx.db, '3.00');
    const closed = await createPickupPoint(t.ctx.db, '3.00', 0);
    const res = await staff.get('/api/orders/form/reference-data');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.users[0]).toEqual({ id: customer.id, name: 'Cleo Customer', email: customer.email });
    expect(data.users.length).toBeLessThanOrEqual(50);
    expect(data.sellers).toContainEqual({ id: seller.id, name: 'Sam Seller' });
    expect(data.sellers.map((s: { id: number }) => s.id)).not.toContain(inactive.id);
    expect(data.sellers.map((s: { id: number }) => s.id)).not.toContain(customer.id);
    expect(data.carriers.map((c: { id: number }) => c.id)).toContain(carrier);
    expect(data.carriers.map((c: { id: number }) => c.id)).not.toContain(disabled);
    expect(data.pickup_points).toContainEqual(expect.objectContaining({ id: point, service_fee: '3.00' }));
    expect(data.pickup_points.map((p: { id: number }) => p.id)).not.toContain(closed);
  });
});
