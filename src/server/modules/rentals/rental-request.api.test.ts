import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RENTAL_MESSAGES as M, RENTAL_REQUEST_MESSAGES as R } from '../../../contracts/rentals';
import { isoDateInZone } from '../../../domain/dates/date-format';
import { createProduct } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { getSettings, setSettings } from '../../platform/settings/settings-store';
import { pickupPoints } from '../shop-setup/shop-setup.tables';
import { createRentalProduct, insertBooking } from './bookings.fixtures';
import { rentalBookings, rentalItems } from './rentals.tables';

let t: TestApp;
let guest: Agent;
let today: string;
let pointId: number;

beforeAll(async () => {
  t = await createTestApp();
  await setSettings(t.ctx.db, { admin_email: 'rentals-desk@example.test', smtp_host: '' });
  const { app_timezone } = await getSettings(t.ctx.db, ['app_timezone']);
  today = isoDateInZone(t.ctx.now(), app_timezone);
  const [point] = await t.ctx.db
    .insert(pickupPoints)
    .values({ name: 'Harbour desk', address: 'Quay 2', serviceFee: '4.50' })
    .returning();
  pointId = point!.id;
});
afterAll(() => t.close());

beforeEach(async () => {
  guest = t.agent();
  await guest.visit();
  // Each test starts with the visitor's allowance (inject answers from 127.0.0.1).
  for (const window of ['minute', 'hour'])
    await t.ctx.rateLimits.clear(`rental-request:ip:127.0.0.1:${window}`);
});

const mailDir = () => path.join(t.dataDir, 'mail');
async function mails(): Promise<string[]> {
  const names = (await fs.readdir(mailDir()).catch(() => [] as string[])).sort();
  const raw = await Promise.all(names.map((name) => fs.readFile(path.join(mailDir(), name), 'utf8')));
  return raw.map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

const request = (productId: number, extra: Record<string, unknown> = {}) => ({
  product_id: productId,
  name: 'Lina Park',
  email: 'Lina@Example.test',
  phone: '+230 5555 0000',
  start_date: today,
  quantity: 1,
  rental_months: 2,
  delivery_method: 'pickup',
  pickup_point_id: pointId,
  ...extra,
});

describe('GET /api/rental/product-info/{id}', () => {
  it('answers the rental price, free units, the bound of the quantity and the pickup points, to a guest', async () => {
    const product = await createRentalProduct(t.ctx.db, { name: 'Walker', stockQuantity: 3 });
    await insertBooking(t.ctx.db, { items: [{ productId: product.id, quantity: 1, start: today }] });
    const reply = await guest.get(`/api/rental/product-info/${product.id}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({
      name: 'Walker',
      rental_price: '20.00',
      // The shop's date, in its time zone: the dialog's earliest start.
      today,
      free_units: 2,
      max_quantity: 2,
      variants: [],
      pickup_points: [expect.objectContaining({ id: pointId, name: 'Harbour desk', service_fee: '4.50' })],
    });
  });

  it('caps the quantity at 10 and lists variants with their free units', async () => {
    const product = await createRentalProduct(t.ctx.db, {
      variants: [
        { variant: 'Large', qty: 30 },
        { variant: 'Small', qty: 1 },
      ],
    });
    const data = (await guest.get(`/api/rental/product-info/${product.id}?rental_months=3`)).json().data;
    expect(data.variants).toEqual([
      expect.objectContaining({ variant: 'Large', free_units: 30, max_quantity: 10, rental_price: '20.00' }),
      expect.objectContaining({ variant: 'Small', free_units: 1, max_quantity: 1 }),
    ]);
  });

  it('answers 404 for a product that is not for rent or does not exist', async () => {
    const plain = await createProduct(t.ctx.db);
    expect((await guest.get(`/api/rental/product-info/${plain.id}`)).statusCode).toBe(404);
    expect((await guest.get('/api/rental/product-info/2147483000')).statusCode).toBe(404);
  });

  it('hides a rental product the shop does not show the visitor (spec 2 §6): info, cost and request are 404', async () => {
    const partnersOnly = await createRentalProduct(t.ctx.db, { shopVisibility: ['partner'] });
    expect((await guest.get(`/api/rental/product-info/${partnersOnly.id}`)).statusCode).toBe(404);
    expect(
      (
        await guest.post('/api/rental/calculate-cost', {
          product_id: partnersOnly.id,
          quantity: 1,
          rental_months: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await guest.post('/api/rental/submit-booking', request(partnersOnly.id))).statusCode).toBe(404);
    const partner = await t.signedIn(['partner']);
    expect((await partner.get(`/api/rental/product-info/${partnersOnly.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/rental/calculate-cost', () => {
  it('prices months before days, in the default currency', async () => {
    const product = await createRentalProduct(t.ctx.db, { rentalPrice: '1250.00' });
    const months = await guest.post('/api/rental/calculate-cost', {
      product_id: product.id,
      quantity: 2,
      rental_duration: 10,
      rental_months: 3,
    });
    expect(months.statusCode).toBe(200);
    expect(months.json().data).toMatchObject({ base_cost: '7500.00', formatted_cost: '$7,500.00' });
    const days = await guest.post('/api/rental/calculate-cost', {
      product_id: product.id,
      quantity: 1,
      rental_duration: 31,
    });
    expect(days.json().data.base_cost).toBe('2500.00');
  });

  it('refuses a bad quantity, a product not for rent and a missing one', async () => {
    const plain = await createProduct(t.ctx.db);
    const bad = await guest.post('/api/rental/calculate-cost', { product_id: plain.id, quantity: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.quantity).toEqual([M.quantity]);
    const notRentable = await guest.post('/api/rental/calculate-cost', { product_id: plain.id, quantity: 1 });
    expect(notRentable.statusCode).toBe(422);
    expect(notRentable.json().errors.product_id).toEqual([R.notRentable]);
    expect(
      (await guest.post('/api/rental/calculate-cost', { product_id: 2147483000, quantity: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/rental/submit-booking', () => {
  it('makes a pending public booking for months × 30 days and queues both e-mails', async () => {
    await fs.rm(mailDir(), { recursive: true, force: true });
    const product = await createRentalProduct(t.ctx.db, { name: 'Shower chair' });
    const reply = await guest.post(
      '/api/rental/submit-booking',
      request(product.id, { quantity: 2, notes: 'Ring twice' }),
    );
    expect(reply.statusCode).toBe(200);
    const number = reply.json().booking_number;
    expect(number).toMatch(/^RB-\d{4}-\d{5}$/);
    const [booking] = await t.ctx.db
      .select()
      .from(rentalBookings)
      .where(eq(rentalBookings.bookingNumber, number));
    expect(booking).toMatchObject({
      status: 'pending',
      source: 'public',
      userId: null,
      customerName: 'Lina Park',
      customerEmail: 'lina@example.test',
      customerPhone: '+230 5555 0000',
      customerNotes: 'Ring twice',
      deliveryMethod: 'pickup',
      pickupPointId: pointId,
      // 20 × 2 × 2 months + the pickup point's 4.50.
      totalEstimatedCost: '84.50',
    });
    const [item] = await t.ctx.db.select().from(rentalItems).where(eq(rentalItems.bookingId, booking!.id));
    expect(item).toMatchObject({
      quantity: 2,
      rentalDuration: 60,
      rentalStartDate: today,
      pickupCost: '4.50',
    });

    await t.runDueJobs();
    const sent = await mails();
    expect(sent.some((m) => m.includes('To: lina@example.test') && m.includes(number))).toBe(true);
    expect(sent.some((m) => m.includes('To: rentals-desk@example.test') && m.includes('Shower chair'))).toBe(
      true,
    );
  });

  it('links the booking to a signed-in customer, never to staff', async () => {
    const product = await createRentalProduct(t.ctx.db, { stockQuantity: 5 });
    const customer = await t.signedIn(['customer']);
    const mine = await customer.post('/api/rental/submit-booking', request(product.id));
    const [row] = await t.ctx.db
      .select()
      .from(rentalBookings)
      .where(eq(rentalBookings.bookingNumber, mine.json().booking_number));
    expect(row!.userId).toBe(customer.user.id);
    const staff = await t.signedIn(['staff']);
    const theirs = await staff.post('/api/rental/submit-booking', request(product.id));
    const [other] = await t.ctx.db
      .select()
      .from(rentalBookings)
      .where(eq(rentalBookings.bookingNumber, theirs.json().booking_number));
    expect(other!.userId).toBeNull();
  });

  it.each([
    [{ name: '' }, 'name', R.name],
    [{ email: '' }, 'email', R.emailRequired],
    [{ email: 'not-mail' }, 'email', R.email],
    [{ phone: '' }, 'phone', R.phone],
    [{ start_date: '2000-01-01' }, 'start_date', R.startDate],
    [{ rental_months: 13 }, 'rental_months', R.months],
    [{ delivery_method: '' }, 'delivery_method', R.deliveryMethod],
    [{ delivery_method: 'delivery' }, 'delivery_address', R.deliveryAddress],
    [{ pickup_point_id: 2147483000 }, 'pickup_point_id', R.pickupPoint],
    [{ quantity: 11 }, 'quantity', R.quantity(3)],
    [{ quantity: 0 }, 'quantity', R.quantity(10)],
  ])('refuses %o with the spec words (422)', async (patch, field, message) => {
    const product = await createRentalProduct(t.ctx.db, { name: 'Bed', stockQuantity: 3 });
    const reply = await guest.post('/api/rental/submit-booking', request(product.id, patch));
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors[field]).toEqual([message]);
  });

  it('refuses a product that is not for rent and units that are not free', async () => {
    const plain = await createProduct(t.ctx.db);
    const notRentable = await guest.post('/api/rental/submit-booking', request(plain.id));
    expect(notRentable.json().errors.product_id).toEqual([R.notRentable]);
    const product = await createRentalProduct(t.ctx.db, { name: 'Scooter', stockQuantity: 1 });
    await insertBooking(t.ctx.db, { items: [{ productId: product.id, start: today }] });
    const full = await guest.post('/api/rental/submit-booking', request(product.id));
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.quantity).toEqual([M.notAvailable('Scooter', 0)]);
  });

  it('needs a variant of a variable product, and books that variant', async () => {
    const product = await createRentalProduct(t.ctx.db, { variants: [{ variant: 'Tall', qty: 2 }] });
    const none = await guest.post('/api/rental/submit-booking', request(product.id));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.product_stock_id).toEqual(['Please choose a variant.']);
    const tall = await guest.post(
      '/api/rental/submit-booking',
      request(product.id, { product_stock_id: product.variants[0]!.id, quantity: 2 }),
    );
    expect(tall.statusCode).toBe(200);
  });

  it('limits each visitor like the contact form (429)', async () => {
    const product = await createRentalProduct(t.ctx.db, { stockQuantity: 10 });
    for (let i = 0; i < 3; i++)
      expect((await guest.post('/api/rental/submit-booking', request(product.id))).statusCode).toBe(200);
    const refused = await guest.post('/api/rental/submit-booking', request(product.id));
    expect(refused.statusCode).toBe(429);
  });
});
