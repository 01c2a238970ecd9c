import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoDateInZone } from '../../../domain/dates/date-format';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { insertBooking, insertPeriod, rentalProduct } from './periods.fixtures';
import { rentalPayments } from './rentals.tables';

/**
 * Simultaneous payments need several connections, which only PostgreSQL has (PGlite runs one):
 * `*.postgres.test.ts` files run in `npm run test:postgres` only (vitest.config.ts).
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
});
afterAll(() => t.close());

describe('period payments on PostgreSQL (docs/decisions/0068)', () => {
  it('never lets simultaneous payments pay more than the period costs', async () => {
    const product = await rentalProduct(t.ctx.db);
    const booking = await insertBooking(t.ctx.db, { productId: product.id });
    const today = isoDateInZone(t.ctx.now(), 'Indian/Mauritius');
    const period = await insertPeriod(t.ctx.db, booking.id, {
      startDate: today,
      endDate: addDays(today, 29),
      itemAmount: '100.00',
      productId: product.id,
    });
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.post(`/admin/api/rental-periods/${period.id}/payments`, { amount: '30.00' }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.statusCode === 422)).toHaveLength(3);
    const payments = await t.ctx.db
      .select()
      .from(rentalPayments)
      .where(eq(rentalPayments.periodId, period.id));
    expect(payments.map((p) => p.amount)).toEqual(['30.00', '30.00', '30.00']);
  });
});
