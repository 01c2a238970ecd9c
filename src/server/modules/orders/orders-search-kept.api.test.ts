import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrdersListQuery, ordersListQuery } from '../../../contracts/orders';
import { loggedDb } from '../../../test/logged-db';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import type { Db } from '../../platform/db/database';
import { KEPT_IDS, keptMatchesPage } from '../../platform/db/kept-matches';
import { orders } from './orders.tables';
import { insertOrder } from './orders-list.fixtures';
import { listOrders } from './orders-list.queries';

// A searched orders list keeps its matches per process under the orders' change count
// (docs/decisions/0106): these tests check that what it answers is always what the search would
// answer now, and that it reads only the page's rows while nothing it could see has changed.

let t: TestApp;
let staff: Agent;
let logged: { db: Db; sent: string[] };

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
  logged = loggedDb(t.database);
  for (const [i, createdAt] of ['2026-11-01', '2026-11-02', '2026-11-03'].entries()) {
    await insertOrder(t.ctx.db, {
      orderCode: `ORD-26110${i + 1}-KEPT`,
      customerLastName: 'Kepler',
      deliveryStatus: 'shipped',
      createdAt: new Date(`${createdAt}T08:00:00Z`),
    });
  }
  await insertOrder(t.ctx.db, { customerLastName: 'Other' });
});
afterAll(() => t.close());

/** The page through one handle, with the statements it sent. */
async function read(query: Partial<OrdersListQuery>) {
  logged.sent.length = 0;
  const page = await listOrders(
    logged.db,
    ordersListQuery.parse({ per_page: 10, ...query }),
    'Indian/Mauritius',
  );
  return { codes: page.data.map((o) => o.orderCode), total: page.total, statements: [...logged.sent] };
}

const changes = async () => {
  const result = (await t.database.db.execute(
    sql`select changes as n from row_counts where name = 'orders'`,
  )) as unknown as {
    rows: { n: string | number }[];
  };
  return Number(result.rows[0]!.n);
};

const searchedAgain = (statements: string[]) =>
  statements.some((s) => /string_agg|count\(\*\) over \(\)/.test(s));

describe('a searched orders list kept under the orders change count', () => {
  it('answers the same search again, and its other pages, from the kept matches', async () => {
    const first = await read({ search: 'kepler' });
    expect(first).toMatchObject({
      codes: ['ORD-261103-KEPT', 'ORD-261102-KEPT', 'ORD-261101-KEPT'],
      total: 3,
    });
    expect(searchedAgain(first.statements)).toBe(true);
    const again = await read({ search: 'kepler' });
    expect(again.codes).toEqual(first.codes);
    // The change count, then the page's rows: the search is not run again.
    expect(again.statements).toHaveLength(2);
    expect(searchedAgain(again.statements)).toBe(false);
    const second = await read({
      search: 'kepler',
      per_page: 10,
      page: 1,
      sort: 'order_code',
      direction: 'asc',
    });
    expect(second.codes).toEqual(['ORD-261101-KEPT', 'ORD-261102-KEPT', 'ORD-261103-KEPT']);
    expect(searchedAgain(second.statements)).toBe(true);
    const pageTwo = await read({
      search: 'kepler',
      per_page: 10,
      page: 2,
      sort: 'order_code',
      direction: 'asc',
    });
    expect(pageTwo).toMatchObject({ codes: [], total: 3 });
    expect(searchedAgain(pageTwo.statements)).toBe(false);
  });

  it('searches again once an order is added, changes status, is renamed or deleted', async () => {
    await read({ search: 'kepler', delivery_status: 'shipped' });
    const before = await changes();
    const added = await insertOrder(t.ctx.db, {
      orderCode: 'ORD-261104-KEPT',
      customerLastName: 'Kepler',
      deliveryStatus: 'shipped',
      createdAt: new Date('2026-11-04T08:00:00Z'),
    });
    expect(await changes()).toBe(before + 1);
    let now = await read({ search: 'kepler', delivery_status: 'shipped' });
    expect(now.codes[0]).toBe('ORD-261104-KEPT');
    expect(now.total).toBe(4);
    expect(searchedAgain(now.statements)).toBe(true);

    await t.ctx.db.update(orders).set({ deliveryStatus: 'delivered' }).where(eq(orders.id, added.id));
    now = await read({ search: 'kepler', delivery_status: 'shipped' });
    expect(now.total).toBe(3);
    expect(now.codes).not.toContain('ORD-261104-KEPT');

    await t.ctx.db
      .update(orders)
      .set({ customerLastName: 'Renamed' })
      .where(eq(orders.orderCode, 'ORD-261103-KEPT'));
    now = await read({ search: 'kepler', delivery_status: 'shipped' });
    expect(now.codes).toEqual(['ORD-261102-KEPT', 'ORD-261101-KEPT']);

    await t.ctx.db
      .update(orders)
      .set({ deletedAt: new Date() })
      .where(eq(orders.orderCode, 'ORD-261102-KEPT'));
    now = await read({ search: 'kepler', delivery_status: 'shipped' });
    expect(now).toMatchObject({ codes: ['ORD-261101-KEPT'], total: 1 });
  });

  it('keeps the matches through a payment or a rolled-back write, and shows each row as it is now', async () => {
    const first = await read({ search: 'kepler' });
    const before = await changes();
    await t.ctx.db.update(orders).set({ amountPaid: '42.00' }).where(eq(orders.orderCode, 'ORD-261101-KEPT'));
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await insertOrder(tx, { customerLastName: 'Kepler' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await changes()).toBe(before);
    const again = await read({ search: 'kepler' });
    expect(again.codes).toEqual(first.codes);
    expect(searchedAgain(again.statements)).toBe(false);
    const page = await listOrders(logged.db, ordersListQuery.parse({ search: 'kepler' }), 'Indian/Mauritius');
    expect(page.data.find((o) => o.orderCode === 'ORD-261101-KEPT')?.amountPaid).toBe('42.00');
  });

  it('answers the list route with what the search finds after each change', async () => {
    const codes = async () =>
      (
        (await staff.get('/admin/orders?search=kepler&sort=order_code&direction=asc')).json() as {
          data: { order_code: string }[];
        }
      ).data.map((o) => o.order_code);
    const before = await codes();
    expect(await codes()).toEqual(before);
    await insertOrder(t.ctx.db, { orderCode: 'ORD-261109-KEPT', customerLastName: 'Kepler' });
    expect(await codes()).toEqual([...before, 'ORD-261109-KEPT'].sort());
  });

  it('keeps nothing inside a transaction, which sees its own writes before they are counted', async () => {
    await t.database.db.transaction(async (tx) => {
      const kept = await keptMatchesPage(tx, 'orders', 'in a transaction', 10, 0, async () => ({
        ids: [1],
        total: 1,
      }));
      expect(kept).toBeNull();
    });
  });

  it('reads a page past the kept ids as before, and forgets the least recently read search first', async () => {
    const db = loggedDb(t.database).db;
    let searches = 0;
    const many = async (limit: number) => {
      searches += 1;
      return { ids: Array.from({ length: limit }, (_, i) => i + 1), total: KEPT_IDS + 5 };
    };
    expect(await keptMatchesPage(db, 'orders', 'many', 10, KEPT_IDS - 10, many)).toEqual({
      ids: Array.from({ length: 10 }, (_, i) => KEPT_IDS - 9 + i),
      total: KEPT_IDS + 5,
    });
    expect(await keptMatchesPage(db, 'orders', 'many', 10, KEPT_IDS, many)).toBeNull();
    expect(searches).toBe(1);
    const one = async () => {
      searches += 1;
      return { ids: [7], total: 1 };
    };
    for (let i = 0; i < 100; i += 1) await keptMatchesPage(db, 'orders', `other ${i}`, 10, 0, one);
    expect(searches).toBe(101);
    // 'many' was read least recently of the 101: it was forgotten, 'other 99' was not.
    await keptMatchesPage(db, 'orders', 'other 99', 10, 0, one);
    expect(searches).toBe(101);
    await keptMatchesPage(db, 'orders', 'many', 10, 0, many);
    expect(searches).toBe(102);
  });
});
