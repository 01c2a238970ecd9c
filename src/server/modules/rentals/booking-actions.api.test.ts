import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, RENTAL_MESSAGES as M } from '../../../contracts/rentals';
import { createRole, createUser } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { setSettings } from '../../platform/settings/settings-store';
import { products } from '../catalogue/catalogue.tables';
import { pickupPoints } from '../shop-setup/shop-setup.tables';
import { stockMovements } from '../stock/stock.tables';
import { createRentalProduct, insertBooking, insertPayment } from './bookings.fixtures';
import { rentalBookings, rentalPayments, rentalPeriodItems, rentalPeriods } from './rentals.tables';

let t: TestApp;
let admin: Agent;
let noRentals: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  await createRole(t.ctx.db, 'orders-only', ['orders.manage']);
  noRentals = await t.signedIn(['orders-only']);
});
afterAll(() => t.close());

const MISSING = 2147483000;

async function bookingRow(id: number) {
  const [row] = await t.ctx.db.select().from(rentalBookings).where(eq(rentalBookings.id, id));
  return row!;
}

async function stockOf(productId: number) {
  const [row] = await t.ctx.db
    .select({ qty: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.qty;
}

describe('the booking actions are behind rentals.manage', () => {
  it('answers 401, 403 and 404 on every action', async () => {
    const booking = await insertBooking(t.ctx.db);
    const guest = t.agent();
    await guest.visit();
    const actions = (a: Agent, id: number) => [
      a.post(`/admin/rental-bookings/${id}/delivery-method`, { delivery_method: 'delivery' }),
      a.post(`/admin/rental-bookings/${id}/delivery-address`, { delivery_address: 'x' }),
      a.post(`/admin/rental-bookings/${id}/customer`, { user_id: '' }),
      a.post(`/admin/rental-bookings/${id}/items`, { rental_items: [] }),
      a.post(`/admin/rental-bookings/${id}/service-fees`, { name: 'Setup', amount: 5 }),
      a.post(`/admin/rental-bookings/${id}/payments`, { amount: 5, payment_date: '2030-01-01' }),
      a.put(`/admin/rental-bookings/${id}/payments/${MISSING}`, { amount: 5, payment_date: '2030-01-01' }),
      a.delete(`/admin/rental-bookings/${id}/payments/${MISSING}`),
      a.post(`/api/rental/bookings/${id}/status`, { status: 'quoted' }),
      a.put(`/api/rental/bookings/${id}/status`, { status: 'quoted' }),
      a.get(`/api/rental-bookings/${id}/stock-status`),
    ];
    for (const reply of await Promise.all(actions(guest, booking.id))) expect(reply.statusCode).toBe(401);
    for (const reply of await Promise.all(actions(noRentals, booking.id))) expect(reply.statusCode).toBe(403);
    for (const reply of await Promise.all(actions(admin, MISSING))) expect(reply.statusCode).toBe(404);
  });
});

describe('delivery, address and customer', () => {
  it('switches delivery and pickup at once, with a valid pickup point', async () => {
    const booking = await insertBooking(t.ctx.db);
    const [point] = await t.ctx.db
      .insert(pickupPoints)
      .values({ name: 'Port Louis desk', address: 'Rue 1', serviceFee: '5.00' })
      .returning();
    const bad = await admin.post(`/admin/rental-bookings/${booking.id}/delivery-method`, {
      delivery_method: 'fly',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.delivery_method).toEqual([M.deliveryMethod]);
    const badPoint = await admin.post(`/admin/rental-bookings/${booking.id}/delivery-method`, {
      delivery_method: 'pickup',
      pickup_point_id: MISSING,
    });
    expect(badPoint.json().errors.pickup_point_id).toEqual([M.pickupPoint]);
    const pickup = await admin.post(`/admin/rental-bookings/${booking.id}/delivery-method`, {
      delivery_method: 'pickup',
      pickup_point_id: point!.id,
    });
    expect(pickup.statusCode).toBe(200);
    expect(pickup.json()).toMatchObject({
      success: true,
      data: { delivery_method: 'pickup', pickup_point_id: point!.id },
    });

    await admin.post(`/admin/rental-bookings/${booking.id}/delivery-method`, { delivery_method: 'delivery' });
    const empty = await admin.post(`/admin/rental-bookings/${booking.id}/delivery-address`, {
      delivery_address: '',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.delivery_address).toEqual([M.deliveryAddress]);
    const address = await admin.post(`/admin/rental-bookings/${booking.id}/delivery-address`, {
      delivery_address: '4 Quay Street',
    });
    expect(address.json().data).toMatchObject({ delivery_required: true, delivery_address: '4 Quay Street' });
  });

  it('takes a customer account and copies its name, and refuses staff (403)', async () => {
    const booking = await insertBooking(t.ctx.db);
    const customer = await createUser(t.ctx.db, { roles: ['partner'], firstName: 'Raj', lastName: 'Patel' });
    const reply = await admin.post(`/admin/rental-bookings/${booking.id}/customer`, { user_id: customer.id });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({
      user_id: customer.id,
      customer_name: 'Raj Patel',
      customer_email: customer.email,
      customer: { id: customer.id },
    });
    const staff = await createUser(t.ctx.db, { roles: ['staff'] });
    expect(
      (await admin.post(`/admin/rental-bookings/${booking.id}/customer`, { user_id: staff.id })).statusCode,
    ).toBe(403);
    const missing = await admin.post(`/admin/rental-bookings/${booking.id}/customer`, { user_id: MISSING });
    expect(missing.statusCode).toBe(422);
  });
});

describe('POST /admin/rental-bookings/{id}/items', () => {
  it('adds items to a pending booking, replaces them, and keeps the total', async () => {
    const product = await createRentalProduct(t.ctx.db, { stockQuantity: 5 });
    const booking = await insertBooking(t.ctx.db, {
      items: [{ productId: product.id, start: '2030-06-01' }],
    });
    const add = await admin.post(`/admin/rental-bookings/${booking.id}/items`, {
      rental_items: [
        { product_id: product.id, quantity: 2, rental_duration: 31, rental_start_date: '2030-06-01' },
      ],
    });
    expect(add.statusCode).toBe(200);
    // 20 + 20 × 2 × 2 = 100.
    expect(add.json().data).toMatchObject({ total_estimated_cost: '100.00' });
    expect(add.json().data.rental_items).toHaveLength(2);
    const replace = await admin.post(`/admin/rental-bookings/${booking.id}/items`, {
      replace: true,
      rental_items: [
        { product_id: product.id, quantity: 1, rental_duration: 10, rental_start_date: '2030-06-01' },
      ],
    });
    expect(replace.json().data.rental_items).toHaveLength(1);
    expect(replace.json().data.total_estimated_cost).toBe('20.00');
  });

  it('refuses units that are not free (the kept items count), and any change once not pending', async () => {
    const product = await createRentalProduct(t.ctx.db, { name: 'Hoist', stockQuantity: 2 });
    const booking = await insertBooking(t.ctx.db, {
      items: [{ productId: product.id, start: '2030-06-01' }],
    });
    const reply = await admin.post(`/admin/rental-bookings/${booking.id}/items`, {
      rental_items: [
        { product_id: product.id, quantity: 2, rental_duration: 30, rental_start_date: '2030-06-05' },
      ],
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors['rental_items.0.quantity']).toEqual([M.notAvailable('Hoist', 1)]);
    const quoted = await insertBooking(t.ctx.db, {
      status: 'quoted',
      items: [{ productId: product.id, start: '2031-01-01' }],
    });
    const locked = await admin.post(`/admin/rental-bookings/${quoted.id}/items`, {
      rental_items: [
        { product_id: product.id, quantity: 1, rental_duration: 30, rental_start_date: '2031-06-01' },
      ],
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.rental_items).toEqual([BOOKING_MESSAGES.itemsLocked]);
  });
});

describe('POST /admin/rental-bookings/{id}/service-fees', () => {
  it('adds and removes a service by name and recomputes the total', async () => {
    const product = await createRentalProduct(t.ctx.db);
    const booking = await insertBooking(t.ctx.db, { items: [{ productId: product.id }] });
    const add = await admin.post(`/admin/rental-bookings/${booking.id}/service-fees`, {
      name: 'Cleaning',
      amount: '12.50',
      applicationType: 'recurring',
      description: 'Each month',
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toEqual({
      additional_services: {
        Cleaning: expect.objectContaining({ amount: '12.50', type: 'recurring', applies_to: 'all_future' }),
      },
      total_estimated_cost: '32.50',
    });
    const remove = await admin.post(`/admin/rental-bookings/${booking.id}/service-fees`, {
      name: 'Cleaning',
      amount: '12.50',
      remove: true,
    });
    expect(remove.json().data).toEqual({ additional_services: {}, total_estimated_cost: '20.00' });
    const gone = await admin.post(`/admin/rental-bookings/${booking.id}/service-fees`, {
      name: 'Cleaning',
      amount: '1',
      remove: true,
    });
    expect(gone.statusCode).toBe(404);
  });

  it.each([
    [{ name: '', amount: 5 }, 'name', M.serviceName],
    [{ name: 'X', amount: 0 }, 'amount', M.serviceAmount],
    [{ name: 'X', amount: 5, applicationType: 'weekly' }, 'applicationType', M.serviceApplication],
  ])('refuses %o with the spec words', async (body, field, message) => {
    const booking = await insertBooking(t.ctx.db);
    const reply = await admin.post(`/admin/rental-bookings/${booking.id}/service-fees`, body);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors[field]).toEqual([message]);
  });
});

describe('booking payments', () => {
  it('adds, edits and deletes a booking-level payment; another booking’s payment is a 404', async () => {
    const booking = await insertBooking(t.ctx.db);
    const add = await admin.post(`/admin/rental-bookings/${booking.id}/payments`, {
      amount: '30.00',
      payment_date: '2030-01-05',
      transaction_id: 'TX-1',
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toMatchObject({
      amount: '30.00',
      payment_type: 'bank_transfer',
      status: 'completed',
      period_id: null,
    });
    const paymentId = add.json().data.id;
    const edit = await admin.put(`/admin/rental-bookings/${booking.id}/payments/${paymentId}`, {
      amount: '35.00',
      payment_type: 'cash',
      payment_date: '2030-01-06',
    });
    expect(edit.json().data).toMatchObject({ amount: '35.00', payment_type: 'cash' });
    const other = await insertBooking(t.ctx.db);
    expect((await admin.delete(`/admin/rental-bookings/${other.id}/payments/${paymentId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await admin.delete(`/admin/rental-bookings/${booking.id}/payments/${paymentId}`)).statusCode,
    ).toBe(200);
    const left = await t.ctx.db.select().from(rentalPayments).where(eq(rentalPayments.bookingId, booking.id));
    expect(left).toEqual([]);
  });

  it('records a payment sent twice with one Idempotency-Key once (DECISIONS 25)', async () => {
    const booking = await insertBooking(t.ctx.db);
    const body = { amount: '20.00', payment_date: '2030-01-05' };
    const headers = { 'idempotency-key': 'rental-pay-0001' };
    const first = await admin.post(`/admin/rental-bookings/${booking.id}/payments`, body, headers);
    const again = await admin.post(`/admin/rental-bookings/${booking.id}/payments`, body, headers);
    expect(again.json()).toEqual(first.json());
    const rows = await t.ctx.db.select().from(rentalPayments).where(eq(rentalPayments.bookingId, booking.id));
    expect(rows).toHaveLength(1);
  });

  it('leaves period payments to the periods (404 here) and refuses bad input with the spec words', async () => {
    const booking = await insertBooking(t.ctx.db);
    const [period] = await t.ctx.db
      .insert(rentalPeriods)
      .values({ bookingId: booking.id, periodNumber: 1, startDate: '2030-01-01', endDate: '2030-01-30' })
      .returning();
    const periodPayment = await insertPayment(t.ctx.db, booking.id, { periodId: period!.id });
    expect(
      (await admin.delete(`/admin/rental-bookings/${booking.id}/payments/${periodPayment.id}`)).statusCode,
    ).toBe(404);
    const bad = await admin.post(`/admin/rental-bookings/${booking.id}/payments`, {
      amount: 0,
      payment_type: 'barter',
      payment_date: '05/01/2030',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      amount: [M.paymentAmount],
      payment_type: [M.paymentType],
      payment_date: [M.paymentDate],
    });
  });
});

describe('status changes and stock (DECISIONS 16)', () => {
  it('walks pending → active → returned, deducting on the way out and returning at the end', async () => {
    const product = await createRentalProduct(t.ctx.db, { stockQuantity: 4 });
    const booking = await insertBooking(t.ctx.db, {
      items: [
        { productId: product.id, quantity: 2 },
        { productId: product.id, quantity: 1 },
      ],
    });
    const status = (value: string, extra: Record<string, unknown> = {}) =>
      admin.post(`/api/rental/bookings/${booking.id}/status`, { status: value, ...extra });
    expect((await status('quoted')).statusCode).toBe(200);
    expect(
      (await admin.put(`/api/rental/bookings/${booking.id}/status`, { status: 'ready' })).statusCode,
    ).toBe(200);
    const transit = await status('in_transit');
    expect(transit.json().data).toMatchObject({ status: 'in_transit', status_badge: 'indigo' });
    expect(transit.json().data.stock_deducted_at).not.toBeNull();
    expect(await stockOf(product.id)).toBe(1);

    const stock = await admin.get(`/api/rental-bookings/${booking.id}/stock-status`);
    expect(stock.json().data.items).toEqual([
      expect.objectContaining({
        product_id: product.id,
        quantity: 2,
        deducted: true,
        current_stock: 1,
        period_number: null,
      }),
      expect.objectContaining({ product_id: product.id, quantity: 1, deducted: true }),
    ]);

    const unpaid = await status('active');
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().errors.status).toEqual([BOOKING_MESSAGES.activeNeedsPayment]);
    await insertPayment(t.ctx.db, booking.id);
    expect((await status('active')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(1);
    expect((await status('returned')).json().data.stock_deducted_at).toBeNull();
    expect(await stockOf(product.id)).toBe(4);
    const moves = await t.ctx.db
      .select({ reason: stockMovements.reason, label: stockMovements.referenceLabel })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.referenceType, 'booking')));
    expect(moves.map((m) => m.reason).sort()).toEqual(['rental_deduction', 'rental_return']);
    expect(moves[0]!.label).toBe(booking.bookingNumber);
    const final = await status('cancelled', { status_reason: 'late' });
    expect(final.statusCode).toBe(422);
    expect(final.json().errors.status).toEqual([BOOKING_MESSAGES.transition('returned', 'cancelled')]);
  });

  it('needs a reason to fail or cancel, and gives back the stock of a cancelled booking', async () => {
    const product = await createRentalProduct(t.ctx.db, { stockQuantity: 3 });
    const booking = await insertBooking(t.ctx.db, {
      status: 'ready',
      items: [{ productId: product.id, quantity: 2 }],
    });
    await admin.post(`/api/rental/bookings/${booking.id}/status`, { status: 'in_transit' });
    expect(await stockOf(product.id)).toBe(1);
    const noReason = await admin.post(`/api/rental/bookings/${booking.id}/status`, { status: 'failed' });
    expect(noReason.json().errors.status_reason).toEqual([BOOKING_MESSAGES.reasonFailed]);
    const noCancelReason = await admin.post(`/api/rental/bookings/${booking.id}/status`, {
      status: 'cancelled',
    });
    expect(noCancelReason.json().errors.status_reason).toEqual([BOOKING_MESSAGES.reasonCancelled]);
    const cancelled = await admin.post(`/api/rental/bookings/${booking.id}/status`, {
      status: 'cancelled',
      status_reason: 'Customer changed plans',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      statusReason: 'Customer changed plans',
      stockDeductedAt: null,
    });
  });

  it('answers 409 when the shelf no longer holds the units, and changes nothing', async () => {
    const product = await createRentalProduct(t.ctx.db, { stockQuantity: 1 });
    const booking = await insertBooking(t.ctx.db, {
      status: 'ready',
      items: [{ productId: product.id, quantity: 2 }],
    });
    const reply = await admin.post(`/api/rental/bookings/${booking.id}/status`, { status: 'in_transit' });
    expect(reply.statusCode).toBe(409);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'ready', stockDeductedAt: null });
    expect(await stockOf(product.id)).toBe(1);
  });

  it('moves no stock while stock management is off', async () => {
    await setSettings(t.ctx.db, { stock_management_enabled: false });
    try {
      const product = await createRentalProduct(t.ctx.db, { stockQuantity: 3 });
      const booking = await insertBooking(t.ctx.db, { status: 'ready', items: [{ productId: product.id }] });
      const reply = await admin.post(`/api/rental/bookings/${booking.id}/status`, { status: 'in_transit' });
      expect(reply.json().data.stock_deducted_at).toBeNull();
      expect(await stockOf(product.id)).toBe(3);
    } finally {
      await setSettings(t.ctx.db, { stock_management_enabled: true });
    }
  });

  it('lists period items in the stock status with their period number', async () => {
    const product = await createRentalProduct(t.ctx.db);
    const booking = await insertBooking(t.ctx.db, { items: [{ productId: product.id }] });
    const [period] = await t.ctx.db
      .insert(rentalPeriods)
      .values({ bookingId: booking.id, periodNumber: 2, startDate: '2030-02-01', endDate: '2030-03-02' })
      .returning();
    await t.ctx.db.insert(rentalPeriodItems).values({
      periodId: period!.id,
      productId: product.id,
      productName: 'Period bed',
      quantity: 1,
      dailyRate: '20.00',
      amount: '20.00',
    });
    const reply = await admin.get(`/api/rental-bookings/${booking.id}/stock-status`);
    expect(reply.json().data.items).toEqual([
      expect.objectContaining({ period_number: null, deducted: false }),
      expect.objectContaining({ name: 'Period bed', period_number: 2 }),
    ]);
  });
});
