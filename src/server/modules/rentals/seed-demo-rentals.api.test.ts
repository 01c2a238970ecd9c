import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemo } from '../../seed-demo';
import { rentalBookings } from './rentals.tables';
import { seedDemoRentals } from './seed-demo-rentals';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
}, 180_000);
afterAll(() => t.close());

describe('the demo rentals', () => {
  it('hold a public request, an active booking with two periods and a returned one', async () => {
    const admin = t.agent();
    await admin.signIn('admin@demo.test', t.ctx.config.demoPassword);
    const list = await admin.get('/api/rental/admin-bookings');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: number; status: string; source: string; amount_paid: string }[];
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'pending', 'returned']);
    expect(rows.find((r) => r.status === 'pending')!.source).toBe('public');

    const active = rows.find((r) => r.status === 'active')!;
    const booking = (await admin.get(`/api/rental-bookings/${active.id}`)).json().data;
    expect(booking.stock_deducted_at).not.toBeNull();
    expect(booking.additional_services['Weekly disinfection']).toMatchObject({ type: 'recurring' });
    expect(booking.rentalPayments).toEqual([expect.objectContaining({ status: 'completed' })]);
    const stock = (await admin.get(`/api/rental-bookings/${active.id}/stock-status`)).json().data;
    expect(stock.items.map((i: { period_number: number | null }) => i.period_number)).toEqual([null, 1, 2]);

    const returned = rows.find((r) => r.status === 'returned')!;
    const [row] = await t.ctx.db.select().from(rentalBookings).where(eq(rentalBookings.id, returned.id));
    expect(row!.stockDeductedAt).toBeNull();
  });

  it('is seeded once', async () => {
    expect(await seedDemoRentals(t.ctx, { userId: null })).toBe(false);
  });
});
