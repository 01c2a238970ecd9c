import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import { createProduct } from '../../../test/factories';
import { orderForm, orderSettings } from '../../../test/order-fixtures';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { cartItems, carts } from '../cart/cart.tables';
import { products } from '../catalogue/catalogue.tables';
import { orders } from '../orders/orders.tables';

let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());
beforeEach(() => orderSettings(t.ctx.db, { vat: false, stock: true, timing: 'on_order' }));

/** An order taken in the back office for this user: 2 × 10.00 of a product with 10 in stock. */
async function orderFor(userId: number, over: Record<string, unknown> = {}) {
  const product = await createProduct(t.ctx.db, { stockQuantity: 10, price: '10.00' });
  const res = await staff.post(
    '/admin/orders',
    orderForm([{ product_id: product.id, quantity: 2, price: 10 }], '20.00', { user_id: userId, ...over }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, res.json().order.id));
  return { order: row!, product };
}

async function stockOf(productId: number) {
  const [row] = await t.ctx.db.select().from(products).where(eq(products.id, productId));
  return row!.stockQuantity;
}

describe('GET /api/{role}/orders and /api/{role}/orders/{id}', () => {
  it('lists only the signed-in user’s orders, newest first, paged', async () => {
    const buyer = await t.signedIn(['customer']);
    const other = await t.signedIn(['customer']);
    const first = await orderFor(buyer.user.id);
    const second = await orderFor(buyer.user.id);
    await orderFor(other.user.id);
    const res = await buyer.get('/api/customer/orders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ current_page: 1, last_page: 1, total: 2, from: 1, to: 2 });
    expect(res.json().data.map((o: { id: number }) => o.id)).toEqual([second.order.id, first.order.id]);
    expect(res.json().data[0]).toMatchObject({
      order_code: second.order.orderCode,
      items_count: 2,
      grand_total: '20.00',
      payment_status: 'unpaid',
      delivery_status: 'pending',
      can_pay: true,
      can_modify: true,
    });
    const page2 = await buyer.get('/api/customer/orders?page=2');
    expect(page2.json()).toMatchObject({ data: [], current_page: 2, total: 2 });
  });

  it('shows one own order; another user’s is 404; a bad page is 422', async () => {
    const buyer = await t.signedIn(['customer']);
    const other = await t.signedIn(['customer']);
    const { order } = await orderFor(buyer.user.id);
    const mine = await buyer.get(`/api/customer/orders/${order.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: order.id, items: [{ quantity: 2, price: '10.00' }] });
    const theirs = await other.get(`/api/customer/orders/${order.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(M.orderNotFound);
    expect((await other.visit(`/customer/order/${order.id}`)).statusCode).toBe(404);
    expect((await buyer.get('/api/customer/orders?page=0')).statusCode).toBe(422);
  });

  it('needs a session (401) and the area’s role as the active role (403)', async () => {
    const anonymous = t.agent();
    expect((await anonymous.get('/api/customer/orders')).statusCode).toBe(401);
    const partner = await t.signedIn(['partner'], { userType: 'company', companyName: 'P Ltd' });
    expect((await partner.get('/api/customer/orders')).statusCode).toBe(403);
    expect((await partner.get('/api/partner/orders')).statusCode).toBe(200);
    const doctor = await t.signedIn(['doctor']);
    // Doctors have no orders area.
    expect((await doctor.get('/api/doctor/orders')).statusCode).toBe(404);
  });
});

describe('POST /{role}/orders/{id}/pay (DECISIONS 20)', () => {
  it('answers the payment page of an order with something due, which opens for its owner', async () => {
    const buyer = await t.signedIn(['customer']);
    const { order } = await orderFor(buyer.user.id, { payment_type: 'card' });
    const res = await buyer.post(`/customer/orders/${order.id}/pay`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, redirect_url: `/payment/${order.orderCode}` });
    expect((await buyer.visit(res.json().redirect_url)).statusCode).toBe(200);
  });

  it('refuses a paid order (409), another user’s (404), a guest (401) and another role (403)', async () => {
    const buyer = await t.signedIn(['customer', 'partner'], { userType: 'company', companyName: 'Both Ltd' });
    const other = await t.signedIn(['customer']);
    const paid = await orderFor(buyer.user.id, {
      payment_intent: 'immediate_payment',
      payment_type: 'card',
      amount_paid: '20.00',
      payment_date: '2026-01-05',
    });
    const res = await buyer.post(`/customer/orders/${paid.order.id}/pay`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.nothingDue);
    const unpaid = await orderFor(buyer.user.id);
    expect((await other.post(`/customer/orders/${unpaid.order.id}/pay`)).statusCode).toBe(404);
    const guest = t.agent();
    await guest.visit();
    expect((await guest.post(`/customer/orders/${unpaid.order.id}/pay`)).statusCode).toBe(401);
    // Active role customer: the partner area's route is not theirs until they switch.
    expect((await buyer.post(`/partner/orders/${unpaid.order.id}/pay`)).statusCode).toBe(403);
  });
});

describe('POST /{role}/orders/{id}/convert-to-cart (spec 3 §4 Modify order)', () => {
  it('puts the items in the cart, cancels the order and returns its stock, in one go', async () => {
    const buyer = await t.signedIn(['customer']);
    const { order, product } = await orderFor(buyer.user.id);
    expect(await stockOf(product.id)).toBe(8);
    const res = await buyer.post(`/customer/orders/${order.id}/convert-to-cart`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.modified, redirect_url: '/cart' });
    const [after] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({
      deliveryStatus: 'cancelled',
      statusReason: M.modifyReason,
      stockDeductedAt: null,
    });
    expect(await stockOf(product.id)).toBe(10);
    const cart = await buyer.get('/api/cart');
    expect(cart.json()).toMatchObject({ count: 2, items: [{ product_id: product.id, quantity: 2 }] });

    // Twice is once: the cancelled order cannot be modified again.
    const again = await buyer.post(`/customer/orders/${order.id}/convert-to-cart`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notModifiable);
    expect((await buyer.get('/api/cart')).json().count).toBe(2);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('adds to what the cart already holds', async () => {
    const buyer = await t.signedIn(['customer']);
    const { order, product } = await orderFor(buyer.user.id);
    expect((await buyer.post('/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    expect((await buyer.post(`/customer/orders/${order.id}/convert-to-cart`)).statusCode).toBe(200);
    expect((await buyer.get('/api/cart')).json().items).toMatchObject([
      { product_id: product.id, quantity: 3 },
    ]);
  });

  it('refuses a paid or moving order (409), another user’s (404) and another role (403), changing nothing', async () => {
    const buyer = await t.signedIn(['customer']);
    const other = await t.signedIn(['customer']);
    const processing = await orderFor(buyer.user.id, { delivery_status: 'processing' });
    const refused = await buyer.post(`/customer/orders/${processing.order.id}/convert-to-cart`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.notModifiable);
    const partlyPaid = await orderFor(buyer.user.id, {
      payment_intent: 'immediate_payment',
      payment_type: 'card',
      amount_paid: '5.00',
      payment_date: '2026-01-05',
    });
    expect((await buyer.post(`/customer/orders/${partlyPaid.order.id}/convert-to-cart`)).statusCode).toBe(
      409,
    );
    const pending = await orderFor(buyer.user.id);
    expect((await other.post(`/customer/orders/${pending.order.id}/convert-to-cart`)).statusCode).toBe(404);
    const partner = await t.signedIn(['partner'], { userType: 'company', companyName: 'P2 Ltd' });
    expect((await partner.post(`/customer/orders/${pending.order.id}/convert-to-cart`)).statusCode).toBe(403);
    const [still] = await t.ctx.db.select().from(orders).where(eq(orders.id, pending.order.id));
    expect(still!.deliveryStatus).toBe('pending');
    const otherCart = await t.ctx.db.select().from(carts).where(eq(carts.userId, other.user.id));
    if (otherCart[0])
      expect(await t.ctx.db.select().from(cartItems).where(eq(cartItems.cartId, otherCart[0].id))).toEqual(
        [],
      );
  });
});

describe('dashboard data', () => {
  it('shows a partner’s credit account on the partner dashboard only', async () => {
    const partner = await t.signedIn(['partner'], { userType: 'company', companyName: 'Credit Dash Ltd' });
    const page = await partner.get('/partner/dashboard', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"credit":{"account":{"creditAccount"');
    const buyer = await t.signedIn(['customer']);
    const other = await buyer.get('/customer/dashboard', { accept: 'text/html' });
    expect(other.body).toContain('"credit":null');
  });

  it('sends an area’s root to its dashboard, for that role only', async () => {
    const buyer = await t.signedIn(['customer']);
    for (const url of ['/customer', '/customer/']) {
      const res = await buyer.get(url, { accept: 'text/html' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/customer/dashboard');
    }
    expect((await buyer.get('/partner/')).statusCode).toBe(403);
    expect((await t.agent().get('/customer/')).statusCode).toBe(401);
  });

  it('GET /api/customer/dashboard: greeting, order figures and recent orders of the user', async () => {
    const buyer = await t.signedIn(['customer'], { firstName: 'Chloé', lastName: 'Buyer' });
    await orderFor(buyer.user.id);
    await orderFor(buyer.user.id, {
      payment_intent: 'immediate_payment',
      payment_type: 'card',
      amount_paid: '20.00',
      payment_date: '2026-01-05',
    });
    const res = await buyer.get('/api/customer/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        user: { first_name: 'Chloé', last_name: 'Buyer', email: buyer.user.email, full_name: 'Chloé Buyer' },
        greeting: 'Welcome back, Chloé!',
        stats: { total_orders: 2, unpaid_orders: 1, total_spent: '20.00' },
      },
    });
    expect(res.json().data.recent_orders).toHaveLength(2);
    expect((await buyer.get('/api/partner/dashboard-data')).statusCode).toBe(403);
  });

  it('GET /api/{role}/dashboard-data for partner, doctor and patient; no orders part for doctor and patient', async () => {
    const partner = await t.signedIn(['partner'], { userType: 'company', companyName: 'P3 Ltd' });
    expect((await partner.get('/api/partner/dashboard-data')).json().data).toMatchObject({
      stats: { total_orders: 0 },
      recent_orders: [],
    });
    const doctor = await t.signedIn(['doctor']);
    expect((await doctor.get('/api/doctor/dashboard-data')).json().data).toMatchObject({
      role: 'doctor',
      stats: null,
      recent_orders: null,
    });
    expect((await doctor.get('/api/patient/dashboard-data')).statusCode).toBe(403);
    const patient = await t.signedIn(['patient']);
    expect((await patient.get('/api/patient/dashboard-data')).statusCode).toBe(200);
    expect((await t.agent().get('/api/patient/dashboard-data')).statusCode).toBe(401);
  });

  it('renders the area pages for their role', async () => {
    const buyer = await t.signedIn(['customer']);
    const { order } = await orderFor(buyer.user.id);
    for (const url of [
      '/customer/dashboard',
      '/customer/orders',
      `/customer/order/${order.id}`,
      '/customer/profile',
      '/customer/addresses',
    ]) {
      const page = await buyer.visit(url);
      expect(page.statusCode, url).toBe(200);
    }
    expect((await buyer.visit('/customer/dashboard')).body).toContain(order.orderCode);
    expect((await buyer.visit('/partner/dashboard')).statusCode).toBe(403);
  });
});
