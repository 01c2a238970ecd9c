import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories';
import { gate } from '../../../test/gate';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type Database, openPostgres } from '../../platform/db/database';
import { products } from '../catalogue';
import { deduct } from '../stock';
import { deductOrderStock } from './order-stock';
import type { OrderItemRow } from './orders.queries';

let t: TestApp;
let second: Database;

beforeAll(async () => {
  t = await createTestApp();
  second = await openPostgres((t.database.pool!.options as { connectionString: string }).connectionString, 2);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const line = (productId: number, quantity: number) =>
  ({
    productId,
    variantId: null,
    quantity,
    productName: `#${productId}`,
    variantLabel: null,
  }) as OrderItemRow;

it('two orders taking the same two products in opposite line order both complete (one lock order)', async () => {
  const a = await createProduct(t.ctx.db, { stockQuantity: 10 });
  const b = await createProduct(t.ctx.db, { stockQuantity: 10 });
  const actor = { userId: null, ip: null };
  const { open: tookA, opened: firstHoldsA } = gate();
  const { open: goOn, opened: release } = gate();
  // The first order has taken A and is about to take B.
  const first = t.ctx.db.transaction(async (tx) => {
    await deduct(tx, {
      productId: a.id,
      variantId: null,
      quantity: 1,
      reference: { type: 'order', id: 88_001 },
      userId: null,
    });
    tookA();
    await release;
    await deduct(tx, {
      productId: b.id,
      variantId: null,
      quantity: 1,
      reference: { type: 'order', id: 88_001 },
      userId: null,
    });
  });
  await firstHoldsA;
  // The second lists B before A: it must still lock A first, and so wait for the first order.
  const secondOrder = second.db.transaction((tx) =>
    deductOrderStock(
      tx,
      { id: 88_002, orderCode: 'LOCK-2' },
      [line(b.id, 2), line(a.id, 2)],
      actor,
      new Date(),
    ),
  );
  await sleep(200);
  goOn();
  await first;
  await expect(secondOrder).resolves.toMatchObject({ items: [{ quantity: 2 }, { quantity: 2 }] });
  const totals = await t.ctx.db
    .select({ id: products.id, q: products.stockQuantity })
    .from(products)
    .where(eq(products.id, a.id));
  expect(totals[0]!.q).toBe(7);
  const [bRow] = await t.ctx.db
    .select({ q: products.stockQuantity })
    .from(products)
    .where(eq(products.id, b.id));
  expect(bRow!.q).toBe(7);
});
