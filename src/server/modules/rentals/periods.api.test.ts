import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENTAL_PERIOD_MESSAGES as M, PERIOD_PAYMENT_MESSAGES } from '../../../contracts/rental-periods';
import { addDays, isoDateInZone } from '../../../domain/dates/date-format';
import { createRole } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { paymentMethods } from '../shop-setup/shop-setup.tables';
import { insertBooking, insertPeriod, periodRow, rentalProduct } from './periods.fixtures';
import { rentalPayments, rentalPeriodItems, rentalPeriods } from './rentals.tables';

let t: TestApp;
let admin: Agent;
let productId: number;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  productId = (await rentalProduct(t.ctx.db, '2.00')).id;
  today = isoDateInZone(t.ctx.now(), 'Indian/Mauritius');
});
afterAll(() => t.close());

const base = '/admin/api/rental-periods';

describe('who may manage rental periods (spec 3 §6)', () => {
  it('answers 401 to a guest and 403 to a customer and a partner; a role given rentals.manage gets in', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      productId,
    });
    const guest = t.agent();
    await guest.visit();
    expect((await guest.get(`${base}/booking/${booking.id}`)).statusCode).toBe(401);
    expect((await guest.post(`${base}/${period.id}/payments`, { amount: 1 })).statusCode).toBe(401);
    for (const roles of [['customer'], ['partner']]) {
      const agent = await t.signedIn(roles);
      expect((await agent.get(`${base}/booking/${booking.id}`)).statusCode).toBe(403);
      expect(
        (await agent.post(`${base}/booking/${booking.id}`, { start_date: '2026-03-01', duration_months: 1 }))
          .statusCode,
      ).toBe(403);
      expect((await agent.put(`${base}/${period.id}/status`, { status: 'returned' })).statusCode).toBe(403);
      expect((await agent.delete(`${base}/items/1`)).statusCode).toBe(403);
    }
    await createRole(t.ctx.db, 'rental-desk', ['rentals.manage']);
    const desk = await t.signedIn(['rental-desk']);
    expect((await desk.get(`${base}/booking/${booking.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a missing booking, period, item, service and payment', async () => {
    expect((await admin.get(`${base}/booking/2147483000`)).statusCode).toBe(404);
    expect(
      (await admin.post(`${base}/booking/2147483000`, { start_date: '2026-01-01', duration_months: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await admin.get(`${base}/2147483000/payment-info`)).statusCode).toBe(404);
    expect((await admin.post(`${base}/2147483000/items`, { product_id: productId })).statusCode).toBe(404);
    expect(
      (await admin.post(`${base}/2147483000/services`, { service_name: 'X', amount: 1 })).statusCode,
    ).toBe(404);
    expect((await admin.post(`${base}/2147483000/payments`, { amount: 1 })).statusCode).toBe(404);
    expect((await admin.post(`${base}/2147483000/notes`, {})).statusCode).toBe(404);
    expect((await admin.post(`${base}/2147483000/payment-link`)).statusCode).toBe(404);
    expect(
      (await admin.put(`${base}/2147483000/dates`, { start_date: '2026-01-01', duration_months: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await admin.put(`${base}/2147483000/status`, { status: 'returned' })).statusCode).toBe(404);
    expect((await admin.delete(`${base}/items/2147483000`)).statusCode).toBe(404);
    expect((await admin.delete(`${base}/services/2147483000`)).statusCode).toBe(404);
    expect((await admin.delete(`${base}/1/payments/2147483000`)).statusCode).toBe(404);
    expect((await admin.get(`${base}/booking/abc`)).statusCode).toBe(404);
  });
});

describe('the periods of a booking (GET)', () => {
  it('reads totals, paid and balance, derives payment_overdue from the shop today without writing it', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const old = addDays(today, -40);
    const first = await insertPeriod(t.ctx.db, booking.id, {
      startDate: old,
      endDate: addDays(old, 29),
      itemAmount: '100.00',
      serviceAmount: '20.00',
      paid: '50.00',
      productId,
    });
    await insertPeriod(t.ctx.db, booking.id, {
      periodNumber: 2,
      startDate: addDays(old, 30),
      endDate: addDays(old, 59),
      itemAmount: '100.00',
      paid: '100.00',
      status: 'active_paid',
      productId,
    });
    // A pending payment does not count as paid.
    await t.ctx.db.insert(rentalPayments).values({
      bookingId: booking.id,
      periodId: first.id,
      amount: '10.00',
      paymentDate: today,
      status: 'pending',
    });

    const reply = await admin.get(`${base}/booking/${booking.id}`);
    expect(reply.statusCode).toBe(200);
    const { success, data } = reply.json();
    expect(success).toBe(true);
    expect(data.next_start_date).toBe(addDays(old, 60));
    expect(data.periods).toHaveLength(2);
    expect(data.periods[0]).toMatchObject({
      id: first.id,
      period_number: 1,
      days_count: 30,
      total_amount: '120.00',
      amount_paid: '50.00',
      remaining_balance: '70.00',
      is_fully_paid: false,
      status: 'payment_overdue',
      status_text: 'Payment overdue',
      invoice_status: 'overdue',
      notes: { customer: null, admin: null },
    });
    expect(data.periods[0].status_options).toHaveLength(10);
    expect(data.periods[0].items).toHaveLength(1);
    expect(data.periods[0].services).toEqual([
      expect.objectContaining({ service_name: 'Cleaning', service_type: 'recurring', amount: '20.00' }),
    ]);
    expect(data.periods[0].payments).toHaveLength(2);
    expect(data.periods[1]).toMatchObject({
      status: 'active_paid',
      is_fully_paid: true,
      remaining_balance: '0.00',
    });
    expect(data.periods[1].status_options.map((o: { value: string }) => o.value)).toEqual([
      'active_unpaid',
      'active_paid',
      'payment_overdue',
      'returned',
      'failed',
      'cancelled',
    ]);
    // GET never changes state (DECISIONS 17).
    expect((await periodRow(t.ctx.db, first.id)).status).toBe('active_unpaid');
    expect((await periodRow(t.ctx.db, first.id)).invoiceStatus).toBe('pending');
  });

  it('answers an empty list for a booking without periods', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const { data } = (await admin.get(`${base}/booking/${booking.id}`)).json();
    expect(data).toMatchObject({ periods: [], next_start_date: null });
  });
});

describe('creating a period (spec 3 §5 Period dates)', () => {
  it('refuses a missing start date and duration with the spec words', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const reply = await admin.post(`${base}/booking/${booking.id}`, {});
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors).toMatchObject({
      start_date: [M.startDate],
      duration_months: [M.duration],
    });
    const bad = await admin.post(`${base}/booking/${booking.id}`, {
      start_date: '2026-02-30',
      duration_months: 'x',
    });
    expect(bad.json().errors).toMatchObject({ start_date: [M.startDate], duration_months: [M.duration] });
  });

  it('copies the booking items into the first period, priced for its month; a duration off the options is 1 month', async () => {
    const booking = await insertBooking(t.ctx.db, { productId, quantity: 2, dailyRate: '2.00' });
    const reply = await admin.post(`${base}/booking/${booking.id}`, {
      start_date: '2026-01-01',
      duration_months: 9,
      copy_items_from_period: true,
    });
    expect(reply.statusCode).toBe(200);
    const period = reply.json().data.period;
    expect(period).toMatchObject({
      period_number: 1,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      days_count: 31,
      status: expect.any(String),
      // A 31-day January is one billed month: 2.00 × 2 × 1 = 4.00 (decision 0068).
      total_amount: '4.00',
    });
    expect(period.items[0]).toMatchObject({ quantity: 2, daily_rate: '2.00', amount: '4.00' });
  });

  it('says there is nothing to copy from when the booking has no items and no period', async () => {
    const booking = await insertBooking(t.ctx.db, { productId, withItem: false });
    const reply = await admin.post(`${base}/booking/${booking.id}`, {
      start_date: '2026-01-01',
      duration_months: 1,
      copy_items_from_period: true,
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors.copy_items_from_period).toEqual([M.nothingToCopy]);
  });

  it('numbers the next period, starts it after the latest end, copies the previous items and inherits recurring services once', async () => {
    const booking = await insertBooking(t.ctx.db, {
      productId,
      additionalServices: {
        Insurance: {
          amount: '5.00',
          type: 'recurring',
          added_at: '2020-01-01T00:00:00Z',
          applies_to: 'all_future',
        },
        Cleaning: {
          amount: '20.00',
          type: 'recurring',
          added_at: '2020-01-01T00:00:00Z',
          applies_to: 'all_future',
        },
        Delivery: {
          amount: '15.00',
          type: 'next_invoice_only',
          added_at: '2020-01-01T00:00:00Z',
          applies_to: 'next',
        },
      },
    });
    const first = await insertPeriod(t.ctx.db, booking.id, {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      itemAmount: '3.00',
      serviceAmount: '20.00',
      productId,
    });
    const early = await admin.post(`${base}/booking/${booking.id}`, {
      start_date: '2026-01-31',
      duration_months: 1,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.start_date).toEqual([M.overlaps('2026-02-01')]);

    const reply = await admin.post(`${base}/booking/${booking.id}`, {
      start_date: '2026-02-01',
      duration_months: '2',
      copy_items_from_period: 'true',
      inherit_recurring_services: true,
    });
    expect(reply.statusCode).toBe(200);
    const second = reply.json().data.period;
    expect(second).toMatchObject({
      period_number: 2,
      start_date: '2026-02-01',
      end_date: '2026-03-31',
      days_count: 59,
    });
    // 3.00 × 1 × ceil(59 / 30) = 6.00
    expect(second.items.map((i: { amount: string }) => i.amount)).toEqual(['6.00']);
    // The previous period's Cleaning once, the booking's Insurance, and the booking's next-invoice Delivery.
    expect(
      second.services.map((s: { service_name: string; service_type: string }) => [
        s.service_name,
        s.service_type,
      ]),
    ).toEqual([
      ['Cleaning', 'recurring'],
      ['Insurance', 'recurring'],
    ]);
    expect(first.createdAt.getTime()).toBeGreaterThan(Date.parse('2020-01-01'));

    // A next-invoice service added after the latest period goes to the next one only.
    t.advance(60_000);
    const { rentalBookings } = await import('./rentals.tables');
    await t.ctx.db
      .update(rentalBookings)
      .set({
        additionalServices: {
          Delivery: {
            amount: '15.00',
            type: 'next_invoice_only',
            added_at: t.ctx.now().toISOString(),
            applies_to: 'next',
          },
        },
      })
      .where(eq(rentalBookings.id, booking.id));
    t.advance(60_000);
    const third = (
      await admin.post(`${base}/booking/${booking.id}`, { start_date: '2026-04-01', duration_months: 1 })
    ).json().data.period;
    expect(third.services).toEqual([
      expect.objectContaining({ service_name: 'Delivery', service_type: 'one_time', amount: '15.00' }),
    ]);
    expect(third.items).toEqual([]);
    t.advance(60_000);
    const fourth = (
      await admin.post(`${base}/booking/${booking.id}`, { start_date: '2026-05-01', duration_months: 1 })
    ).json().data.period;
    expect(fourth.services).toEqual([]);
  });

  it('copies a named period of the booking, and refuses one of another booking', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const source = await insertPeriod(t.ctx.db, booking.id, {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      itemAmount: '4.00',
      productId,
    });
    const other = await insertBooking(t.ctx.db, { productId });
    const foreign = await insertPeriod(t.ctx.db, other.id, {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      itemAmount: '4.00',
      productId,
    });
    const refused = await admin.post(`${base}/booking/${booking.id}`, {
      start_date: '2026-02-01',
      duration_months: 1,
      copy_items_from_period: foreign.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.copy_items_from_period).toEqual([M.previousNotFound]);
    const copied = await admin.post(`${base}/booking/${booking.id}`, {
      start_date: '2026-02-01',
      end_date: '2026-02-28',
      copy_items_from_period: source.id,
    });
    expect(copied.statusCode).toBe(200);
    expect(copied.json().data.period).toMatchObject({ end_date: '2026-02-28', total_amount: '4.00' });
  });
});

describe('items, services and notes of a period', () => {
  it('adds a product priced for the period with its VAT stored, refuses what cannot be rented, and deletes it', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: '2026-01-01',
      endDate: '2026-03-01',
      productId,
    });
    const missing = await admin.post(`${base}/${period.id}/items`, { quantity: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.product_id).toEqual([M.product]);
    const plain = await rentalProduct(t.ctx.db, '1.00', { isRentalProduct: false });
    expect(
      (await admin.post(`${base}/${period.id}/items`, { product_id: plain.id })).json().errors.product_id,
    ).toEqual([M.notRentable]);
    const reply = await admin.post(`${base}/${period.id}/items`, { product_id: productId, quantity: '3' });
    expect(reply.statusCode).toBe(200);
    const item = reply.json().data.period.items[0];
    // 2.00 × 3 × ceil(60 / 30) = 12.00, VAT 15% exclusive = 1.80
    expect(item).toMatchObject({
      quantity: 3,
      daily_rate: '2.00',
      amount: '12.00',
      stored_vat_amount: '1.80',
    });
    expect(item.vat_info.rate).toBe('15.0000');
    const removed = await admin.delete(`${base}/items/${item.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.period.items).toEqual([]);
    expect((await admin.delete(`${base}/items/${item.id}`)).statusCode).toBe(404);
  });

  it('adds services with the spec words, copies items and services of a period, deletes a service', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const source = await insertPeriod(t.ctx.db, booking.id, {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      itemAmount: '4.00',
      serviceAmount: '7.00',
      productId,
    });
    const target = await insertPeriod(t.ctx.db, booking.id, {
      periodNumber: 2,
      startDate: '2026-02-01',
      endDate: '2026-03-31',
      productId,
    });
    const bad = await admin.post(`${base}/${target.id}/services`, { service_name: ' ', amount: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      service_name: [M.serviceNameAndAmount],
      amount: [M.serviceNameAndAmount],
    });
    const added = await admin.post(`${base}/${target.id}/services`, {
      service_name: 'Setup',
      amount: '12.5',
      description: 'Once',
    });
    expect(added.json().data.period.services).toEqual([
      expect.objectContaining({
        service_name: 'Setup',
        service_type: 'one_time',
        amount: '12.50',
        description: 'Once',
      }),
    ]);
    const onlyOneTime = await admin.post(`${base}/${target.id}/copy-services`, {
      source_period_id: source.id,
      service_type: 'one_time',
    });
    expect(onlyOneTime.json().message).toBe('0 services copied.');
    const copiedServices = await admin.post(`${base}/${target.id}/copy-services`, {
      source_period_id: source.id,
      service_type: 'recurring',
    });
    expect(copiedServices.json().data.period.services).toHaveLength(2);
    const copiedItems = await admin.post(`${base}/${target.id}/copy-items`, { source_period_id: source.id });
    // 4.00 × 1 × ceil(59 / 30) = 8.00
    expect(copiedItems.json().data.period).toMatchObject({ total_amount: '27.50' });
    expect(copiedItems.json().data.period.items[0].amount).toBe('8.00');

    const other = await insertBooking(t.ctx.db, { productId });
    const foreign = await insertPeriod(t.ctx.db, other.id, {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      productId,
    });
    expect(
      (await admin.post(`${base}/${target.id}/copy-items`, { source_period_id: foreign.id })).statusCode,
    ).toBe(404);
    expect(
      (await admin.post(`${base}/${target.id}/copy-services`, { source_period_id: foreign.id })).statusCode,
    ).toBe(404);

    const serviceId = added.json().data.period.services[0].id;
    expect((await admin.delete(`${base}/services/${serviceId}`)).statusCode).toBe(200);
    expect((await admin.delete(`${base}/services/${serviceId}`)).statusCode).toBe(404);
  });

  it('saves the customer and admin notes', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      productId,
    });
    const reply = await admin.post(`${base}/${period.id}/notes`, {
      customer_note: 'Ring twice',
      admin_note: '',
    });
    expect(reply.json().data.period.notes).toEqual({ customer: 'Ring twice', admin: null });
  });
});

describe('period payments (spec 3 §5 Period payment)', () => {
  it('records a payment sent twice with one Idempotency-Key once (DECISIONS 25)', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: today,
      endDate: addDays(today, 29),
      itemAmount: '100.00',
      productId,
    });
    const headers = { 'idempotency-key': `period-pay-${period.id}` };
    const first = await admin.post(`${base}/${period.id}/payments`, { amount: '30' }, headers);
    const again = await admin.post(`${base}/${period.id}/payments`, { amount: '30' }, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await admin.post(`${base}/${period.id}/payments`, { amount: '31' }, headers);
    expect(other.statusCode).toBe(422);
    const rows = await t.ctx.db.select().from(rentalPayments).where(eq(rentalPayments.periodId, period.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses above the balance with the maximum, completes the period, then refuses any more', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: today,
      endDate: addDays(today, 29),
      itemAmount: '100.00',
      productId,
    });
    const tooMuch = await admin.post(`${base}/${period.id}/payments`, { amount: '100.01' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([PERIOD_PAYMENT_MESSAGES.tooMuch('$100.00')]);
    expect((await admin.post(`${base}/${period.id}/payments`, { amount: 0 })).json().errors.amount).toEqual([
      PERIOD_PAYMENT_MESSAGES.amountPositive,
    ]);

    const part = await admin.post(`${base}/${period.id}/payments`, { amount: '40', transaction_id: 'TX1' });
    expect(part.statusCode).toBe(200);
    expect(part.json().data.payment).toMatchObject({
      amount: '40.00',
      payment_type: 'bank_transfer',
      payment_date: today,
      status: 'completed',
    });
    expect((await admin.get(`${base}/${period.id}/payment-info`)).json().data).toEqual({
      total_amount: '100.00',
      amount_paid: '40.00',
      remaining_balance: '60.00',
      is_fully_paid: false,
    });
    const rest = await admin.post(`${base}/${period.id}/payments`, {
      amount: '60.00',
      payment_type: 'cash',
      payment_date: '2026-01-05',
    });
    expect(rest.json().data.period).toMatchObject({
      is_fully_paid: true,
      invoice_status: 'paid',
      status: 'active_paid',
    });
    const more = await admin.post(`${base}/${period.id}/payments`, { amount: '1' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(PERIOD_PAYMENT_MESSAGES.fullyPaid);

    // Deleting a payment takes the period back to unpaid.
    const paymentId = rest.json().data.payment.id;
    const deleted = await admin.delete(`${base}/${period.id}/payments/${paymentId}`);
    expect(deleted.json().data.period).toMatchObject({
      is_fully_paid: false,
      invoice_status: 'pending',
      status: 'active_unpaid',
    });
    // A payment of another period is not found through this one.
    const other = await insertPeriod(t.ctx.db, booking.id, {
      periodNumber: 2,
      startDate: addDays(today, 30),
      endDate: addDays(today, 59),
      itemAmount: '5.00',
      paid: '5.00',
      productId,
    });
    const [foreignPayment] = await t.ctx.db
      .select()
      .from(rentalPayments)
      .where(eq(rentalPayments.periodId, other.id));
    expect((await admin.delete(`${base}/${period.id}/payments/${foreignPayment!.id}`)).statusCode).toBe(404);
  });

  it('refuses a payment on a period with nothing to pay', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: today,
      endDate: addDays(today, 29),
      productId,
    });
    const reply = await admin.post(`${base}/${period.id}/payments`, { amount: 1 });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors.amount).toEqual([M.nothingDue]);
  });

  it('never lets two simultaneous payments exceed the balance', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: today,
      endDate: addDays(today, 29),
      itemAmount: '100.00',
      productId,
    });
    const replies = await Promise.all(
      [1, 2, 3].map(() => admin.post(`${base}/${period.id}/payments`, { amount: '60.00' })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    const payments = await t.ctx.db
      .select()
      .from(rentalPayments)
      .where(eq(rentalPayments.periodId, period.id));
    expect(payments.map((p) => p.amount)).toEqual(['60.00']);
  });
});

describe('dates and status of a period', () => {
  it('moves the dates (end = start + months − 1 day), reprices the items, and keeps after the previous period', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    await insertPeriod(t.ctx.db, booking.id, { startDate: '2026-01-01', endDate: '2026-01-31', productId });
    const second = await insertPeriod(t.ctx.db, booking.id, {
      periodNumber: 2,
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      productId,
    });
    await admin.post(`${base}/${second.id}/items`, { product_id: productId, quantity: 1 });
    const early = await admin.put(`${base}/${second.id}/dates`, {
      start_date: '2026-01-31',
      duration_months: 1,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.start_date).toEqual([M.overlaps('2026-02-01')]);
    const missing = await admin.put(`${base}/${second.id}/dates`, {});
    expect(missing.json().errors).toMatchObject({ start_date: [M.startDate], duration_months: [M.duration] });
    const reply = await admin.put(`${base}/${second.id}/dates`, {
      start_date: '2026-02-02',
      duration_months: 3,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.period).toMatchObject({
      start_date: '2026-02-02',
      end_date: '2026-05-01',
      days_count: 89,
    });
    // 2.00 × 1 × ceil(89 / 30) = 6.00
    expect(reply.json().data.period.items[0].amount).toBe('6.00');
    const [item] = await t.ctx.db
      .select()
      .from(rentalPeriodItems)
      .where(eq(rentalPeriodItems.periodId, second.id));
    expect(item!.amount).toBe('6.00');
  });

  it('takes only the status options of the period number', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const first = await insertPeriod(t.ctx.db, booking.id, {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      productId,
    });
    const second = await insertPeriod(t.ctx.db, booking.id, {
      periodNumber: 2,
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      productId,
    });
    expect(
      (await admin.put(`${base}/${first.id}/status`, { status: 'quoted' })).json().data.period.status,
    ).toBe('quoted');
    const refused = await admin.put(`${base}/${second.id}/status`, { status: 'quoted' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.status).toEqual([M.status]);
    expect((await admin.put(`${base}/${second.id}/status`, { status: 'nonsense' })).statusCode).toBe(422);
    expect((await admin.put(`${base}/${second.id}/status`, { status: 'returned' })).statusCode).toBe(200);
  });
});

describe('the payment link (spec 3 §7)', () => {
  it('queues an e-mail with the amount due and the bank transfer details, and marks the invoice sent', async () => {
    await t.ctx.db.insert(paymentMethods).values({
      name: 'Bank Transfer',
      code: 'bank_transfer',
      instructions: 'MCB 000 444 555, Emporium Ltd',
      status: 'enabled',
    });
    const booking = await insertBooking(t.ctx.db, { productId });
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: today,
      endDate: addDays(today, 29),
      itemAmount: '80.00',
      paid: '30.00',
      productId,
    });
    const reply = await admin.post(`${base}/${period.id}/payment-link`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.period.invoice_status).toBe('payment_link_sent');
    const dir = path.join(t.dataDir, 'mail');
    await t.runDueJobs();
    const files = (await fs.readdir(dir)).filter((f) => f.includes('ravi@example.test'));
    const raw = (await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')))).find((text) =>
      text.includes(booking.bookingNumber),
    );
    expect(raw).toBeDefined();
    expect(raw).toContain('$50.00');
    expect(raw).toContain('MCB 000 444 555');
  });

  it('refuses a fully paid period', async () => {
    const booking = await insertBooking(t.ctx.db, { productId });
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: today,
      endDate: addDays(today, 29),
      itemAmount: '80.00',
      paid: '80.00',
      productId,
    });
    const reply = await admin.post(`${base}/${period.id}/payment-link`);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(M.linkPaid);
    expect((await periodRow(t.ctx.db, period.id)).invoiceStatus).toBe('pending');
    const [row] = await t.ctx.db.select().from(rentalPeriods).where(eq(rentalPeriods.id, period.id));
    expect(row!.status).toBe('active_unpaid');
  });
});

describe('periods never book more units than the rental stock (issue 16, docs/decisions/0066)', () => {
  it('refuses a product added to a period beyond the free units, and a period that stretches a booking into units another period holds', async () => {
    const single = (await rentalProduct(t.ctx.db, '3.00', { stockQuantity: 1, name: 'Standing hoist' })).id;
    // Booking A rents the only hoist in January.
    const a = await insertBooking(t.ctx.db, { productId: single, quantity: 1, startDate: '2026-01-01' });
    // Booking B has a February period with nothing in it yet.
    const b = await insertBooking(t.ctx.db, { productId, withItem: false });
    const february = await insertPeriod(t.ctx.db, b.id, {
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      productId,
    });

    // Two hoists in February: only one exists.
    const two = await admin.post(`${base}/${february.id}/items`, { product_id: single, quantity: 2 });
    expect(two.statusCode).toBe(422);
    expect(two.json().errors.quantity).toEqual(['Only 1 of Standing hoist is free for these dates.']);
    // One is free in February (A ends in January).
    expect(
      (await admin.post(`${base}/${february.id}/items`, { product_id: single, quantity: 1 })).statusCode,
    ).toBe(200);

    // A's second month would keep the hoist through February, which B's period now holds.
    const stretch = await admin.post(`${base}/booking/${a.id}`, {
      start_date: '2026-01-31',
      duration_months: 1,
      copy_items_from_period: true,
    });
    expect(stretch.statusCode).toBe(422);
    // The message names A's item as A has it (the fixture calls every booking item "Hospital bed").
    expect(stretch.json().errors.start_date).toEqual(['Hospital bed is fully booked for these dates.']);
    const periodsOfA = await t.ctx.db.select().from(rentalPeriods).where(eq(rentalPeriods.bookingId, a.id));
    expect(periodsOfA).toHaveLength(0);
  });
});
