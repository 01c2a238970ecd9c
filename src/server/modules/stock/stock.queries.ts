import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { STOCK_SEARCH_LIMIT } from '../../../contracts/stock';
import { type StockKey, type StockReferenceType, stockKeyText } from '../../../domain/stock/stock-rules';
import type { Executor } from '../../platform/db/database';
import { inIdsPlaceholder, preparedStatement } from '../../platform/db/prepared';
import { readTogether } from '../../platform/db/read-together';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { locationStocks, stockDeductions, storeLocations } from './stock.tables';

export async function listStoreLocations(db: Executor) {
  return db.select().from(storeLocations).orderBy(asc(storeLocations.name), asc(storeLocations.id));
}

export async function findStoreLocation(db: Executor, id: number) {
  const [row] = await db.select().from(storeLocations).where(eq(storeLocations.id, id));
  return row ?? null;
}

/**
 * The stock on hand of these keys, as a lookup: products.stock_quantity, or product_stocks.qty for
 * a variant; 0 for one not found (deleted). The products and the variants are read together, one
 * statement each (an order's and a booking's stock status, rental availability).
 */
export async function stockOnHand(
  db: Executor,
  keys: readonly StockKey[],
): Promise<(key: StockKey) => number> {
  const productIds = [
    ...new Set(keys.filter((k) => k.variantId === null && k.productId !== null).map((k) => k.productId!)),
  ];
  const variantIds = [...new Set(keys.map((k) => k.variantId).filter((v): v is number => v !== null))];
  const [productRows, variantRows] = await readTogether(db, [
    () =>
      productIds.length
        ? db
            .select({ id: products.id, qty: products.stockQuantity })
            .from(products)
            .where(inArray(products.id, productIds))
        : [],
    () =>
      variantIds.length
        ? db
            .select({ id: productStocks.id, qty: productStocks.qty })
            .from(productStocks)
            .where(inArray(productStocks.id, variantIds))
        : [],
  ]);
  const productQty = new Map(productRows.map((r) => [r.id, r.qty]));
  const variantQty = new Map(variantRows.map((r) => [r.id, r.qty]));
  return (key) =>
    key.variantId !== null
      ? (variantQty.get(key.variantId) ?? 0)
      : key.productId !== null
        ? (productQty.get(key.productId) ?? 0)
        : 0;
}

/** Whether a reference (an order, a booking) holds the units of a key: a deduction of it stands. */
export async function stockHeldBy(
  db: Executor,
  reference: { type: StockReferenceType; id: number },
): Promise<(key: StockKey) => boolean> {
  const rows = await db
    .select({ productId: stockDeductions.productId, variantId: stockDeductions.variantId })
    .from(stockDeductions)
    .where(
      and(eq(stockDeductions.referenceType, reference.type), eq(stockDeductions.referenceId, reference.id)),
    );
  const held = new Set(rows.map(stockKeyText));
  return (key) => held.has(stockKeyText(key));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type StockSearchProduct = {
  id: number;
  name: string;
  sku: string | null;
  is_variable_product: boolean;
  current_stock: number;
  low_stock_threshold: number;
  variants: { id: number; variant: string; sku: string | null; current_stock: number }[];
  location_stock: { product_id: number; variant_id: number | null; location_id: number; quantity: number }[];
};

/** The location rows of these products (and their variants), by location id. */
export function locationRowsOf(db: Executor, productIds: readonly number[]) {
  return locationRowsStatement(db).execute({ ids: [...productIds] });
}

const locationRowsStatement = preparedStatement((db) =>
  db
    .select({
      productId: locationStocks.productId,
      variantId: locationStocks.variantId,
      locationId: locationStocks.storeLocationId,
      quantity: locationStocks.quantity,
    })
    .from(locationStocks)
    .where(inIdsPlaceholder(locationStocks.productId))
    .orderBy(asc(locationStocks.storeLocationId))
    .prepare('stock_location_rows'),
);

/** GET /api/stock-update/search-products: up to 10 live products by name or SKU (of the product or a variant). */
export async function searchStockProducts(db: Executor, search: string): Promise<StockSearchProduct[]> {
  const pattern = `%${escapeLike(search)}%`;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      isVariable: products.isVariableProduct,
      stock: products.stockQuantity,
      threshold: products.lowStockThreshold,
    })
    .from(products)
    .where(
      and(
        isNull(products.deletedAt),
        or(
          ilike(products.name, pattern),
          ilike(products.sku, pattern),
          sql`exists (select 1 from ${productStocks} where ${productStocks.productId} = ${products.id} and ${productStocks.sku} ilike ${pattern})`,
        ),
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(STOCK_SEARCH_LIMIT);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [variants, placed] = await readTogether(db, [
    () =>
      db
        .select({
          id: productStocks.id,
          productId: productStocks.productId,
          variant: productStocks.variant,
          sku: productStocks.sku,
          qty: productStocks.qty,
        })
        .from(productStocks)
        .where(inArray(productStocks.productId, ids))
        .orderBy(asc(productStocks.sortOrder), asc(productStocks.id)),
    () => locationRowsOf(db, ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sku: r.sku,
    is_variable_product: r.isVariable,
    current_stock: r.stock,
    low_stock_threshold: r.threshold,
    variants: variants
      .filter((v) => v.productId === r.id)
      .map((v) => ({ id: v.id, variant: v.variant, sku: v.sku, current_stock: v.qty })),
    location_stock: placed
      .filter((p) => p.productId === r.id)
      .map((p) => ({
        product_id: p.productId,
        variant_id: p.variantId,
        location_id: p.locationId,
        quantity: p.quantity,
      })),
  }));
}

/** How many units the location holds, over every item. */
export async function unitsAtLocation(db: Executor, locationId: number): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`cast(coalesce(sum(${locationStocks.quantity}), 0) as integer)` })
    .from(locationStocks)
    .where(eq(locationStocks.storeLocationId, locationId));
  return row?.units ?? 0;
}

/** A product that exists and is not deleted. */
export async function isLiveProduct(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row !== undefined;
}
