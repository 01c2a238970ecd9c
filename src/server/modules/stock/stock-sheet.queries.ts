import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { StockFilter, StockSheetFilters } from '../../../contracts/stock';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
import { readTogether } from '../../platform/db/read-together';
import { rowCount } from '../../platform/db/row-counts';
import { likePattern, paged } from '../../platform/http/paging';
import { PRODUCT_SEARCH_TEXT, productStocks, products } from '../catalogue/catalogue.tables';
import { locationStocks, storeLocations } from './stock.tables';

/**
 * The stock sheet (spec 2 §2, §3 Stock row, §7 GET /api/stock-sheet), paged in SQL by product: a
 * stock item is a simple product or a variant of a variable product. The stock filter keeps the
 * products with at least one item in that state, and under a variable product only those variants;
 * a store location keeps the items stocked there and counts only what that location holds
 * (docs/decisions/0022).
 */

const P = {
  id: qualified(products.id),
  stock: qualified(products.stockQuantity),
  threshold: qualified(products.lowStockThreshold),
};
const V = { id: qualified(productStocks.id), qty: qualified(productStocks.qty) };

/** spec 2 §4 stock status as a condition on a quantity, with the product's threshold (stockStatus in domain/catalogue). */
function inState(quantity: SQL, filter: StockFilter): SQL {
  if (filter === 'out_of_stock') return sql`${quantity} <= 0`;
  if (filter === 'low_stock') return sql`(${quantity} > 0 and ${quantity} <= ${P.threshold})`;
  return sql`true`;
}

const atLocation = (filters: StockSheetFilters): filters is StockSheetFilters & { store_location: number } =>
  filters.store_location !== undefined;

/** The kept sheet state (location_stocks.sheet_state, decision 0084) of each filter. */
const SHEET_STATES: Record<Exclude<StockFilter, 'all'>, string> = { out_of_stock: 'out', low_stock: 'low' };

/**
 * The location rows the sheet lists at the filter's location, in the filtered state: kept on the
 * row by triggers (null for the rows the sheet does not list), read through its index.
 */
function listedAt(filters: StockSheetFilters & { store_location: number }): SQL {
  const state =
    filters.stock_filter === 'all'
      ? sql`${locationStocks.sheetState} is not null`
      : sql`${locationStocks.sheetState} = ${SHEET_STATES[filters.stock_filter]}`;
  return sql`${locationStocks.storeLocationId} = ${filters.store_location} and ${state}`;
}

/** The condition a variant row (product_stocks and products in scope) must meet to be listed. */
export function variantCondition(filters: StockSheetFilters): SQL {
  if (atLocation(filters)) {
    return sql`exists (select 1 from ${locationStocks}
      where ${locationStocks.productId} = ${P.id} and ${locationStocks.variantId} = ${V.id}
        and ${listedAt(filters)})`;
  }
  return inState(V.qty, filters.stock_filter);
}

/**
 * The products with a listed item in the filtered state: at a location, those with a location row
 * in that state (from the kept state's index, not a probe of every product); elsewhere, a simple
 * product by its stock, a variable one by one of its variants.
 */
function stateCondition(filters: StockSheetFilters): SQL {
  if (atLocation(filters)) {
    return sql`${P.id} in (select ${locationStocks.productId} from ${locationStocks} where ${listedAt(filters)})`;
  }
  return sql`(case when ${products.isVariableProduct}
    then exists (select 1 from ${productStocks} where ${productStocks.productId} = ${P.id}
      and ${inState(V.qty, filters.stock_filter)})
    else ${inState(P.stock, filters.stock_filter)} end)`;
}

function productCondition(filters: StockSheetFilters): SQL {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  if (filters.search) {
    const pattern = likePattern(filters.search);
    // The products whose name or SKU matches, and those with a variant's SKU that does: each side
    // through its trigram index. Written as one OR with an EXISTS, the planner could use neither and
    // read the whole catalogue in name order (138 ms for "oak lamp" among 50,000 products; 20 ms so).
    conditions.push(
      sql`${P.id} in (select ${products.id} from ${products} where ${PRODUCT_SEARCH_TEXT} ilike ${pattern}
        union select ${productStocks.productId} from ${productStocks} where ${productStocks.sku} ilike ${pattern})`,
    );
  }
  if (filters.supplier) conditions.push(eq(products.supplierId, filters.supplier));
  if (filters.stock_filter !== 'all' || atLocation(filters)) conditions.push(stateCondition(filters));
  return and(...conditions)!;
}

export type SheetProduct = {
  id: number;
  name: string;
  sku: string | null;
  isVariable: boolean;
  stock: number;
  threshold: number;
  supplierId: number | null;
  supplierEmail: string | null;
  supplierFirstName: string | null;
  supplierLastName: string | null;
  supplierCompanyName: string | null;
};

const productColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  isVariable: products.isVariableProduct,
  stock: products.stockQuantity,
  threshold: products.lowStockThreshold,
  supplierId: products.supplierId,
  supplierEmail: users.email,
  supplierFirstName: users.firstName,
  supplierLastName: users.lastName,
  supplierCompanyName: users.companyName,
};

/** Whether the sheet lists every kept product (no search, no filter, no location). */
const isWholeSheet = (filters: StockSheetFilters) =>
  !filters.search && !filters.supplier && !atLocation(filters) && filters.stock_filter === 'all';

/**
 * The whole sheet's page: prepared, as the hot read (issue 13). The page's ids come from the
 * (name, id) index of kept products alone, then only those rows are read: a deep page no longer
 * reads every product before it (page 500 of 50,000: 37 → 3 ms, issue 18).
 */
const wholeSheetPage = preparedStatement((db) =>
  db
    .select(productColumns)
    .from(products)
    .leftJoin(users, eq(users.id, products.supplierId))
    .where(
      inArray(
        products.id,
        db
          .select({ id: products.id })
          .from(products)
          .where(isNull(products.deletedAt))
          .orderBy(asc(products.name), asc(products.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .prepare('stock_sheet_page'),
);

/** One batch of the sheet's products, in the sheet's order (name, then id). */
export async function sheetProductBatch(
  db: Executor,
  filters: StockSheetFilters,
  limit: number,
  offset: number,
): Promise<SheetProduct[]> {
  if (isWholeSheet(filters)) return wholeSheetPage(db).execute({ limit, offset });
  return db
    .select(productColumns)
    .from(products)
    .leftJoin(users, eq(users.id, products.supplierId))
    .where(productCondition(filters))
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit)
    .offset(offset);
}

export type SheetVariant = {
  id: number;
  productId: number;
  variant: string;
  sku: string | null;
  qty: number;
};
export type SheetPlacement = {
  productId: number;
  variantId: number | null;
  locationId: number;
  locationName: string;
  quantity: number;
};
export type SheetDetails = {
  variants: SheetVariant[];
  variantCounts: Map<number, number>;
  placements: SheetPlacement[];
};

const amongIds = (column: SQL) => sql`${column} = any(${sql.placeholder('ids')}::integer[])`;

const variantCountsStatement = preparedStatement((db) =>
  db
    .select({ productId: productStocks.productId, count: sql<number>`cast(count(*) as integer)` })
    .from(productStocks)
    .where(amongIds(sql`${productStocks.productId}`))
    .groupBy(productStocks.productId)
    .prepare('stock_sheet_variant_counts'),
);

const placementsStatement = preparedStatement((db) =>
  db
    .select({
      productId: locationStocks.productId,
      variantId: locationStocks.variantId,
      locationId: locationStocks.storeLocationId,
      locationName: storeLocations.name,
      quantity: locationStocks.quantity,
    })
    .from(locationStocks)
    .innerJoin(storeLocations, eq(storeLocations.id, locationStocks.storeLocationId))
    .where(amongIds(sql`${locationStocks.productId}`))
    .orderBy(asc(storeLocations.name), asc(storeLocations.id))
    .prepare('stock_sheet_placements'),
);

/** The variants, variant counts and location rows of a batch of products: three queries, whatever its size. */
export async function sheetDetails(
  db: Executor,
  filters: StockSheetFilters,
  productIds: number[],
): Promise<SheetDetails> {
  if (productIds.length === 0) return { variants: [], variantCounts: new Map(), placements: [] };
  const [variants, counts, placements] = await readTogether(db, [
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
        .innerJoin(products, eq(products.id, productStocks.productId))
        // Both sides named by the page's ids, so neither is read whole to join them.
        .where(
          and(
            inArray(productStocks.productId, productIds),
            inArray(products.id, productIds),
            variantCondition(filters),
          ),
        )
        .orderBy(asc(productStocks.productId), asc(productStocks.sortOrder), asc(productStocks.id)),
    () => variantCountsStatement(db).execute({ ids: productIds }),
    () => placementsStatement(db).execute({ ids: productIds }),
  ]);
  return { variants, variantCounts: new Map(counts.map((c) => [c.productId, c.count])), placements };
}

/** One page of the sheet: its products, and the details of those products only. */
export async function stockSheetPage(
  db: Executor,
  filters: StockSheetFilters,
  page: number,
  perPage: number,
) {
  const products_ = await paged(
    page,
    perPage,
    (limit, offset) => sheetProductBatch(db, filters, limit, offset),
    async () => {
      // Unfiltered, the sheet lists every kept product: their count is kept by triggers
      // (docs/decisions/0044).
      if (isWholeSheet(filters)) return rowCount(db, 'products');
      // Only a location (and a state): the listed rows there name the products, counted from
      // the kept state's index alone (26,000 of 50,000 products in 9 ms, decision 0084).
      if (atLocation(filters) && !filters.search && !filters.supplier) {
        const [row] = await db
          .select({ total: sql<number>`cast(count(*) as integer)` })
          .from(
            db
              .select({ productId: locationStocks.productId })
              .from(locationStocks)
              .where(listedAt(filters))
              .groupBy(locationStocks.productId)
              .as('listed'),
          );
        return row?.total ?? 0;
      }
      const [row] = await db
        .select({ total: sql<number>`cast(count(*) as integer)` })
        .from(products)
        .where(productCondition(filters));
      return row?.total ?? 0;
    },
  );
  const details = await sheetDetails(
    db,
    filters,
    products_.data.map((p) => p.id),
  );
  return { products: products_, details };
}

export type OverviewFigures = {
  total_products: number;
  total_stock_items: number;
  out_of_stock_count: number;
  low_stock_count: number;
  total_stock_quantity: number;
};

/**
 * spec 2 §3 Stock overview over every stock item of the shop's products (simple products and
 * variants): how many, how many out of stock or low, the units held. One query.
 */
export async function stockOverviewFigures(db: Executor): Promise<OverviewFigures> {
  const result = await db.execute(sql`
    with items as (
      select ${products.stockQuantity} as quantity, ${products.lowStockThreshold} as threshold
        from ${products}
       where ${products.deletedAt} is null and not ${products.isVariableProduct}
      union all
      select ${productStocks.qty}, ${products.lowStockThreshold}
        from ${productStocks} join ${products} on ${products.id} = ${productStocks.productId}
       where ${products.deletedAt} is null and ${products.isVariableProduct}
    )
    select
      (select cast(count(*) as integer) from ${products} where ${products.deletedAt} is null) as total_products,
      cast(count(*) as integer) as total_stock_items,
      cast(count(*) filter (where quantity <= 0) as integer) as out_of_stock_count,
      cast(count(*) filter (where quantity > 0 and quantity <= threshold) as integer) as low_stock_count,
      cast(coalesce(sum(greatest(quantity, 0)), 0) as integer) as total_stock_quantity
    from items`);
  const [row] = (result as unknown as { rows: OverviewFigures[] }).rows;
  return row!;
}
