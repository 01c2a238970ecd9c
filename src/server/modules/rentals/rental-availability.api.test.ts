import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENTAL_MESSAGES as M } from '../../../contracts/rentals';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { createRentalProduct, insertBooking } from './bookings.fixtures';
import { rentalItems, rentalPeriods } from './rentals.tables';

/**
 * The issue's hard rule (docs/decisions/0066): booked units never exceed the rental stock, also
 * when two bookings of the last unit arrive at once. Runs on PGlite and, with test:postgres, on
 * PostgreSQL, where the two transactions really overlap and the products' row lock decides.
 */
let t: TestApp;
let desks: Agent[];

beforeAll(async () => {
  t = await createTestApp();
  desks = [await t.signedIn(['admin']), await t.signedIn(['staff'])];
});
afterAll(() => t.close());

const booking = (productId: number, start = '2030-09-01') => ({
  rental_items: [{ product_id: productId, quantity: 1, rental_duration: 30, rental_start_date: start }],
});

async function bookedUnits(productId: number) {
  return (await t.ctx.db.select().from(rentalItems).where(eq(rentalItems.productId, productId))).length;
}

describe('two bookings of the last unit at once', () => {
  it('lets exactly one of two admin saves through', async () => {
    const product = await createRentalProduct(t.ctx.db, { name: 'Last bed', stockQuantity: 1 });
    const replies = await Promise.all(
      desks.map((d) => d.post('/admin/rental-bookings', booking(product.id))),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = replies.find((r) => r.statusCode === 422)!;
    expect(refused.json().errors['rental_items.0.quantity']).toEqual([M.notAvailable('Last bed', 0)]);
    expect(await bookedUnits(product.id)).toBe(1);
  });

  it('lets exactly one of two public requests through', async () => {
    const product = await createRentalProduct(t.ctx.db, { name: 'Last chair', stockQuantity: 1 });
    const visitors = [t.agent(), t.agent()];
    for (const v of visitors) await v.visit();
    const request = {
      product_id: product.id,
      name: 'Visitor',
      email: 'visitor@example.test',
      phone: '123',
      start_date: '2030-09-01',
      quantity: 1,
      rental_months: 1,
      delivery_method: 'delivery',
      delivery_address: 'Somewhere 1',
    };
    const replies = await Promise.all(visitors.map((v) => v.post('/api/rental/submit-booking', request)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await bookedUnits(product.id)).toBe(1);
  });
});

describe('what holds a unit', () => {
  it('counts a booking until its last period ends, and frees units of returned and cancelled bookings', async () => {
    const product = await createRentalProduct(t.ctx.db, { name: 'Long bed', stockQuantity: 1 });
    const held = await insertBooking(t.ctx.db, {
      status: 'active',
      items: [{ productId: product.id, start: '2030-01-01', duration: 30 }],
    });
    await t.ctx.db
      .insert(rentalPeriods)
      .values({ bookingId: held.id, periodNumber: 2, startDate: '2030-01-31', endDate: '2030-03-01' });
    const during = await desks[0]!.post('/admin/rental-bookings', booking(product.id, '2030-02-15'));
    expect(during.statusCode).toBe(422);
    const after = await desks[0]!.post('/admin/rental-bookings', booking(product.id, '2030-03-02'));
    expect(after.statusCode).toBe(200);

    const other = await createRentalProduct(t.ctx.db, { stockQuantity: 1 });
    await insertBooking(t.ctx.db, {
      status: 'returned',
      items: [{ productId: other.id, start: '2030-09-01' }],
    });
    await insertBooking(t.ctx.db, {
      status: 'cancelled',
      items: [{ productId: other.id, start: '2030-09-01' }],
    });
    expect((await desks[0]!.post('/admin/rental-bookings', booking(other.id))).statusCode).toBe(200);
  });

  it('counts the units out on a deducted booking as rental stock', async () => {
    // One unit on the shelf and one out on a booking: two units to rent over time.
    const product = await createRentalProduct(t.ctx.db, { stockQuantity: 1 });
    await insertBooking(t.ctx.db, {
      status: 'active',
      stockDeductedAt: new Date(),
      items: [{ productId: product.id, start: '2030-01-01', duration: 30 }],
    });
    expect(
      (await desks[0]!.post('/admin/rental-bookings', booking(product.id, '2030-01-10'))).statusCode,
    ).toBe(200);
    expect(
      (await desks[0]!.post('/admin/rental-bookings', booking(product.id, '2030-01-20'))).statusCode,
    ).toBe(422);
    expect(
      (await desks[0]!.post('/admin/rental-bookings', booking(product.id, '2030-02-15'))).statusCode,
    ).toBe(200);
  });
});
