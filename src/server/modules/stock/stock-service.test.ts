import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_MESSAGES as M } from '../../../contracts/stock';
import { AppError } from '../../../domain/errors';
import { createProduct, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { type Database, openPostgres } from '../../platform/db/database';
import { setSettings } from '../../platform/settings/settings-store';
import { productStocks, products } from '../catalogue';
import { locationStocks, stockMovements, storeLocations } from './stock.tables';
import { adjust, deduct, lockStockItems, placeStock, returnStock } from './stock-service';

let t: TestApp;
let userId: number;
let nextOrder = 1000;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t.ctx.db, { roles: ['admin'] })).id;
});
afterAll(() => t.close());

const order = () => ({ type: 'order' as const, id: ++nextOrder });

async function totalOf(productId: number): Promise<number> {
  const [row] = await t.ctx.db
    .select({ q: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.q;
}
async function variantQty(variantId: number): Promise<number> {
  const [row] = await t.ctx.db
    .select({ q: productStocks.qty })
    .from(productStocks)
    .where(eq(productStocks.id, variantId));
  return row!.q;
}
async function movementsOf(productId: number) {
  return t.ctx.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(stockMovements.id);
}
async function atLocation(productId: number, locationId: number): Promise<number | undefined> {
  const [row] = await t.ctx.db
    .select({ q: locationStocks.quantity })
    .from(locationStocks)
    .where(and(eq(locationStocks.productId, productId), eq(locationStocks.storeLocationId, locationId)));
  return row?.q;
}
async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('deduct', () => {
  it('takes stock of a simple product and writes one movement', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 7 });
    const reference = order();
    const result = await t.ctx.db.transaction((tx) =>
      deduct(tx, { productId: product.id, variantId: null, quantity: 3, reference, userId }),
    );
    expect(result).toEqual({
      status: 'deducted',
      quantityBefore: 7,
      quantityAfter: 4,
      takenFrom: [{ locationId: null, quantity: 3 }],
    });
    expect(await totalOf(product.id)).toBe(4);
    const [movement] = await movementsOf(product.id);
    expect(movement).toMatchObject({
      movementType: 'decrease',
      reason: 'order_deduction',
      quantityChanged: -3,
      quantityBefore: 7,
      quantityAfter: 4,
      referenceType: 'order',
      referenceId: reference.id,
      userId,
    });
  });

  it('deducting the same order twice changes stock once', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const reference = order();
    const input = { productId: product.id, variantId: null, quantity: 2, reference, userId };
    await t.ctx.db.transaction((tx) => deduct(tx, input));
    const again = await t.ctx.db.transaction((tx) => deduct(tx, input));
    expect(again).toEqual({ status: 'already_deducted' });
    expect(await totalOf(product.id)).toBe(3);
    expect(await movementsOf(product.id)).toHaveLength(1);
  });

  it('answers already deducted for an order it took the last units for, not that stock ran out', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 2 });
    const input = { productId: product.id, variantId: null, quantity: 2, reference: order(), userId };
    await t.ctx.db.transaction((tx) => deduct(tx, input));
    expect(await t.ctx.db.transaction((tx) => deduct(tx, input))).toEqual({ status: 'already_deducted' });
    expect(await totalOf(product.id)).toBe(0);
  });

  it('refuses to go below zero with the available quantity, and writes nothing', async () => {
    const product = await createProduct(t.ctx.db, { name: 'Lamp', stockQuantity: 2 });
    const error = await errorOf(
      t.ctx.db.transaction((tx) =>
        deduct(tx, { productId: product.id, variantId: null, quantity: 3, reference: order(), userId }),
      ),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(M.notEnoughStock('Lamp', 2, 3));
    expect(await totalOf(product.id)).toBe(2);
    expect(await movementsOf(product.id)).toHaveLength(0);
  });

  it('takes a variant from its qty and keeps the product total the sum', async () => {
    const product = await createProduct(t.ctx.db, {
      stockQuantity: 9,
      variants: [{ qty: 4 }, { qty: 5 }],
    });
    const variant = product.variants[1]!;
    await t.ctx.db.transaction((tx) =>
      deduct(tx, { productId: product.id, variantId: variant.id, quantity: 5, reference: order(), userId }),
    );
    expect(await variantQty(variant.id)).toBe(0);
    expect(await totalOf(product.id)).toBe(4);
  });

  it('asks for a variant of a variable product and refuses a variant of another product', async () => {
    const product = await createProduct(t.ctx.db, { variants: [{ qty: 4 }] });
    const other = await createProduct(t.ctx.db, { variants: [{ qty: 4 }] });
    const noVariant = await errorOf(
      t.ctx.db.transaction((tx) =>
        deduct(tx, { productId: product.id, variantId: null, quantity: 1, reference: order(), userId }),
      ),
    );
    expect(noVariant.errors).toEqual({ variant_id: [M.selectVariant] });
    const wrong = await errorOf(
      t.ctx.db.transaction((tx) =>
        deduct(tx, {
          productId: product.id,
          variantId: other.variants[0]!.id,
          quantity: 1,
          reference: order(),
          userId,
        }),
      ),
    );
    expect(wrong.errors).toEqual({ variant_id: [M.variantNotFound] });
  });

  it('does nothing while stock management is off', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    await setSettings(t.ctx.db, { stock_management_enabled: false });
    try {
      const result = await t.ctx.db.transaction((tx) =>
        deduct(tx, { productId: product.id, variantId: null, quantity: 1, reference: order(), userId }),
      );
      expect(result).toEqual({ status: 'disabled' });
      expect(await totalOf(product.id)).toBe(5);
    } finally {
      await setSettings(t.ctx.db, { stock_management_enabled: true });
    }
  });
});

describe('returnStock', () => {
  it('gives back what the order took, once, and the order can be deducted again after', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const reference = order();
    const item = { productId: product.id, variantId: null };
    await t.ctx.db.transaction((tx) => deduct(tx, { ...item, quantity: 2, reference, userId }));
    const returned = await t.ctx.db.transaction((tx) => returnStock(tx, { ...item, reference, userId }));
    expect(returned).toEqual({ status: 'returned', quantity: 2, quantityBefore: 3, quantityAfter: 5 });
    expect(await t.ctx.db.transaction((tx) => returnStock(tx, { ...item, reference, userId }))).toEqual({
      status: 'not_deducted',
    });
    expect(await totalOf(product.id)).toBe(5);
    const movements = await movementsOf(product.id);
    expect(movements.map((m) => [m.movementType, m.reason, m.quantityChanged])).toEqual([
      ['decrease', 'order_deduction', -2],
      ['increase', 'order_cancellation', 2],
    ]);
    await t.ctx.db.transaction((tx) => deduct(tx, { ...item, quantity: 2, reference, userId }));
    expect(await totalOf(product.id)).toBe(3);
  });
});

describe('store locations', () => {
  it('adjusts at a location, deducts across locations and returns to where stock came from', async () => {
    const [a, b] = await t.ctx.db
      .insert(storeLocations)
      .values([{ name: 'Shop A' }, { name: 'Shop B' }])
      .returning();
    try {
      const product = await createProduct(t.ctx.db, { stockQuantity: 0 });
      const item = { productId: product.id, variantId: null };
      const missing = await errorOf(
        t.ctx.db.transaction((tx) => adjust(tx, { ...item, storeLocationId: null, newQuantity: 3, userId })),
      );
      expect(missing.errors).toEqual({ store_location_id: [M.selectLocation] });

      await t.ctx.db.transaction((tx) =>
        adjust(tx, { ...item, storeLocationId: a!.id, newQuantity: 2, userId }),
      );
      const second = await t.ctx.db.transaction((tx) =>
        adjust(tx, { ...item, storeLocationId: b!.id, newQuantity: 4, userId, reason: 'inventory_count' }),
      );
      expect(second).toEqual({
        oldQuantity: 0,
        newQuantity: 4,
        totalBefore: 2,
        totalAfter: 6,
        changed: true,
      });
      expect(await totalOf(product.id)).toBe(6);

      const reference = order();
      const result = await t.ctx.db.transaction((tx) =>
        deduct(tx, { ...item, quantity: 3, reference, userId }),
      );
      expect(result).toMatchObject({
        status: 'deducted',
        quantityBefore: 6,
        quantityAfter: 3,
        takenFrom: [
          { locationId: a!.id, quantity: 2 },
          { locationId: b!.id, quantity: 1 },
        ],
      });
      expect([await atLocation(product.id, a!.id), await atLocation(product.id, b!.id)]).toEqual([0, 3]);

      const tooMuch = await errorOf(
        t.ctx.db.transaction((tx) =>
          deduct(tx, { ...item, quantity: 1, reference: order(), storeLocationId: a!.id, userId }),
        ),
      );
      expect(tooMuch.code).toBe('conflict');

      await t.ctx.db.transaction((tx) => returnStock(tx, { ...item, reference, userId }));
      expect([await atLocation(product.id, a!.id), await atLocation(product.id, b!.id)]).toEqual([2, 4]);
      expect(await totalOf(product.id)).toBe(6);
      const movements = await movementsOf(product.id);
      expect(movements.map((m) => [m.storeLocationId, m.quantityBefore, m.quantityAfter])).toEqual([
        [a!.id, 0, 2],
        [b!.id, 2, 6],
        [a!.id, 6, 4],
        [b!.id, 4, 3],
        [a!.id, 3, 5],
        [b!.id, 5, 6],
      ]);
    } finally {
      await t.ctx.db.delete(storeLocations);
    }
  });

  it('places stock held at no location at a location, keeping the total, and never more than it holds', async () => {
    const [shop] = await t.ctx.db.insert(storeLocations).values({ name: 'Shop P' }).returning();
    try {
      const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
      const item = { productId: product.id, variantId: null };
      await t.ctx.db.transaction((tx) =>
        placeStock(tx, { ...item, storeLocationId: shop!.id, quantity: 3, userId }),
      );
      expect(await totalOf(product.id)).toBe(5);
      expect(await atLocation(product.id, shop!.id)).toBe(3);
      const tooMuch = await errorOf(
        t.ctx.db.transaction((tx) =>
          placeStock(tx, { ...item, storeLocationId: shop!.id, quantity: 3, userId }),
        ),
      );
      expect(tooMuch.code).toBe('conflict');
      expect(await atLocation(product.id, shop!.id)).toBe(3);
      const [movement] = await movementsOf(product.id);
      expect(movement).toMatchObject({
        movementType: 'adjustment',
        reason: 'transfer_in',
        quantityChanged: 0,
        quantityBefore: 5,
        quantityAfter: 5,
        storeLocationId: shop!.id,
      });
    } finally {
      await t.ctx.db.delete(storeLocations);
    }
  });

  it('the CHECK keeps a location at zero or more even without the service', async () => {
    const [location] = await t.ctx.db.insert(storeLocations).values({ name: 'Shop C' }).returning();
    const product = await createProduct(t.ctx.db);
    await expect(
      t.ctx.db
        .insert(locationStocks)
        .values({ productId: product.id, storeLocationId: location!.id, quantity: -1 }),
    ).rejects.toThrow();
    await t.ctx.db.delete(storeLocations);
  });

  it('the CHECKs keep a product and a variant total at zero or more even without the service', async () => {
    const product = await createProduct(t.ctx.db, { variants: [{ qty: 1 }] });
    await expect(
      t.ctx.db.update(products).set({ stockQuantity: -1 }).where(eq(products.id, product.id)),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.update(productStocks).set({ qty: -1 }).where(eq(productStocks.productId, product.id)),
    ).rejects.toThrow();
  });
});

/**
 * 20 buyers of the last 5 units, each in its own transaction: exactly 5 succeed (issue 4). On
 * PostgreSQL the calls are spread over two connection pools, as two app processes would be.
 */
describe('lockStockItems', () => {
  it("answers the totals of products and variants, and 0 for what does not exist or is not the product's", async () => {
    const simple = await createProduct(t.ctx.db, { stockQuantity: 7 });
    const variable = await createProduct(t.ctx.db, { variants: [{ qty: 4 }, { qty: 5 }] });
    const other = await createProduct(t.ctx.db, { variants: [{ qty: 3 }] });
    const totals = await t.ctx.db.transaction(async (tx) => {
      const stockOf = await lockStockItems(tx, [
        { productId: simple.id, variantId: null },
        { productId: variable.id, variantId: variable.variants[1]!.id },
        { productId: variable.id, variantId: other.variants[0]!.id },
      ]);
      return [
        stockOf({ productId: simple.id, variantId: null }),
        stockOf({ productId: variable.id, variantId: variable.variants[1]!.id }),
        stockOf({ productId: variable.id, variantId: other.variants[0]!.id }),
        stockOf({ productId: variable.id, variantId: null }),
        stockOf({ productId: 999_999, variantId: null }),
      ];
    });
    expect(totals).toEqual([7, 5, 0, 0, 0]);
  });

  it('the sale after it takes across locations from what it read, and the next change reads again', async () => {
    const [a] = await t.ctx.db
      .insert(storeLocations)
      .values([{ name: 'Shop A' }])
      .returning();
    try {
      const product = await createProduct(t.ctx.db, { stockQuantity: 0 });
      const item = { productId: product.id, variantId: null };
      await t.ctx.db.transaction((tx) =>
        adjust(tx, { ...item, storeLocationId: a!.id, newQuantity: 4, userId }),
      );
      const [first, second] = await t.ctx.db.transaction(async (tx) => {
        expect((await lockStockItems(tx, [item]))(item)).toBe(4);
        return [
          await deduct(tx, { ...item, quantity: 3, reference: order(), userId }),
          await deduct(tx, { ...item, quantity: 1, reference: order(), userId }),
        ];
      });
      expect(first).toEqual({
        status: 'deducted',
        quantityBefore: 4,
        quantityAfter: 1,
        takenFrom: [{ locationId: a!.id, quantity: 3 }],
      });
      expect(second).toEqual({
        status: 'deducted',
        quantityBefore: 1,
        quantityAfter: 0,
        takenFrom: [{ locationId: a!.id, quantity: 1 }],
      });
      expect(await atLocation(product.id, a!.id)).toBe(0);
      expect(await totalOf(product.id)).toBe(0);
    } finally {
      await t.ctx.db.delete(storeLocations);
    }
  });

  it('a variant it read is sold with its own name and left untouched when the sale is refused', async () => {
    const product = await createProduct(t.ctx.db, { name: 'Desk', variants: [{ qty: 2, variant: 'Oak' }] });
    const item = { productId: product.id, variantId: product.variants[0]!.id };
    const error = await errorOf(
      t.ctx.db.transaction(async (tx) => {
        await lockStockItems(tx, [item]);
        return deduct(tx, { ...item, quantity: 3, reference: order(), userId });
      }),
    );
    expect(error.message).toBe(M.notEnoughStock('Desk (Oak)', 2, 3));
    expect(await variantQty(item.variantId)).toBe(2);
  });
});

describe('concurrent sales of the last units', () => {
  it('20 parallel deductions of 1 unit from 5: 5 succeed, stock ends at 0, 5 movements', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    let second: Database | null = null;
    if (t.database.kind === 'postgres') {
      const url = (t.database.pool!.options as { connectionString: string }).connectionString;
      second = await openPostgres(url, 10);
    }
    try {
      const dbs = [t.ctx.db, second?.db ?? t.ctx.db];
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          dbs[i % 2]!.transaction((tx) =>
            deduct(tx, {
              productId: product.id,
              variantId: null,
              quantity: 1,
              reference: { type: 'order', id: 50_000 + i },
              userId,
            }),
          ),
        ),
      );
      const succeeded = results.filter((r) => r.status === 'fulfilled');
      const failed = results.filter((r) => r.status === 'rejected');
      expect(succeeded).toHaveLength(5);
      for (const failure of failed) {
        expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
        expect(((failure as PromiseRejectedResult).reason as AppError).code).toBe('conflict');
      }
      expect(await totalOf(product.id)).toBe(0);
      expect(await movementsOf(product.id)).toHaveLength(5);
    } finally {
      await second?.close();
    }
  });

  it('the same order deducted 10 times at once changes stock once', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const reference = order();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.ctx.db.transaction((tx) =>
          deduct(tx, { productId: product.id, variantId: null, quantity: 2, reference, userId }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'deducted')).toHaveLength(1);
    expect(await totalOf(product.id)).toBe(3);
    const [count] = await t.ctx.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id));
    expect(count!.n).toBe(1);
  });
});
