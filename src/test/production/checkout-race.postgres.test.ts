import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES as M } from '../../contracts/checkout';
import { productStocks, products } from '../../server/modules/catalogue/catalogue.tables';
import { orderItems, orders } from '../../server/modules/orders/orders.tables';
import { setSettings } from '../../server/platform/settings/settings-store';
import { createProduct } from '../factories';
import { all, type Client, type Cluster, startCluster } from './processes';
import { checkoutForm, type PickupPlace, pickupPlace } from './shop';

let c: Cluster;
let place: PickupPlace;

beforeAll(async () => {
  c = await startCluster([4600, 4601]);
  await setSettings(c.db, { stock_management_enabled: true, stock_deduction_timing: 'on_order' });
  place = await pickupPlace(c.db);
}, 180_000);
afterAll(() => c?.close(), 60_000);

/** Rounds of the last units: 200 buyers at once, each round a new product (RACE_ROUNDS: 3 by default to keep CI time, 20 for the full battery). */
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 3);
const BUYERS = 200;
const UNITS = 5;

describe('200 simultaneous checkouts of the last units on two processes (issue 18)', () => {
  it(`sells exactly the units there are, round after round (${ROUNDS} rounds)`, async () => {
    const buyers: Client[] = await all(BUYERS, () => c.guest());
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      const product = await createProduct(c.db, { name: `Last lamp ${round}`, stockQuantity: UNITS });
      // Every buyer's cart holds one unit of this round's product only.
      const added = await all(BUYERS, async (i) => {
        await buyers[i]!.post('/cart/clear');
        return buyers[i]!.post('/cart/add', { product_id: product.id, quantity: 1 });
      });
      expect(added.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

      const replies = await all(BUYERS, (i) => buyers[i]!.post('/checkout', checkoutForm(place, i)));
      const placed = replies.filter((r) => r.status === 201);
      const refused = replies.filter((r) => r.status !== 201);
      expect(placed).toHaveLength(UNITS);
      // Every other buyer: a clean 422 in the spec's words, from either process.
      for (const r of refused) {
        expect(r.status, r.body).toBe(422);
        expect(Object.values(r.json.errors ?? {}).flat()).toContain(M.outOfStock(product.name, 0));
      }
      expect(new Set(replies.map((r) => r.via))).toEqual(new Set(['A', 'B']));

      const [after] = await c.db.select().from(products).where(eq(products.id, product.id));
      expect(after!.stockQuantity).toBe(0);
      const sold = await c.db
        .select({ quantity: orderItems.quantity, orderId: orderItems.orderId })
        .from(orderItems)
        .where(eq(orderItems.productId, product.id));
      expect(sold.reduce((sum, item) => sum + item.quantity, 0)).toBe(UNITS);
      const codes = placed.map((r) => r.json.order_code as string);
      const made = await c.db.select({ id: orders.id }).from(orders).where(inArray(orders.orderCode, codes));
      expect(made.map((o) => o.id).sort()).toEqual(sold.map((s) => s.orderId).sort());
    }
    console.info(`checkout race: ${ROUNDS} rounds × ${BUYERS} buyers in ${Date.now() - started} ms`);
    expect(c.serverErrors).toEqual([]);
  }, 600_000);
});

describe('checkouts of variants while the staff count the same stock (decision 0088)', () => {
  it('neither side deadlocks: every checkout is placed and every stock update saved, on both processes', async () => {
    const BUYERS_MIXED = 40;
    const variable = await createProduct(c.db, {
      name: 'Race desk',
      stockQuantity: 2_000,
      variants: [
        { qty: 1_000, variant: 'Oak' },
        { qty: 1_000, variant: 'Ash' },
      ],
    });
    const simple = await createProduct(c.db, { name: 'Race chair', stockQuantity: 1_000 });
    const [location] = (
      (await c.db.execute(
        sql`select id from store_locations where is_active order by id limit 1`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const staff = await c.signIn('admin@demo.test');
    const buyers: Client[] = await all(BUYERS_MIXED, () => c.guest());
    // Carts listing the same two products in both orders, a variant in each.
    const added = await all(BUYERS_MIXED, async (i) => {
      const variant = variable.variants[i % 2]!.id;
      const lines = [
        { product_id: variable.id, product_stock_id: variant, quantity: 1 },
        { product_id: simple.id, quantity: 1 },
      ];
      if (i % 4 >= 2) lines.reverse();
      const replies = [];
      for (const line of lines) replies.push(await buyers[i]!.post('/cart/add', line));
      return replies;
    });
    expect(
      added
        .flat()
        .map((r) => r.status)
        .filter((s) => s !== 200),
    ).toEqual([]);

    // The buyers check out while the staff count each variant and the chair, over and over.
    const [checkouts, counts] = await Promise.all([
      all(BUYERS_MIXED, (i) => buyers[i]!.post('/checkout', checkoutForm(place, i))),
      all(30, (n) =>
        staff.post('/api/stock-update/update-stock', {
          product_id: n % 3 === 2 ? simple.id : variable.id,
          variant_id: n % 3 === 2 ? null : variable.variants[n % 3]!.id,
          store_location_id: location?.id ?? null,
          new_quantity: 500 + n,
        }),
      ),
    ]);
    expect(checkouts.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body}`)).toEqual([]);
    expect(counts.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body}`)).toEqual([]);
    // The product's total is still the sum of its variants' (the service moves both together).
    const variants = await c.db.select().from(productStocks).where(eq(productStocks.productId, variable.id));
    const [parent] = await c.db.select().from(products).where(eq(products.id, variable.id));
    expect(parent!.stockQuantity).toBe(variants.reduce((sum, v) => sum + v.qty, 0));
    expect(c.serverErrors).toEqual([]);
  }, 300_000);
});

describe('one cart checked out from several tabs at once (decision 0111)', () => {
  it('makes one order of it: the other tabs find the cart spent, on either process', async () => {
    const TABS = 12;
    const product = await createProduct(c.db, { name: 'Twice-bought vase', stockQuantity: 100 });
    const buyer = await c.guest();
    expect((await buyer.post('/cart/add', { product_id: product.id, quantity: 3 })).status).toBe(200);
    const tabs = Array.from({ length: TABS }, () => buyer.tab());
    const replies = await all(TABS, (i) => tabs[i]!.post('/checkout', checkoutForm(place, i)));

    const placed = replies.filter((r) => r.status === 201);
    expect(placed, JSON.stringify(replies.map((r) => [r.status, r.body.slice(0, 120)]))).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status, r.body).toBe(422);
      expect(Object.values(r.json.errors ?? {}).flat()).toContain(M.cartEmpty);
    }
    const sold = await c.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
    expect(sold.map((item) => item.quantity)).toEqual([3]);
    const [after] = await c.db.select().from(products).where(eq(products.id, product.id));
    expect(after!.stockQuantity).toBe(97);
    expect(c.serverErrors).toEqual([]);
  }, 120_000);
});
