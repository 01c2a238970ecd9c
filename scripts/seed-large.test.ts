import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoDateInZone } from '../src/domain/dates/date-format';
import { type Agent, createTestApp, type TestApp } from '../src/test/test-app';
import { describeLargeShop, largeShopSizeFromArgs, seedLargeShop } from './seed-large';

/** Issue 18's large shop at a tiny scale: every table filled, and the app's own lists read it. */
const SIZE = { users: 100, products: 50, orders: 200, bookings: 10, partners: 5 };

let t: TestApp;
let admin: Agent;

let changesBefore: number;
let userChangesBefore: number;
let userChangesSeeded: number;

beforeAll(async () => {
  t = await createTestApp();
  changesBefore = await count(sql`select changes as n from row_counts where name = 'orders'`);
  userChangesBefore = await count(sql`select changes as n from row_counts where name = 'users'`);
  await seedLargeShop(t.ctx.db, SIZE);
  // Seeding twice adds nothing: every statement skips what is there.
  await seedLargeShop(t.ctx.db, SIZE);
  userChangesSeeded = await count(sql`select changes as n from row_counts where name = 'users'`);
  admin = await t.signedIn(['admin']);
});
afterAll(() => t.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.ctx.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]!.n);
}

describe('seed-large', () => {
  it('leaves the list totals right and the row-count triggers on', async () => {
    for (const [name, live] of [
      ['products', sql`select count(*) as n from products where deleted_at is null`],
      ['orders', sql`select count(*) as n from orders where deleted_at is null`],
      ['users', sql`select count(*) as n from users`],
    ] as const) {
      expect(await count(sql`select count as n from row_counts where name = ${name}`), name).toBe(
        await count(live),
      );
    }
    expect(
      await count(sql`select count(*) as n from pg_trigger
        where tgname in ('products_row_count', 'orders_row_count', 'users_row_count', 'orders_changed',
          'orders_listed_columns_changed', 'order_items_changed', 'users_changed',
          'users_listed_columns_changed', 'user_roles_changed', 'user_addresses_changed') and tgenabled = 'O'`),
    ).toBe(10);
    expect(
      await count(sql`select count(*) as n from pg_trigger where not tgisinternal and tgenabled = 'D'`),
    ).toBe(0);
    // Twice seeded, twice changed: what a process kept of the orders list (decision 0106) is read again.
    expect(await count(sql`select changes as n from row_counts where name = 'orders'`)).toBe(
      changesBefore + 2,
    );
    // And so the customers: what a process kept of a customer search (decision 0108) is read again.
    expect(userChangesSeeded).toBe(userChangesBefore + 2);
  });

  it('seeds every table of the large shop once, in the proportions of the issue', async () => {
    expect(await count(sql`select count(*) as n from products where slug like 'bulk-product-%'`)).toBe(50);
    // Two fifths variable, four variants each.
    expect(
      await count(
        sql`select count(*) as n from products where slug like 'bulk-product-%' and is_variable_product`,
      ),
    ).toBe(20);
    expect(await count(sql`select count(*) as n from orders where order_code like 'BLK-%'`)).toBe(200);
    expect(
      await count(sql`select count(*) as n from order_items i join orders o on o.id = i.order_id
        where o.order_code like 'BLK-%'`),
    ).toBe(400);
    // Paid and part-paid orders (two thirds) have their payment.
    expect(
      await count(sql`select count(*) as n from order_payments p join orders o on o.id = p.order_id
        where o.order_code like 'BLK-%'`),
    ).toBe(
      await count(sql`select count(*) as n from orders where order_code like 'BLK-%' and amount_paid > 0`),
    );
    expect(
      await count(sql`select count(*) as n from rental_bookings where booking_number like 'RB-2019-%'`),
    ).toBe(10);
    expect(
      await count(sql`select count(*) as n from rental_bookings b where b.booking_number like 'RB-2019-%'
        and (select count(*) from rental_periods p where p.booking_id = b.id) = 2
        and exists (select 1 from rental_items i where i.booking_id = b.id)
        and exists (select 1 from rental_payments x where x.booking_id = b.id)`),
    ).toBe(10);
    expect(await count(sql`select count(*) as n from credit_accounts`)).toBe(5);
    expect(await count(sql`select count(*) as n from credit_transactions`)).toBe(50);
    // Orders spread over the last year: the oldest is close to a year old.
    expect(
      await count(
        sql`select extract(day from now() - min(created_at)) as n from orders where order_code like 'BLK-%'`,
      ),
    ).toBeGreaterThan(360);
  });

  it('the app’s own lists read the seeded rows', async () => {
    const orders = await admin.get('/admin/orders?page=1&per_page=10');
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().total).toBeGreaterThanOrEqual(200);
    const filtered = await admin.get(
      '/admin/orders?search=naidoo&delivery_status=shipped&payment_status=paid',
    );
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().data.length).toBeGreaterThan(0);

    const sheet = await admin.get('/api/stock-sheet?page=1&per_page=15');
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().pagination.total).toBeGreaterThanOrEqual(50);

    const bookings = await admin.get('/api/rental/admin-bookings');
    expect(bookings.statusCode, bookings.body).toBe(200);
    expect(
      bookings.json().data.filter((b: { booking_number: string }) => b.booking_number.startsWith('RB-2019-')),
    ).toHaveLength(10);
    expect(bookings.json().data[0].amount_paid).not.toBe('0.00');

    const partners = await admin.get('/admin/api/partners?page=1');
    expect(partners.statusCode, partners.body).toBe(200);
    expect(
      partners.json().data.filter((p: { current_balance: unknown }) => p.current_balance === 550),
    ).toHaveLength(5);

    const today = isoDateInZone(new Date(), 'Indian/Mauritius');
    const dashboard = await admin.get(
      `/api/admin/dashboard?date_from=${addDays(today, -364)}&date_to=${today}`,
    );
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data.salesOverview.total_orders).toBeGreaterThan(0);
  });

  it('reads the sizes from the flags, the issue’s figures by default', () => {
    expect(largeShopSizeFromArgs(['node', 'seed-large.ts', '--orders', '5000'])).toEqual({
      users: 50_000,
      products: 50_000,
      orders: 5000,
      bookings: 5000,
      partners: 2000,
    });
    expect(describeLargeShop(SIZE)).toBe('100 users, 50 products, 200 orders, 10 bookings, 5 partners');
  });
});
