import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrdersListQuery, ordersListQuery } from '../../../contracts/orders';
import { loggedDb } from '../../../test/logged-db';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import type { Db } from '../../platform/db/database';
import { changesScope, KEPT_IDS, keptMatchesPage } from '../../platform/db/kept-by-changes';
import { orderItems, orders } from './orders.tables';
import { insertOrder } from './orders-list.fixtures';
import { listOrders } from './orders-list.queries';

// The orders list keeps its pages and a search's matches per process under the orders' change count
// (docs/decisions/0106): these tests check that what it answers is always what a read would answer
// now, and that it reads nothing more while nothing the list shows has changed.

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

describe('the orders list kept under the orders change count', () => {
  it("answers the same page again from what it kept, and a search's next page from its kept matches", async () => {
    const first = await read({ search: 'kepler' });
    expect(first).toMatchObject({
      codes: ['ORD-261103-KEPT', 'ORD-261102-KEPT', 'ORD-261101-KEPT'],
      total: 3,
    });
    expect(first.statements[0]).toMatch(/"changes" from "row_counts"/);
    expect(searchedAgain(first.statements)).toBe(true);
    const again = await read({ search: 'kepler' });
    expect(again.codes).toEqual(first.codes);
    // The change count alone: the page is kept.
    expect(again.statements).toHaveLength(1);
    // Another page of the kept search: its rows, not the search.
    const pageTwo = await read({ search: 'kepler', per_page: 10, page: 2 });
    expect(pageTwo).toMatchObject({ codes: [], total: 3 });
    expect(searchedAgain(pageTwo.statements)).toBe(false);
    const sorted = await read({ search: 'kepler', sort: 'order_code', direction: 'asc' });
    expect(sorted.codes).toEqual(['ORD-261101-KEPT', 'ORD-261102-KEPT', 'ORD-261103-KEPT']);
    expect(searchedAgain(sorted.statements)).toBe(true);
    // The whole list's page likewise.
    const whole = await read({});
    expect(whole.statements).toHaveLength(2);
    expect((await read({})).statements).toHaveLength(1);
    // The count read with the session (the route's side read) leaves nothing to read at all.
    logged.sent.length = 0;
    const known = String(await changes());
    const page = await listOrders(
      logged.db,
      ordersListQuery.parse({ per_page: 10 }),
      'Indian/Mauritius',
      known,
    );
    expect(page.data.map((o) => o.orderCode)).toEqual(whole.codes);
    expect(logged.sent).toHaveLength(0);
  });

  it('reads again once an order is added, changes status, is renamed, paid, gets an item or is deleted', async () => {
    await read({ search: 'kepler', delivery_status: 'shipped' });
    const before = await changes();
    const added = await insertOrder(t.ctx.db, {
      orderCode: 'ORD-261104-KEPT',
      customerLastName: 'Kepler',
      deliveryStatus: 'shipped',
      createdAt: new Date('2026-11-04T08:00:00Z'),
    });
    // The order and its item, each counted.
    expect(await changes()).toBe(before + 2);
    let now = await read({ search: 'kepler', delivery_status: 'shipped' });
    expect(now.codes[0]).toBe('ORD-261104-KEPT');
    expect(now.total).toBe(4);
    expect(searchedAgain(now.statements)).toBe(true);

    await t.ctx.db.update(orders).set({ amountPaid: '42.00' }).where(eq(orders.id, added.id));
    const paid = await listOrders(
      logged.db,
      ordersListQuery.parse({ search: 'kepler', delivery_status: 'shipped' }),
      'Indian/Mauritius',
    );
    expect(paid.data.find((o) => o.orderCode === 'ORD-261104-KEPT')?.amountPaid).toBe('42.00');

    await t.ctx.db.insert(orderItems).values({
      orderId: added.id,
      productName: 'Second item',
      quantity: 1,
      price: '1.00',
      lineTotal: '1.00',
      position: 1,
    });
    const items = await listOrders(
      logged.db,
      ordersListQuery.parse({ search: 'kepler', delivery_status: 'shipped' }),
      'Indian/Mauritius',
    );
    expect(items.data.find((o) => o.orderCode === 'ORD-261104-KEPT')?.itemsCount).toBe(2);

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

  it('keeps what it read through a change the list does not show and a rolled-back write', async () => {
    const first = await read({ search: 'kepler' });
    const before = await changes();
    await t.ctx.db
      .update(orders)
      .set({ customerPhone: '+230 5123 4567', additionalInfo: 'Ring twice' })
      .where(eq(orders.orderCode, 'ORD-261101-KEPT'));
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await insertOrder(tx, { customerLastName: 'Kepler' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await changes()).toBe(before);
    const again = await read({ search: 'kepler' });
    expect(again.codes).toEqual(first.codes);
    expect(again.statements).toHaveLength(1);
  });

  it('answers the list route with what the list holds after each change', async () => {
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
    const total = async () => ((await staff.get('/admin/orders')).json() as { total: number }).total;
    const all = await total();
    await insertOrder(t.ctx.db, { customerLastName: 'Newest' });
    expect(await total()).toBe(all + 1);
  });

  it('keeps nothing inside a transaction, which sees its own writes before they are counted', async () => {
    await t.database.db.transaction(async (tx) => {
      expect(await changesScope(tx, 'orders')).toBeNull();
    });
  });

  it('reads a page past the kept ids as before, and forgets the least recently used read first', async () => {
    const db = loggedDb(t.database).db;
    const scope = (await changesScope(db, 'orders'))!;
    let searches = 0;
    const many = async (limit: number) => {
      searches += 1;
      return { ids: Array.from({ length: limit }, (_, i) => i + 1), total: KEPT_IDS + 5 };
    };
    expect(await keptMatchesPage(scope, 'many', 10, KEPT_IDS - 10, many)).toEqual({
      ids: Array.from({ length: 10 }, (_, i) => KEPT_IDS - 9 + i),
      total: KEPT_IDS + 5,
    });
    expect(await keptMatchesPage(scope, 'many', 10, KEPT_IDS, many)).toBeNull();
    expect(searches).toBe(1);
    const one = async () => {
      searches += 1;
      return { ids: [7], total: 1 };
    };
    for (let i = 0; i < 200; i += 1) await keptMatchesPage(scope, `other ${i}`, 10, 0, one);
    expect(searches).toBe(201);
    // 'many' was read least recently of the 201: it was forgotten, 'other 199' was not.
    await keptMatchesPage(scope, 'other 199', 10, 0, one);
    expect(searches).toBe(201);
    await keptMatchesPage(scope, 'many', 10, 0, many);
    expect(searches).toBe(202);
  });

  it('answers a read of an older count than the process has seen without keeping it', async () => {
    const db = loggedDb(t.database).db;
    const now = await changes();
    const current = (await changesScope(db, 'orders', String(now)))!;
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await current.keep('k', load)).toBe(1);
    // The older count gets no scope: its read is its own, and nothing it answers is kept.
    expect(await changesScope(db, 'orders', String(now - 1))).toBeNull();
    expect(await current.keep('k', load)).toBe(1);
    // A newer count replaces what was kept; a scope of the count before it keeps nothing more.
    const newer = (await changesScope(db, 'orders', String(now + 1)))!;
    expect(await current.keep('j', load)).toBe(2);
    expect(await newer.keep('j', load)).toBe(3);
    expect(await newer.keep('j', load)).toBe(3);
  });
});
