import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STOCK_MESSAGES as M } from '../../../contracts/stock';
import { AppError } from '../../../domain/errors';
import { createProduct, createUser } from '../../../test/factories';
import { gate } from '../../../test/gate';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type Database, openPostgres } from '../../platform/db/database';
import { stockNotes, storeLocations } from './stock.tables';
import { adjust, deduct, lockStockItems } from './stock-service';

let t: TestApp;
let second: Database;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  second = await openPostgres((t.database.pool!.options as { connectionString: string }).connectionString, 2);
  userId = (await createUser(t.ctx.db, { roles: ['admin'] })).id;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

it('a sale of a variant locks its product first, so a stock update of it at once waits and both complete', async () => {
  const product = await createProduct(t.ctx.db, { variants: [{ qty: 5 }] });
  const item = { productId: product.id, variantId: product.variants[0]!.id };
  const { open: checked, opened: stockChecked } = gate();
  const { open: sell, opened: goOn } = gate();
  // A checkout: checks the stock under the lock, then (after the order is written) deducts.
  const sale = t.ctx.db.transaction(async (tx) => {
    await lockStockItems(tx, [item]);
    checked();
    await goOn;
    return deduct(tx, { ...item, quantity: 2, reference: { type: 'order', id: 77_001 }, userId });
  });
  await stockChecked;
  // The product's row is held (the service's lock order): another change of its stock queues.
  await expect(
    second.db.execute(sql`select id from products where id = ${product.id} for update nowait`),
  ).rejects.toThrow();
  const update = second.db.transaction((tx) =>
    adjust(tx, { ...item, storeLocationId: null, newQuantity: 10, userId }),
  );
  await sleep(200);
  sell();
  // Had the sale held the variant's row and the update the product's, each would wait for the
  // other (a deadlock, one of them failing).
  expect(await sale).toMatchObject({ status: 'deducted', quantityBefore: 5, quantityAfter: 3 });
  expect(await update).toMatchObject({ oldQuantity: 3, newQuantity: 10, changed: true });
});

it('a stock count at a location being deleted waits for the delete, then hears the location is gone', async () => {
  const product = await createProduct(t.ctx.db, { stockQuantity: 0 });
  const item = { productId: product.id, variantId: null };
  const [place] = await t.ctx.db.insert(storeLocations).values({ name: 'Closing shop' }).returning();
  const { open: deleting, opened: deleteStarted } = gate();
  const { open: commit, opened: goOn } = gate();
  // The location's delete, as DELETE /api/store-locations/{id} runs it (it holds no stock yet).
  const removal = t.ctx.db.transaction(async (tx) => {
    await tx.select().from(storeLocations).where(eq(storeLocations.id, place!.id)).for('update');
    await tx.delete(storeLocations).where(eq(storeLocations.id, place!.id));
    deleting();
    await goOn;
  });
  await deleteStarted;
  // Its refusal is caught at once: it can arrive while the test still awaits the delete's commit,
  // and a rejection with no handler yet is an unhandled error to vitest (it failed a CI run).
  const count = second.db
    .transaction((tx) => adjust(tx, { ...item, storeLocationId: place!.id, newQuantity: 4, userId }))
    .then(
      () => null,
      (error: unknown) => error,
    );
  await sleep(200);
  commit();
  await removal;
  const refused = await count;
  expect(refused).toBeInstanceOf(AppError);
  expect((refused as AppError).errors).toEqual({ store_location_id: [M.locationNotFound] });
  const [after] = await t.ctx.db
    .execute(sql`select stock_quantity from products where id = ${product.id}`)
    .then((r) => (r as unknown as { rows: { stock_quantity: number }[] }).rows);
  expect(after!.stock_quantity).toBe(0);
});

it("a sale's lock on a product lets other transactions refer to the product (a rule's targets, a cart line)", async () => {
  // A discount rule's save locks the rule, then writes rows referring to its products (their
  // foreign keys take a KEY SHARE lock on each product row); a checkout locks its products, then
  // the limited rules it used. Had the checkout's lock been FOR UPDATE, which blocks KEY SHARE,
  // each would wait for the other. FOR NO KEY UPDATE still queues every change of stock.
  const product = await createProduct(t.ctx.db, { stockQuantity: 3 });
  const item = { productId: product.id, variantId: null };
  const { open: locked, opened: held } = gate();
  const { open: release, opened: done } = gate();
  const sale = t.ctx.db.transaction(async (tx) => {
    await lockStockItems(tx, [item]);
    locked();
    await done;
  });
  await held;
  try {
    await second.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      await tx.insert(stockNotes).values({ productId: product.id, note: 'Refers to the product' });
    });
    // …while another change of its stock still waits for the sale.
    await expect(
      second.db.execute(sql`select id from products where id = ${product.id} for no key update nowait`),
    ).rejects.toThrow();
  } finally {
    release();
    await sale;
  }
});

it("two variants of one product counted at once, in opposite orders, keep the sheet's counts right without a deadlock", async () => {
  // The counted products per location (decision 0105) are one row per location and product, which
  // every change of a variant's state at that location updates: they stay deadlock-free because each
  // change takes the product's row lock first, so these transactions queue instead of crossing.
  const product = await createProduct(t.ctx.db, { lowStockThreshold: 3, variants: [{ qty: 0 }, { qty: 0 }] });
  const [place] = await t.ctx.db.insert(storeLocations).values({ name: 'Counted shop' }).returning();
  const [first, second_] = product.variants.map((v) => ({ productId: product.id, variantId: v.id }));
  const count = (database: Database, items: (typeof first)[], quantity: number) =>
    database.db.transaction(async (tx) => {
      for (const item of items) {
        await adjust(tx, { ...item!, storeLocationId: place!.id, newQuantity: quantity, userId });
        await sleep(5);
      }
    });
  for (let round = 0; round < 10; round += 1) {
    // Out (0), low (2) and in (9) by turns: every change moves the rows between states.
    const a = [0, 2, 9][round % 3]!;
    const b = [9, 0, 2][round % 3]!;
    await Promise.all([count(t.database, [first, second_], a), count(second, [second_, first], b)]);
  }
  const [counted] = await t.ctx.db
    .execute(sql`
      select c.out_rows, c.low_rows, c.in_rows,
             (select count(*) filter (where sheet_state = 'out') from location_stocks ls
               where ls.store_location_id = c.store_location_id and ls.product_id = c.product_id) as out_now,
             (select count(*) filter (where sheet_state = 'low') from location_stocks ls
               where ls.store_location_id = c.store_location_id and ls.product_id = c.product_id) as low_now,
             (select count(*) filter (where sheet_state = 'in') from location_stocks ls
               where ls.store_location_id = c.store_location_id and ls.product_id = c.product_id) as in_now
        from location_sheet_products c where c.store_location_id = ${place!.id} and c.product_id = ${product.id}`)
    .then((r) => (r as unknown as { rows: Record<string, number | string>[] }).rows);
  const kept = [counted!.out_rows, counted!.low_rows, counted!.in_rows].map(Number);
  expect(kept.reduce((sum, n) => sum + n, 0)).toBe(2);
  expect(kept).toEqual([counted!.out_now, counted!.low_now, counted!.in_now].map(Number));
});
