import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, RENTAL_MESSAGES as M, RENTAL_REQUEST_MESSAGES } from '../../../contracts/rentals';
import { createProduct, createRole, createUser } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { vats } from '../catalogue/catalogue.tables';
import { createRentalProduct, insertBooking, insertPayment } from './bookings.fixtures';
import { rentalBookings, rentalItems } from './rentals.tables';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
});
afterAll(() => t.close());

const item = (productId: number, extra: Record<string, unknown> = {}) => ({
  product_id: productId,
  quantity: 1,
  rental_duration: 30,
  rental_start_date: '2030-03-01',
  ...extra,
});

describe('who may use the booking routes (rentals.manage)', () => {
  it('answers 401 to a guest and 403 to a role without rentals.manage, and lets staff and a rentals desk in', async () => {
    const booking = await insertBooking(t.ctx.db);
    const guest = t.agent();
    await guest.visit();
    const calls = (a: Agent) => [
      a.get(`/api/rental-bookings/${booking.id}`),
      a.get('/api/rental/admin-bookings'),
      a.get('/api/rental-products?simple_list=true'),
      a.post('/admin/rental-bookings', {}),
      a.put(`/admin/rental-bookings/${booking.id}`, {}),
    ];
    for (const reply of await Promise.all(calls(guest))) expect(reply.statusCode).toBe(401);
    await createRole(t.ctx.db, 'orders-desk', ['orders.manage']);
    for (const roles of [['orders-desk'], ['customer'], ['partner']]) {
      const agent = await t.signedIn(roles);
      for (const reply of await Promise.all(calls(agent))) expect(reply.statusCode).toBe(403);
    }
    await createRole(t.ctx.db, 'rentals-desk', ['rentals.manage']);
    const desk = await t.signedIn(['rentals-desk']);
    expect((await desk.get(`/api/rental-bookings/${booking.id}`)).statusCode).toBe(200);
    const staff = await t.signedIn(['staff']);
    expect((await staff.get(`/api/rental-bookings/${booking.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a booking that does not exist', async () => {
    expect((await admin.get('/api/rental-bookings/2147483000')).statusCode).toBe(404);
    expect((await admin.get('/api/rental-bookings/abc')).statusCode).toBe(404);
    const put = await admin.put('/admin/rental-bookings/2147483000', { rental_items: [] });
    expect(put.statusCode).toBe(404);
  });
});

describe('GET /api/rental-bookings/{id}', () => {
  it('answers the booking with its items, their free units, the customer, payments and the allowed statuses', async () => {
    const product = await createRentalProduct(t.ctx.db, { name: 'Hospital bed', stockQuantity: 4 });
    const customer = await createUser(t.ctx.db, { roles: ['customer'], firstName: 'Ana', lastName: 'Lee' });
    const booking = await insertBooking(t.ctx.db, {
      userId: customer.id,
      status: 'quoted',
      items: [{ productId: product.id, productName: 'Hospital bed', quantity: 2, start: '2030-05-01' }],
    });
    // Another booking holds one unit over the same days.
    await insertBooking(t.ctx.db, { items: [{ productId: product.id, quantity: 1, start: '2030-05-10' }] });
    await insertPayment(t.ctx.db, booking.id, { amount: '15.00' });

    const reply = await admin.get(`/api/rental-bookings/${booking.id}`);
    expect(reply.statusCode).toBe(200);
    const data = reply.json().data;
    expect(reply.json().success).toBe(true);
    expect(data).toMatchObject({
      id: booking.id,
      status: 'quoted',
      product_id: product.id,
      quantity: 2,
      rental_start_date: '2030-05-01',
      rental_end_date: '2030-05-30',
      rental_period_formatted: '2030-05-01 – 2030-05-30',
      allowed_statuses: ['quoted', 'ready', 'failed', 'cancelled'],
      items_editable: false,
      customer: { id: customer.id, first_name: 'Ana', last_name: 'Lee', user_type: 'individual' },
      rentalPayments: [expect.objectContaining({ amount: '15.00', period_id: null, status: 'completed' })],
    });
    expect(data.rental_items).toEqual([
      expect.objectContaining({ product_name: 'Hospital bed', quantity: 2, available_units: 3 }),
    ]);
  });
});

describe('POST /admin/rental-bookings (create)', () => {
  it('prices the items on the server, numbers the booking and answers its id for the edit page', async () => {
    const vat = (
      await t.ctx.db.insert(vats).values({ name: 'VAT 15', type: 'percentage', rate: '15' }).returning()
    )[0]!;
    const product = await createRentalProduct(t.ctx.db, { name: 'Oxygen concentrator', vatId: vat.id });
    const customer = await createUser(t.ctx.db, {
      roles: ['customer'],
      firstName: 'Mia',
      lastName: 'Wong',
      phone: '5551234',
    });
    const reply = await admin.post('/admin/rental-bookings', {
      user_id: customer.id,
      delivery_method: 'delivery',
      delivery_address: '1 Beach Road',
      additional_services: JSON.stringify({ Setup: { amount: '15.50', type: 'next_invoice_only' } }),
      rental_items: [item(product.id, { quantity: 2, rental_duration: 45, discount: '5' })],
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({ success: true, data: { status: 'pending', status_badge: 'yellow' } });
    expect(body.data.booking_number).toMatch(/^RB-\d{4}-\d{5}$/);
    const booking = body.data.booking;
    // 20.00 × 2 × ceil(45 / 30) − 5.00 = 75.00; the total adds the 15.50 service.
    expect(booking.rental_items[0]).toMatchObject({
      daily_rate: '20.00',
      total_cost: '75.00',
      rental_end_date: '2030-04-14',
      vat_id: vat.id,
      vat_info: { name: 'VAT 15', rate: '15.0000' },
    });
    expect(booking.rental_items[0].stored_vat_amount).not.toBe('0.00');
    expect(booking).toMatchObject({
      total_estimated_cost: '90.50',
      customer_name: 'Mia Wong',
      customer_email: customer.email,
      customer_phone: '5551234',
      delivery_required: true,
    });
    expect(booking.additional_services.Setup).toMatchObject({ amount: '15.50', type: 'next_invoice_only' });
  });

  it('numbers bookings without gaps within the year', async () => {
    const product = await createRentalProduct(t.ctx.db, { stockQuantity: 10 });
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const reply = await admin.post('/admin/rental-bookings', { rental_items: [item(product.id)] });
      numbers.push(reply.json().data.booking_number);
    }
    const [a, b] = numbers.map((n) => Number.parseInt(n.slice(-5), 10));
    expect(b).toBe(a! + 1);
  });

  it('keeps a guest booking with placeholder names, and takes the rate staff set', async () => {
    const product = await createRentalProduct(t.ctx.db);
    const reply = await admin.post('/admin/rental-bookings', {
      rental_items: [item(product.id, { daily_rate: '7.25' })],
    });
    expect(reply.json().data.booking).toMatchObject({
      user_id: null,
      customer_name: 'Guest',
      customer_email: 'guest@guest.invalid',
      total_estimated_cost: '7.25',
    });
  });

  it.each([
    ['no items', { rental_items: [] }, 'rental_items', BOOKING_MESSAGES.itemsRequired],
    ['a zero quantity', { rental_items: [{ quantity: 0 }] }, 'rental_items.0.quantity', M.quantity],
    [
      'no duration',
      { rental_items: [{ rental_duration: '' }] },
      'rental_items.0.rental_duration',
      M.duration,
    ],
    [
      'a bad start date',
      { rental_items: [{ rental_start_date: '2030-02-31' }] },
      'rental_items.0.rental_start_date',
      M.startDate,
    ],
    ['active without a payment', { status: 'active' }, 'status', BOOKING_MESSAGES.activeNeedsPayment],
    [
      'cancelled without a reason',
      { status: 'cancelled' },
      'status_reason',
      BOOKING_MESSAGES.reasonCancelled,
    ],
    [
      'a bad service',
      { additional_services: '{"Setup":{"amount":"0","type":"recurring"}}' },
      'additional_services.Setup.amount',
      M.serviceAmount,
    ],
  ])('refuses %s with the spec words (422)', async (_, patch, field, message) => {
    const product = await createRentalProduct(t.ctx.db);
    const base = { rental_items: [item(product.id)] };
    const items =
      'rental_items' in patch && patch.rental_items.length
        ? [{ ...item(product.id), ...patch.rental_items[0] }]
        : 'rental_items' in patch
          ? []
          : base.rental_items;
    const reply = await admin.post('/admin/rental-bookings', { ...base, ...patch, rental_items: items });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors[field]).toContain(message);
  });

  it('refuses a product that is not for rent, a missing product and a bad pickup point', async () => {
    const plain = await createProduct(t.ctx.db);
    const reply = await admin.post('/admin/rental-bookings', {
      delivery_method: 'pickup',
      pickup_point_id: 2147483000,
      rental_items: [item(plain.id), item(2147483000)],
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors).toMatchObject({
      'rental_items.0.product_id': [RENTAL_REQUEST_MESSAGES.notRentable],
      'rental_items.1.product_id': [M.product],
      pickup_point_id: [M.pickupPoint],
    });
  });

  it('refuses an admin as the customer (403) and a missing one (422)', async () => {
    const product = await createRentalProduct(t.ctx.db);
    const other = await createUser(t.ctx.db, { roles: ['admin'] });
    const asAdmin = await admin.post('/admin/rental-bookings', {
      user_id: other.id,
      rental_items: [item(product.id)],
    });
    expect(asAdmin.statusCode).toBe(403);
    const missing = await admin.post('/admin/rental-bookings', {
      user_id: 2147483000,
      rental_items: [item(product.id)],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.user_id).toEqual(['The selected customer does not exist.']);
  });

  it('refuses more units than are free for the dates (availability)', async () => {
    const product = await createRentalProduct(t.ctx.db, { name: 'Wheelchair', stockQuantity: 2 });
    await insertBooking(t.ctx.db, { items: [{ productId: product.id, quantity: 1, start: '2030-03-15' }] });
    const reply = await admin.post('/admin/rental-bookings', {
      rental_items: [item(product.id, { quantity: 2 })],
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors['rental_items.0.quantity']).toEqual([M.notAvailable('Wheelchair', 1)]);
    // After the other booking's days the two units are free.
    const later = await admin.post('/admin/rental-bookings', {
      rental_items: [item(product.id, { quantity: 2, rental_start_date: '2030-04-20' })],
    });
    expect(later.statusCode).toBe(200);
  });
});

describe('PUT /admin/rental-bookings/{id} (through POST with _method=PUT)', () => {
  it('replaces the items of a pending booking and moves it on', async () => {
    const product = await createRentalProduct(t.ctx.db, { stockQuantity: 5 });
    const created = (
      await admin.post('/admin/rental-bookings', { rental_items: [item(product.id), item(product.id)] })
    ).json().data.booking;
    const keep = created.rental_items[0];
    const reply = await admin.post(`/admin/rental-bookings/${created.id}`, {
      _method: 'PUT',
      status: 'quoted',
      admin_notes: 'Call first',
      rental_items: [{ ...item(product.id, { quantity: 3 }), id: keep.id }],
    });
    expect(reply.statusCode).toBe(200);
    const booking = reply.json().data.booking;
    expect(booking).toMatchObject({
      status: 'quoted',
      admin_notes: 'Call first',
      total_estimated_cost: '60.00',
    });
    expect(booking.rental_items).toEqual([expect.objectContaining({ id: keep.id, quantity: 3 })]);
  });

  it('refuses changed items once the booking is no longer pending, and a transition DECISIONS 16 forbids', async () => {
    const product = await createRentalProduct(t.ctx.db);
    const booking = await insertBooking(t.ctx.db, {
      status: 'quoted',
      items: [{ productId: product.id, start: '2030-03-01' }],
    });
    const changed = await admin.put(`/admin/rental-bookings/${booking.id}`, {
      status: 'quoted',
      rental_items: [{ ...item(product.id, { quantity: 2 }), id: booking.items[0]!.id }],
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors.rental_items).toEqual([BOOKING_MESSAGES.itemsLocked]);
    const back = await admin.put(`/admin/rental-bookings/${booking.id}`, { status: 'pending' });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.status).toEqual([BOOKING_MESSAGES.transition('quoted', 'pending')]);
    const same = await admin.put(`/admin/rental-bookings/${booking.id}`, {
      status: 'ready',
      rental_items: [{ ...item(product.id), id: booking.items[0]!.id, daily_rate: '20.00' }],
    });
    expect(same.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(rentalBookings).where(eq(rentalBookings.id, booking.id));
    expect(row!.status).toBe('ready');
    const items = await t.ctx.db.select().from(rentalItems).where(eq(rentalItems.bookingId, booking.id));
    expect(items).toHaveLength(1);
  });
});

describe('GET /api/rental/admin-bookings', () => {
  it('pages 25 newest first, filters by status and searches number, name, e-mail and phone', async () => {
    const list = await t.signedIn(['admin']);
    const product = await createRentalProduct(t.ctx.db);
    const marker = `Zed${Date.now().toString(36)}`;
    const first = await insertBooking(t.ctx.db, {
      customerName: `${marker} One`,
      customerPhone: '777-0001',
      items: [{ productId: product.id }, { productId: product.id }],
      createdAt: new Date('2029-01-01T00:00:00Z'),
    });
    await insertPayment(t.ctx.db, first.id, { amount: '12.00' });
    await insertPayment(t.ctx.db, first.id, { amount: '3.00', status: 'pending' });
    await insertBooking(t.ctx.db, {
      customerName: `${marker} Two`,
      status: 'cancelled',
      createdAt: new Date('2029-01-02T00:00:00Z'),
    });
    const reply = await list.get(`/api/rental/admin-bookings?search=${marker}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ per_page: 25, current_page: 1, total: 2 });
    expect(reply.json().data.map((r: { customer_name: string }) => r.customer_name)).toEqual([
      `${marker} Two`,
      `${marker} One`,
    ]);
    expect(reply.json().data[1]).toMatchObject({
      items_count: 2,
      amount_paid: '12.00',
      total_estimated_cost: '40.00',
    });
    const byStatus = await list.get(`/api/rental/admin-bookings?search=${marker}&status=cancelled`);
    expect(byStatus.json().data).toHaveLength(1);
    const byPhone = await list.get('/api/rental/admin-bookings?search=777-0001');
    expect(byPhone.json().data.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const byNumber = await list.get(`/api/rental/admin-bookings?search=${first.bookingNumber}`);
    expect(byNumber.json().data.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const bad = await list.get('/api/rental/admin-bookings?status=lost');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual([M.status]);
  });
});

describe('GET /api/rental-products?simple_list=true', () => {
  it('lists rental products only, with their variants and rental price', async () => {
    const name = `Crutches ${Date.now().toString(36)}`;
    await createRentalProduct(t.ctx.db, {
      name,
      isVariableProduct: true,
      variants: [{ variant: 'Small', qty: 2 }],
    });
    await createProduct(t.ctx.db, { name: `${name} for sale` });
    const reply = await admin.get(`/api/rental-products?simple_list=true&search=${encodeURIComponent(name)}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual([
      expect.objectContaining({
        name,
        rental_price: '20.00',
        is_variable_product: true,
        variations: [expect.objectContaining({ variant: 'Small', qty: 2, rental_price: '20.00' })],
      }),
    ]);
  });
});
