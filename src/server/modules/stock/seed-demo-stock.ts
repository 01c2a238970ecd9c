import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/audit/audit';
import { users } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { stockNotes, storeLocations } from './stock.tables';
import { adjust, placeStock } from './stock-service';

export const DEMO_LOCATIONS = [
  {
    name: 'Main shop',
    code: 'SHOP',
    address: '12 Royal Road, Port Louis',
    description: 'Showroom and counter',
  },
  { name: 'Warehouse', code: 'WH', address: '1 Industrial Zone, Plaine Lauzun', description: 'Bulk stock' },
] as const;

/**
 * Demo stock for `npm start` (issue 4): two store locations with the demo catalogue's stock spread
 * across them, a few counts, damages and deliveries in the history, and notes by the admin and the
 * staff member. Every change goes through the stock service. Runs only while the shop has no store
 * location and has products, so a second start changes nothing. Answers whether it seeded.
 */
export async function seedDemoStock(ctx: AppContext, actor: Actor): Promise<boolean> {
  const [anyLocation] = await ctx.db.select({ id: storeLocations.id }).from(storeLocations).limit(1);
  if (anyLocation) return false;
  const items = await stockedItems(ctx);
  if (items.length === 0) return false;
  const [staff] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.test'));
  const staffId = staff?.id ?? actor.userId;

  await ctx.db.transaction(async (tx) => {
    const [shop, warehouse] = await tx
      .insert(storeLocations)
      .values(DEMO_LOCATIONS.map((l) => ({ ...l })))
      .returning({ id: storeLocations.id });
    const userId = actor.userId;
    // Spread: most at the shop, the rest in the warehouse; every third item is warehouse-only.
    for (const [index, item] of items.entries()) {
      const atShop = index % 3 === 2 ? 0 : Math.ceil(item.quantity * 0.6);
      const atWarehouse = item.quantity - atShop;
      const key = { productId: item.productId, variantId: item.variantId, userId };
      if (atShop > 0)
        await placeStock(tx, { ...key, storeLocationId: shop!.id, quantity: atShop, notes: 'Opening count' });
      if (atWarehouse > 0)
        await placeStock(tx, {
          ...key,
          storeLocationId: warehouse!.id,
          quantity: atWarehouse,
          notes: 'Opening count',
        });
    }
    // A little history: a delivery, a count that found two more, a damage and a count short by one.
    const history = items.filter((i) => i.quantity >= 6).slice(0, 4);
    const events = [
      { reason: 'manual_update', delta: 12, notes: 'Delivery from Island Medical Supplies' },
      { reason: 'inventory_count', delta: 2, notes: 'Monthly count: two more on the shelf' },
      { reason: 'damaged_goods', delta: -1, notes: 'Box crushed in transit' },
      { reason: 'inventory_count', delta: -1, notes: 'Count short by one' },
    ] as const;
    for (const [index, item] of history.entries()) {
      const event = events[index]!;
      const atWarehouse = item.quantity - (index % 3 === 2 ? 0 : Math.ceil(item.quantity * 0.6));
      await adjust(tx, {
        productId: item.productId,
        variantId: item.variantId,
        storeLocationId: warehouse!.id,
        newQuantity: Math.max(0, atWarehouse + event.delta),
        reason: event.reason,
        userId: index % 2 === 0 ? userId : staffId,
        notes: event.notes,
      });
    }
    const noted = items.slice(0, 3);
    const notes = [
      'Supplier says the next batch arrives in two weeks.',
      'Keep two on the shelf for the clinic.',
      'Customers ask for this one often: reorder early.',
    ];
    await tx.insert(stockNotes).values(
      noted.map((item, index) => ({
        productId: item.productId,
        variantId: item.variantId,
        note: notes[index]!,
        userId: index === 1 ? staffId : userId,
      })),
    );
  });
  return true;
}

type StockedItem = { productId: number; variantId: number | null; quantity: number };

/** The demo catalogue's items that hold stock: simple products, then variants, by id. */
async function stockedItems(ctx: AppContext): Promise<StockedItem[]> {
  const simple = await ctx.db
    .select({ productId: products.id, quantity: products.stockQuantity })
    .from(products)
    .where(
      and(isNull(products.deletedAt), eq(products.isVariableProduct, false), gt(products.stockQuantity, 0)),
    )
    .orderBy(asc(products.id));
  const variants = await ctx.db
    .select({ productId: productStocks.productId, variantId: productStocks.id, quantity: productStocks.qty })
    .from(productStocks)
    .innerJoin(products, eq(products.id, productStocks.productId))
    .where(and(isNull(products.deletedAt), gt(productStocks.qty, 0), sql`${products.isVariableProduct}`))
    .orderBy(asc(productStocks.productId), asc(productStocks.id));
  return [...simple.map((s) => ({ ...s, variantId: null })), ...variants];
}
