import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES as M } from '../../../contracts/checkout';
import { ORDERING_CLOSED_MESSAGE } from '../../../contracts/storefront';
import { createProduct } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp, withSourceRenderer } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { jobs } from '../../platform/jobs/jobs.tables';
import { setSettings } from '../../platform/settings/settings-store';
import {
  discountRuleProducts,
  discountRules,
  discountRuleUsages,
  products,
} from '../catalogue/catalogue.tables';
import { orderItems, orderPayments, orders } from '../orders/orders.tables';
import {
  countries,
  shippingMethods,
  shippingZoneCountries,
  shippingZoneRates,
  shippingZones,
  states,
} from '../shipping/shipping.tables';
import { paymentMethods, pickupPoints } from '../shop-setup/shop-setup.tables';
import { cardPayments } from './checkout.tables';

let t: TestApp;
let place: { countryId: number; stateId: number; methodId: number; pointId: number; freePointId: number };

beforeAll(async () => {
  // The shop's server renderer from source, so the pages' HTML is checked as the browser gets it.
  t = await createTestApp({ prepareDist: withSourceRenderer });
  const db = t.ctx.db;
  const [country] = await db.insert(countries).values({ name: 'Mauritius', code: 'MU' }).returning();
  const [state] = await db.insert(states).values({ name: 'Port Louis', countryId: country!.id }).returning();
  const [method] = await db.insert(shippingMethods).values({ name: 'Courier', price: '20.00' }).returning();
  // A zone of the country at the method's own price: the quote reads the zones inside the checkout's
  // transaction (on PostgreSQL, src/test/pg-busy-client.setup.ts fails a read sent to a busy client).
  const [zone] = await db.insert(shippingZones).values({ name: 'Island' }).returning();
  await db.insert(shippingZoneCountries).values({ zoneId: zone!.id, countryId: country!.id });
  await db.insert(shippingZoneRates).values({ zoneId: zone!.id, methodId: method!.id, rate: '20.00' });
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
    // The order's audit row, written with the closing writes (decision 0113).
    const trail = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, String(order.id))));
    expect(trail).toMatchObject([
      {
        action: 'order.created',
        actorUserId: null,
        data: { order_code: reply.order_code, grand_total: '71.00', payment_status: 'unpaid' },
      },
    ]);

    const newJobs = (await queued()).slice(jobsBefore).map((j) => j.name);
    expect(newJobs.sort()).toEqual(['checkout.new-order-admin-mail', 'checkout.order-confirmation-mail']);
    await t.runDueJobs();
    const mail = await mailTo('ada@example.test');
    expect(mail).toContain(reply.order_code);
    expect(mail).toContain(`/order-confirmation/${reply.order_code}?token=`);
    // Its items, read with the order in one statement (the × quoted-printable in the file).
    const itemLine = /2 (×|=C3=97) Brass lamp/;
    expect(mail).toMatch(itemLine);
    const notice = await mailTo('admin@demo.test');
    expect(notice).toContain(`Order: ${reply.order_code}`);
    expect(notice).toMatch(itemLine);
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

  it('refuses the checkout while online ordering is switched off, and places nothing', async () => {
    const visitor = await guest();
    const jug = await createProduct(t.ctx.db, { stockQuantity: 5 });
    await visitor.post('/cart/add', { product_id: jug.id, quantity: 1 });
    const [before] = await t.ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(orders);
    await setSettings(t.ctx.db, { online_shop_enabled: false });
    try {
      const refused = await visitor.post('/checkout', form());
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ORDERING_CLOSED_MESSAGE);
    } finally {
      await setSettings(t.ctx.db, { online_shop_enabled: true });
    }
    const [after] = await t.ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(orders);
    expect(after?.n).toBe(before?.n);
    expect((await visitor.get('/api/cart')).json()).toMatchObject({ count: 1 });
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

  it('sells at the discount rule’s price and records the rule’s use, as orders do', async () => {
    const vase = await createProduct(t.ctx.db, { price: '10.00', stockQuantity: 5 });
    const [rule] = await t.ctx.db
      .insert(discountRules)
      .values({ name: 'Vase week', type: 'product', discountValue: '20', totalUsageLimit: 5 })
      .returning();
    await t.ctx.db.insert(discountRuleProducts).values({ discountRuleId: rule!.id, productId: vase.id });
    const customer = await t.signedIn(['customer']);
    await customer.post('/cart/add', { product_id: vase.id, quantity: 1 });
    const response = await customer.post('/checkout', form({ email: customer.user.email }));
    expect(response.statusCode, response.body).toBe(201);
    const order = await orderOf(response.json().order_code);
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items[0]).toMatchObject({ price: '8.00' });
    const [after] = await t.ctx.db.select().from(discountRules).where(eq(discountRules.id, rule!.id));
    expect(after!.usageCount).toBe(1);
    const uses = await t.ctx.db
      .select()
      .from(discountRuleUsages)
      .where(eq(discountRuleUsages.discountRuleId, rule!.id));
    expect(uses).toMatchObject([{ userId: customer.user.id, reference: `order:${order.id}` }]);
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

  it('reads shipping, places and payment methods as just changed, though it keeps them per version (decision 0111)', async () => {
    const db = t.ctx.db;
    const lamp = await createProduct(db, { name: 'Versioned lamp', price: '10.00', stockQuantity: 9 });
    const buy = async (overrides: Record<string, unknown> = {}) => {
      const visitor = await guest();
      await visitor.post('/cart/add', { product_id: lamp.id, quantity: 1 });
      return visitor.post('/checkout', form(overrides));
    };
    const first = await buy();
    expect(first.statusCode, first.body).toBe(201);
    expect((await orderOf(first.json().order_code)).shippingCost).toBe('20.00');

    // Each change made by plain SQL, as another process or a script would: the next order sees it.
    await db.execute(sql`update shipping_zone_rates set rate = 35 where method_id = ${place.methodId}`);
    const dearer = await buy();
    expect(dearer.statusCode, dearer.body).toBe(201);
    expect((await orderOf(dearer.json().order_code)).shippingCost).toBe('35.00');
    await db.execute(sql`update shipping_zone_rates set rate = 20 where method_id = ${place.methodId}`);

    await db.execute(sql`update payment_methods set status = 'disabled' where code = 'cod'`);
    const noCod = await buy();
    expect(noCod.statusCode).toBe(422);
    expect(noCod.json().errors).toMatchObject({ payment_type: [M.paymentMethod] });
    await db.execute(sql`update payment_methods set status = 'enabled' where code = 'cod'`);

    await db.execute(sql`update states set status = 0 where id = ${place.stateId}`);
    const closedState = await buy();
    expect(closedState.statusCode).toBe(422);
    expect(closedState.json().errors).toMatchObject({ state_id: [M.stateUnknown] });
    await db.execute(sql`update states set status = 1 where id = ${place.stateId}`);

    await db.execute(sql`update shipping_methods set enabled = false where id = ${place.methodId}`);
    const noMethod = await buy();
    expect(noMethod.statusCode).toBe(422);
    expect(noMethod.json().errors).toMatchObject({ shipping_method: [M.shippingUnavailable] });
    await db.execute(sql`update shipping_methods set enabled = true where id = ${place.methodId}`);

    const again = await buy();
    expect(again.statusCode, again.body).toBe(201);
    expect((await orderOf(again.json().order_code)).shippingCost).toBe('20.00');
  });

  it('charges by the weight of the products bought, and nothing when every one ships free', async () => {
    const db = t.ctx.db;
    const [byWeight] = await db
      .insert(shippingMethods)
      .values({ name: 'Freight', price: '5.00', pricePerKg: '3.00' })
      .returning();
    const heavy = await createProduct(db, {
      name: 'Cast iron pan',
      price: '40.00',
      stockQuantity: 9,
      weight: '2.5',
    });
    const light = await createProduct(db, {
      name: 'Gift card',
      price: '10.00',
      stockQuantity: 9,
      isFreeShipping: true,
    });
    const free = await createProduct(db, {
      name: 'Free poster',
      price: '4.00',
      stockQuantity: 9,
      isFreeShipping: true,
    });
    const buy = async (lines: { product_id: number; quantity: number }[]) => {
      const visitor = await guest();
      for (const line of lines) await visitor.post('/cart/add', line);
      const response = await visitor.post('/checkout', form({ shipping_method: String(byWeight!.id) }));
      expect(response.statusCode, response.body).toBe(201);
      return orderOf(response.json().order_code);
    };
    // 5.00 + 3.00 × (2 × 2.5 kg): the gift card ships free but the pan does not.
    expect(
      (
        await buy([
          { product_id: heavy.id, quantity: 2 },
          { product_id: light.id, quantity: 1 },
        ])
      ).shippingCost,
    ).toBe('20.00');
    expect(
      (
        await buy([
          { product_id: light.id, quantity: 1 },
          { product_id: free.id, quantity: 3 },
        ])
      ).shippingCost,
    ).toBe('0.00');
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

/** A guest with one product in the cart who checked out with this payment type. */
async function placed(paymentType: string, price = '40.00') {
  const product = await createProduct(t.ctx.db, { price, stockQuantity: 5 });
  const visitor = await guest();
  await visitor.post('/cart/add', { product_id: product.id, quantity: 1 });
  const response = await visitor.post('/checkout', form({ payment_type: paymentType }));
  expect(response.statusCode, response.body).toBe(201);
  const { order_code, redirect_url } = response.json() as { order_code: string; redirect_url: string };
  const token = new URL(redirect_url, 'http://shop').searchParams.get('token')!;
  return { visitor, product, code: order_code, token, redirect_url };
}

async function sandboxPay(visitor: Agent, redirect: string, card: Record<string, string>) {
  const params = Object.fromEntries(new URL(redirect, 'http://shop').searchParams);
  return visitor.post('/payment-sandbox/pay', { ...params, ...card });
}

const APPROVED = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const DECLINED = { card_number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' };

describe('checkout pages', () => {
  it('GET /checkout renders the form from the server’s cart, or the empty state', async () => {
    const visitor = await guest();
    const empty = await visitor.get('/checkout', { accept: 'text/html' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain(M.cartEmpty);
    expect(empty.body).toContain('href="/products"');

    const lamp = await createProduct(t.ctx.db, { name: 'Desk lamp', price: '12.00', stockQuantity: 5 });
    await visitor.post('/cart/add', { product_id: lamp.id, quantity: 1 });
    const page = await visitor.get('/checkout', { accept: 'text/html' });
    for (const label of [
      'First Name',
      'Last Name',
      'Email Address',
      'Phone Number',
      'Street Address',
      'Country',
      'State/Province',
      'City',
      'Courier',
      'Cash on delivery',
      'Desk lamp',
    ])
      expect(page.body).toContain(label);
    expect(page.body).not.toContain('Peach');
  });

  it('prefills a signed-in buyer’s details', async () => {
    const customer = await t.signedIn(['customer'], { firstName: 'Grace', lastName: 'Hopper' });
    const page = await customer.get('/checkout', { accept: 'text/html' });
    expect(page.body).toContain('"first_name":"Grace"');
    expect(page.body).toContain(`"email":"${customer.user.email}"`);
  });

  it('shows the confirmation to the buyer only: by the receipt token or their account', async () => {
    const { visitor, code, token, redirect_url } = await placed('cod');
    const page = await visitor.get(redirect_url, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(code);
    expect(page.body).toContain('Thank you for your order');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await visitor.get(`/order-confirmation/${code}`)).statusCode).toBe(404);
    // Another token of the same length (one that starts with "x" already changes its first letter to "y").
    const other = `${token.startsWith('x') ? 'y' : 'x'}${token.slice(1)}`;
    expect((await visitor.get(`/order-confirmation/${code}?token=${other}`)).statusCode).toBe(404);
    const stranger = await t.signedIn(['customer']);
    expect((await stranger.get(`/order-confirmation/${code}`)).statusCode).toBe(404);
    expect((await stranger.get(`/payment/${code}`)).statusCode).toBe(404);
  });
});

describe('card payment through the sandbox', () => {
  it('a declined card leaves the order unpaid and payable; a retry with the test card pays it', async () => {
    const { visitor, code, token, redirect_url } = await placed('card');
    const payment = await visitor.get(redirect_url, { accept: 'text/html' });
    expect(payment.statusCode).toBe(200);
    expect(payment.body).toMatch(/Pay (<!-- -->)?\$60\.00(<!-- -->)? by card/);

    const start = await visitor.post(`/payment/${code}/card`, { token });
    expect(start.statusCode, start.body).toBe(200);
    const hosted = start.json().redirect_url as string;
    expect(hosted).toMatch(/^\/payment-sandbox\/pay\?reference=/);
    expect((await visitor.get(hosted, { accept: 'text/html' })).body).toContain('Sandbox');
    expect(
      (await visitor.get(hosted.replace('amount=60.00', 'amount=0.01'), { accept: 'text/html' })).statusCode,
    ).toBe(422);

    const invalid = await sandboxPay(visitor, hosted, {
      card_number: '4242 4242 4242 4241',
      expiry: '1/2',
      cvc: 'x',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      card_number: ['Please enter a valid card number'],
      expiry: ['Please enter a valid expiry date (MM/YY)'],
      cvc: ['Please enter the security code'],
    });

    const declined = await sandboxPay(visitor, hosted, DECLINED);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    const told = await visitor.post('/payment/callback', declined.json().callback.fields);
    expect(told.json()).toMatchObject({
      status: 'declined',
      message: 'Your card was declined. No payment was taken; you can try again.',
    });
    expect(await orderOf(code)).toMatchObject({ paymentStatus: 'unpaid', amountPaid: '0.00' });
    const back = await visitor.get(declined.json().return_url, { accept: 'text/html' });
    expect(back.body).toContain('Your card was declined');

    const retry = (await visitor.post(`/payment/${code}/card`, { token })).json().redirect_url as string;
    const paid = await sandboxPay(visitor, retry, APPROVED);
    const fields = paid.json().callback.fields as Record<string, string>;
    // A result whose amount or signature was changed on the way is refused.
    const forged = await visitor.post('/payment/callback', { ...fields, amount: '0.01' });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual({ signature: ['The payment result could not be verified.'] });
    const ok = await visitor.post('/payment/callback', fields);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'paid', message: 'Payment received. Thank you!' });
    // Relayed twice, it pays once.
    expect((await visitor.post('/payment/callback', fields)).statusCode).toBe(200);
    const order = await orderOf(code);
    expect(order).toMatchObject({ paymentStatus: 'paid', amountPaid: '60.00' });
    const payments = await t.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      paymentType: 'card',
      amount: '60.00',
      transactionId: fields.transaction_id,
    });
    const [attempt] = await t.ctx.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.reference, new URL(retry, 'http://shop').searchParams.get('reference')!));
    expect(attempt).toMatchObject({ status: 'paid', brand: 'Visa', last4: '4242' });
    // Nothing of the card but brand and last 4 is kept anywhere in the order's rows.
    expect(JSON.stringify({ order, payments, attempt })).not.toContain('42424242');
    // Paid: nothing left to pay.
    expect((await visitor.post(`/payment/${code}/card`, { token })).statusCode).toBe(422);
  });

  it('a cancelled payment leaves the order payable; only the buyer may start a payment', async () => {
    const { visitor, code, token } = await placed('card', '15.00');
    const stranger = await guest();
    expect((await stranger.post(`/payment/${code}/card`, {})).statusCode).toBe(404);
    expect((await stranger.post(`/payment/${code}/card`, { token: 'nope' })).statusCode).toBe(404);
    const hosted = (await visitor.post(`/payment/${code}/card`, { token })).json().redirect_url as string;
    const cancelled = await sandboxPay(visitor, hosted, { action: 'cancel' });
    expect(cancelled.json().status).toBe('cancelled');
    const told = await visitor.post('/payment/callback', cancelled.json().callback.fields);
    expect(told.json().message).toBe('The payment was cancelled. No payment was taken; you can try again.');
    expect((await orderOf(code)).paymentStatus).toBe('unpaid');
    expect((await visitor.post(`/payment/${code}/card`, { token })).statusCode).toBe(200);
  });

  it('the sandbox tells the shop server to server: paid even when the browser never relays', async () => {
    const { visitor, code, token } = await placed('card', '11.00');
    const hosted = (await visitor.post(`/payment/${code}/card`, { token })).json().redirect_url as string;
    const paid = await sandboxPay(visitor, hosted, APPROVED);
    expect(paid.json().status).toBe('paid');
    // The buyer closed the tab: no relay. The sandbox's webhook job records the payment.
    expect((await orderOf(code)).paymentStatus).toBe('unpaid');
    await t.runDueJobs();
    const settled = await orderOf(code);
    expect(settled.paymentStatus).toBe('paid');
    expect(settled.amountPaid).toBe(settled.grandTotal);
    // The browser's late relay acts no second time.
    expect((await visitor.post('/payment/callback', paid.json().callback.fields)).statusCode).toBe(200);
    const order = await orderOf(code);
    const payments = await t.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    expect(payments).toHaveLength(1);
  });

  it('POST /payment/webhook takes no CSRF token, only a valid signature', async () => {
    const { visitor, code, token } = await placed('card', '12.00');
    const hosted = (await visitor.post(`/payment/${code}/card`, { token })).json().redirect_url as string;
    const paid = await sandboxPay(visitor, hosted, APPROVED);
    const fields = paid.json().callback.fields as Record<string, string>;
    const gateway = t.agent();
    const forged = await gateway.request({
      method: 'POST',
      url: '/payment/webhook',
      payload: { ...fields, amount: '0.01' },
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual({ signature: ['The payment result could not be verified.'] });
    const told = await gateway.request({ method: 'POST', url: '/payment/webhook', payload: fields });
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json()).toMatchObject({ status: 'paid' });
    const settled = await orderOf(code);
    expect(settled.paymentStatus).toBe('paid');
    expect(settled.amountPaid).toBe(settled.grandTotal);
  });

  it('takes the stock when the order becomes paid, with the on_payment timing', async () => {
    await setSettings(t.ctx.db, { stock_deduction_timing: 'on_payment' });
    try {
      const { visitor, code, token, product } = await placed('card', '9.00');
      const stockOf = async () =>
        (await t.ctx.db.select().from(products).where(eq(products.id, product.id)))[0]!.stockQuantity;
      expect(await stockOf()).toBe(5);
      const hosted = (await visitor.post(`/payment/${code}/card`, { token })).json().redirect_url as string;
      const paid = await sandboxPay(visitor, hosted, APPROVED);
      expect((await visitor.post('/payment/callback', paid.json().callback.fields)).statusCode).toBe(200);
      expect(await stockOf()).toBe(4);
    } finally {
      await setSettings(t.ctx.db, { stock_deduction_timing: 'on_order' });
    }
  });
});
