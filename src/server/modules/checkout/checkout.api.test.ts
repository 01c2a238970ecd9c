import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES as M } from '../../../contracts/checkout';
import { createProduct } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { jobs } from '../../platform/jobs/jobs.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { products } from '../catalogue/catalogue.tables';
import { orderItems, orders } from '../orders/orders.tables';
import { countries, shippingMethods, states } from '../shipping/shipping.tables';
import { paymentMethods, pickupPoints } from '../shop-setup/shop-setup.tables';

let t: TestApp;
let place: { countryId: number; stateId: number; methodId: number; pointId: number; freePointId: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  const [country] = await db.insert(countries).values({ name: 'Mauritius', code: 'MU' }).returning();
  const [state] = await db.insert(states).values({ name: 'Port Louis', countryId: country!.id }).returning();
  const [method] = await db.insert(shippingMethods).values({ name: 'Courier', price: '20.00' }).returning();
  const [point] = await db
    .insert(pickupPoints)
    .values({ name: 'Curepipe warehouse', address: '4 Rue La Bourdonnais', serviceFee: '50.00' })
    .returning();
  const [free] = await db
    .insert(pickupPoints)
    .values({ name: 'Port Louis shop', address: '12 Royal Road', serviceFee: '0' })
    .returning();
  await db.insert(pickupPoints).values({ name: 'Closed kiosk', address: 'Grand Baie', status: 0 });
  await db.insert(paymentMethods).values([
    { name: 'Cash on delivery', code: 'cod', status: 'enabled', displayOrder: 1 },
    {
      name: 'Bank transfer',
      code: 'bank_transfer',
      status: 'enabled',
      displayOrder: 2,
      instructions: 'Use the order code.',
    },
    { name: 'Card', code: 'card', status: 'shop_only', displayOrder: 3 },
    { name: 'Peach', code: 'peach_payments', status: 'backend_only', displayOrder: 4 },
  ]);
  await setSettings(db, { stock_management_enabled: true, stock_deduction_timing: 'on_order' });
  place = {
    countryId: country!.id,
    stateId: state!.id,
    methodId: method!.id,
    pointId: point!.id,
    freePointId: free!.id,
  };
});
afterAll(() => t.close());

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit('/login');
  return agent;
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'Ada@Example.test',
    phone: '+230 5000 0000',
    address: '1 Royal Road',
    country_id: place.countryId,
    state_id: place.stateId,
    city: 'Port Louis',
    shipping_method: String(place.methodId),
    pickup_point_id: '',
    payment_type: 'cod',
    ...overrides,
  };
}

async function queued(name?: string) {
  const rows = await t.ctx.db.select().from(jobs);
  return rows.filter((j) => !name || j.name === name);
}

async function orderOf(code: string) {
  const [order] = await t.ctx.db.select().from(orders).where(eq(orders.orderCode, code));
  return order!;
}

async function mailTo(to: string): Promise<string | null> {
  const dir = path.join(t.dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [])).sort().reverse();
  for (const file of files) {
    const text = await readFile(path.join(dir, file), 'utf8');
    if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return text.replace(/=\r?\n/g, '');
  }
  return null;
}

describe('POST /checkout', () => {
  it('makes a web order from the server’s cart and prices, empties the cart and queues both e-mails', async () => {
    const lamp = await createProduct(t.ctx.db, { name: 'Brass lamp', price: '25.50', stockQuantity: 5 });
    const visitor = await guest();
    expect((await visitor.post('/cart/add', { product_id: lamp.id, quantity: 2 })).statusCode).toBe(200);
    const jobsBefore = (await queued()).length;

    // Prices, totals and items sent by the browser are not read.
    const response = await visitor.post(
      '/checkout',
      form({ price: '0.01', grand_total: '0.01', items: [{ product_id: lamp.id, quantity: 99, price: 0 }] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const reply = response.json();
    expect(reply).toMatchObject({ success: true, message: M.placed });
    expect(reply.redirect_url).toMatch(
      new RegExp(`^/order-confirmation/${reply.order_code}\\?token=[\\w-]{20,}$`),
    );

    const order = await orderOf(reply.order_code);
    expect(order).toMatchObject({
      orderFrom: 'web',
      userId: null,
      customerEmail: 'ada@example.test',
      customerFirstName: 'Ada',
      itemsTotal: '51.00',
      shippingCost: '20.00',
      grandTotal: '71.00',
      paymentType: 'cod',
      paymentStatus: 'unpaid',
      shippingType: 'standard',
      carrierId: place.methodId,
    });
    expect(order.deliveryAddress).toBe('1 Royal Road, Port Louis, Port Louis, Mauritius');
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toMatchObject([{ productId: lamp.id, quantity: 2, price: '25.50' }]);
    // Stock taken on order (the stock setting), the cart spent.
    const [after] = await t.ctx.db.select().from(products).where(eq(products.id, lamp.id));
    expect(after!.stockQuantity).toBe(3);
    expect(order.stockDeductedAt).not.toBeNull();
    expect((await visitor.get('/api/cart')).json()).toMatchObject({ items: [], count: 0 });

    const newJobs = (await queued()).slice(jobsBefore).map((j) => j.name);
    expect(newJobs.sort()).toEqual(['checkout.new-order-admin-mail', 'checkout.order-confirmation-mail']);
    await t.runDueJobs();
    const mail = await mailTo('ada@example.test');
    expect(mail).toContain(reply.order_code);
    expect(mail).toContain(`/order-confirmation/${reply.order_code}?token=`);
    expect(await mailTo('admin@demo.test')).toContain(`Order: ${reply.order_code}`);
    // The token left with the job (docs/decisions/0046).
    const [job] = await queued('checkout.order-confirmation-mail');
    expect(job!.payload).not.toHaveProperty('token');
  });

  it('answers the spec’s words for every missing field, the shipping and the payment choice', async () => {
    const visitor = await guest();
    const empty = await visitor.post('/checkout', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      first_name: ['First Name is required'],
      last_name: ['Last Name is required'],
      email: ['Email Address is required'],
      phone: ['Phone Number is required'],
      address: ['Street Address is required'],
      country_id: ['Country is required'],
      state_id: ['State/Province is required'],
      city: ['City is required'],
      shipping_method: [M.shippingMethod],
      payment_type: [M.paymentMethod],
    });
    const email = await visitor.post('/checkout', form({ email: 'not-an-address' }));
    expect(email.json().errors).toEqual({ email: ['Please enter a valid email address'] });
    const pickup = await visitor.post('/checkout', form({ shipping_method: 'pickup' }));
    expect(pickup.json().errors).toEqual({ pickup_point_id: ['Please select a pickup point'] });
  });

  it('refuses an empty cart, a payment method the shop does not offer and a closed pickup point', async () => {
    const visitor = await guest();
    const empty = await visitor.post('/checkout', form());
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ cart: [M.cartEmpty] });

    const vase = await createProduct(t.ctx.db, { stockQuantity: 5 });
    await visitor.post('/cart/add', { product_id: vase.id, quantity: 1 });
    const peach = await visitor.post('/checkout', form({ payment_type: 'peach_payments' }));
    expect(peach.json().errors).toEqual({ payment_type: [M.paymentMethod] });
    const [closed] = await t.ctx.db.select().from(pickupPoints).where(eq(pickupPoints.status, 0));
    const shut = await visitor.post(
      '/checkout',
      form({ shipping_method: 'pickup', pickup_point_id: closed!.id }),
    );
    expect(shut.json().errors).toEqual({ pickup_point_id: [M.pickupPointUnknown] });
    expect((await visitor.get('/api/cart')).json().count).toBe(1);
  });

  it('names the line whose stock ran out since it was put in the cart, and changes nothing', async () => {
    const rug = await createProduct(t.ctx.db, { name: 'Wool rug', stockQuantity: 3 });
    const visitor = await guest();
    await visitor.post('/cart/add', { product_id: rug.id, quantity: 3 });
    await t.ctx.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, rug.id));
    const before = (await queued()).length;
    const response = await visitor.post('/checkout', form());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'items.0.quantity': [M.outOfStock('Wool rug', 1)] });
    expect(M.outOfStock('Wool rug', 1)).toContain('Wool rug');
    expect((await queued()).length).toBe(before);
    expect((await visitor.get('/api/cart')).json().count).toBe(3);
  });

  it('takes the pickup point’s service fee as shipping, and bank transfer goes to the confirmation', async () => {
    const chair = await createProduct(t.ctx.db, { price: '100.00', stockQuantity: 2 });
    const visitor = await guest();
    await visitor.post('/cart/add', { product_id: chair.id, quantity: 1 });
    const response = await visitor.post(
      '/checkout',
      form({ shipping_method: 'pickup', pickup_point_id: place.pointId, payment_type: 'bank_transfer' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = await orderOf(response.json().order_code);
    expect(order).toMatchObject({
      shippingType: 'pickup',
      pickupPointId: place.pointId,
      shippingCost: '50.00',
      grandTotal: '150.00',
      paymentType: 'bank_transfer',
      deliveryAddress: null,
    });
    expect(response.json().redirect_url).toMatch(/^\/order-confirmation\//);
  });

  it('sends a card order to its payment page', async () => {
    const chair = await createProduct(t.ctx.db, { price: '10.00', stockQuantity: 2 });
    const visitor = await guest();
    await visitor.post('/cart/add', { product_id: chair.id, quantity: 1 });
    const response = await visitor.post('/checkout', form({ payment_type: 'card' }));
    expect(response.statusCode, response.body).toBe(201);
    const { order_code, redirect_url } = response.json();
    expect(redirect_url).toMatch(new RegExp(`^/payment/${order_code}\\?token=`));
    expect((await orderOf(order_code)).paymentStatus).toBe('unpaid');
  });

  it('makes a signed-in customer’s order theirs, at their role’s price', async () => {
    const stool = await createProduct(t.ctx.db, { price: '30.00', stockQuantity: 4 });
    const customer = await t.signedIn(['customer']);
    await customer.post('/cart/add', { product_id: stool.id, quantity: 1 });
    const response = await customer.post('/checkout', form({ email: customer.user.email }));
    expect(response.statusCode, response.body).toBe(201);
    expect((await orderOf(response.json().order_code)).userId).toBe(customer.user.id);
  });

  it('answers the first reply again for the same Idempotency-Key and body, 422 for another body', async () => {
    const cup = await createProduct(t.ctx.db, { price: '5.00', stockQuantity: 10 });
    const visitor = await guest();
    await visitor.post('/cart/add', { product_id: cup.id, quantity: 2 });
    const key = { 'idempotency-key': 'checkout-key-1' };
    const first = await visitor.post('/checkout', form(), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await visitor.post('/checkout', form(), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const [count] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.orderCode, first.json().order_code));
    expect(count!.n).toBe(1);
    const other = await visitor.post('/checkout', form({ first_name: 'Grace' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toHaveProperty('idempotency_key');
    // Another guest's identical key is another key: it does not see this reply.
    const stranger = await guest();
    const theirs = await stranger.post('/checkout', form(), key);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors).toEqual({ cart: [M.cartEmpty] });
  });

  it('a rolled-back order queues no e-mail, keeps the cart and takes no stock', async () => {
    const pot = await createProduct(t.ctx.db, { price: '8.00', stockQuantity: 6 });
    const visitor = await guest();
    await visitor.post('/cart/add', { product_id: pot.id, quantity: 2 });
    const ordersBefore = (await t.ctx.db.select({ id: orders.id }).from(orders)).length;
    const jobsBefore = (await queued()).length;
    // A fault at the very end of the transaction, after the order, stock and jobs were written.
    await t.ctx.db.execute(sql`create function refuse_receipt() returns trigger language plpgsql as
      $$ begin raise exception 'injected failure'; end $$`);
    await t.ctx.db.execute(
      sql`create trigger refuse_receipt before insert on order_receipts for each row execute function refuse_receipt()`,
    );
    try {
      const response = await visitor.post('/checkout', form());
      expect(response.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`drop trigger refuse_receipt on order_receipts`);
      await t.ctx.db.execute(sql`drop function refuse_receipt()`);
    }
    expect((await t.ctx.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    expect((await queued()).length).toBe(jobsBefore);
    const [after] = await t.ctx.db.select().from(products).where(eq(products.id, pot.id));
    expect(after!.stockQuantity).toBe(6);
    expect((await visitor.get('/api/cart')).json().count).toBe(2);
  });

  it('refuses a submission without the page’s CSRF token', async () => {
    const visitor = await guest();
    const response = await visitor.request({
      method: 'POST',
      url: '/checkout',
      payload: form(),
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('checkout reads', () => {
  it('GET /checkout/get-states lists a country’s active states', async () => {
    const visitor = await guest();
    const response = await visitor.get(`/checkout/get-states?country_id=${place.countryId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, states: [{ id: place.stateId, name: 'Port Louis' }] });
    const missing = await visitor.get('/checkout/get-states');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ country_id: ['Country is required'] });
  });

  it('GET /api/checkout/pickup-points lists the active points with their fee', async () => {
    const response = await (await guest()).get('/api/checkout/pickup-points');
    expect(response.statusCode).toBe(200);
    const names = response.json().pickup_points.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Curepipe warehouse', 'Port Louis shop']);
    expect(response.json().pickup_points[0]).toMatchObject({
      service_fee: 50,
      address: '4 Rue La Bourdonnais',
    });
  });
});
