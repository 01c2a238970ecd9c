import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENTAL_DEPOSIT_MESSAGES as D } from '../../../contracts/rental-periods';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { insertBooking, rentalProduct } from './periods.fixtures';

let t: TestApp;
let admin: Agent;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  productId = (await rentalProduct(t.ctx.db)).id;
});
afterAll(() => t.close());

const base = '/admin/api/rental-deposits';

describe('who may manage deposits (spec 3 §6)', () => {
  it('answers 401 to a guest, 403 to a customer, 404 for a missing booking or deposit', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const guest = t.agent();
    await guest.visit();
    expect((await guest.get(`${base}/booking/${booking.id}`)).statusCode).toBe(401);
    expect((await guest.post(`${base}/booking/${booking.id}`, { amount: 10 })).statusCode).toBe(401);
    const customer = await t.signedIn(['customer']);
    expect((await customer.get(`${base}/booking/${booking.id}`)).statusCode).toBe(403);
    expect((await customer.post(`${base}/booking/${booking.id}`, { amount: 10 })).statusCode).toBe(403);
    expect((await customer.put(`${base}/1/collect`, {})).statusCode).toBe(403);
    expect((await admin.get(`${base}/booking/2147483000`)).statusCode).toBe(404);
    expect((await admin.post(`${base}/booking/2147483000`, { amount: 10 })).statusCode).toBe(404);
    expect((await admin.put(`${base}/2147483000/collect`, {})).statusCode).toBe(404);
    expect((await admin.put(`${base}/2147483000/refund`, { refund_amount: 1 })).statusCode).toBe(404);
    expect((await admin.put(`${base}/2147483000/forfeit`, { forfeit_reason: 'x' })).statusCode).toBe(404);
  });
});

describe('a booking deposit (spec 3 §4 Deposit status)', () => {
  it('is set once, collected, refunded up to what was collected, and final after', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    expect((await admin.get(`${base}/booking/${booking.id}`)).json().data).toEqual({
      deposit: null,
      has_deposit: false,
    });

    const zero = await admin.post(`${base}/booking/${booking.id}`, { amount: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount).toEqual([D.amount]);

    const set = await admin.post(`${base}/booking/${booking.id}`, { amount: '200', notes: 'Bed and hoist' });
    expect(set.statusCode).toBe(200);
    const deposit = set.json().data.deposit;
    expect(deposit).toMatchObject({
      amount: '200.00',
      notes: 'Bed and hoist',
      status: 'not_set',
      refundable_amount: '0.00',
    });
    const again = await admin.post(`${base}/booking/${booking.id}`, { amount: '50' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(D.exists);

    const early = await admin.put(`${base}/${deposit.id}/refund`, { refund_amount: 10 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(D.transition('not set', 'refund'));

    const tooMuch = await admin.put(`${base}/${deposit.id}/collect`, { amount: '200.01' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([D.collectTooMuch('$200.00')]);
    const collected = await admin.put(`${base}/${deposit.id}/collect`, {
      amount: '150',
      admin_notes: 'Cash',
    });
    expect(collected.json().data.deposit).toMatchObject({
      status: 'collected',
      collected_amount: '150.00',
      refundable_amount: '150.00',
      admin_notes: 'Cash',
    });
    expect((await admin.put(`${base}/${deposit.id}/collect`, {})).statusCode).toBe(409);

    const over = await admin.put(`${base}/${deposit.id}/refund`, { refund_amount: '150.01' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.refund_amount).toEqual([D.refundTooMuch('$150.00')]);
    const refunded = await admin.put(`${base}/${deposit.id}/refund`, {
      refund_amount: '120',
      refund_reason: 'Scratch',
    });
    expect(refunded.json().data.deposit).toMatchObject({
      status: 'refunded',
      refunded_amount: '120.00',
      refund_reason: 'Scratch',
      refundable_amount: '0.00',
    });
    const forfeit = await admin.put(`${base}/${deposit.id}/forfeit`, { forfeit_reason: 'Damage' });
    expect(forfeit.statusCode).toBe(409);
    expect(forfeit.json().message).toBe(D.transition('refunded', 'forfeit'));
    expect((await admin.get(`${base}/booking/${booking.id}`)).json().data).toMatchObject({
      has_deposit: true,
      deposit: { status: 'refunded' },
    });
  });

  it('collects the deposit amount by default and forfeits it with a reason', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const deposit = (await admin.post(`${base}/booking/${booking.id}`, { amount: '80.50' })).json().data
      .deposit;
    expect((await admin.put(`${base}/${deposit.id}/collect`, {})).json().data.deposit.collected_amount).toBe(
      '80.50',
    );
    const noReason = await admin.put(`${base}/${deposit.id}/forfeit`, { forfeit_reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.forfeit_reason).toEqual([D.reasonRequired]);
    const forfeited = await admin.put(`${base}/${deposit.id}/forfeit`, { forfeit_reason: 'Not returned' });
    expect(forfeited.json().data.deposit).toMatchObject({
      status: 'forfeited',
      forfeit_reason: 'Not returned',
    });
  });
});
