import { and, asc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { StockFilter, StockSheetFilters } from '../../../contracts/stock';
import type { Paged } from '../../../domain/paging/paging';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import {
  inFirstIds,
  inIdsPlaceholder,
  isFirstPageRead,
  preparedStatement,
  preparedStatements,
} from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
import { keptCountColumn, rowCount } from '../../platform/db/row-counts';
import { filteredPageIds } from '../../platform/db/searched-page';
import { likePattern, type PageRows, paged, rowsOfPage, rowsWithTotal } from '../../platform/http/paging';
import { PRODUCT_SEARCH_TEXT, productStocks, products } from '../catalogue/catalogue.tables';
import { locationSheetProducts, locationStocks, storeLocations } from './stock.tables';

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

/**
 * The filters as the statements read them: the location is a number, or a placeholder in the
 * prepared statements of the sheet at one location (`locationSheet`).
 */
type SheetScope = Omit<StockSheetFilters, 'store_location'> & {
  store_location?: number | Placeholder<'location'> | undefined;
};

const atLocation = (
  filters: SheetScope,
): filters is SheetScope & { store_location: number | Placeholder<'location'> } =>
  filters.store_location !== undefined;

/** The kept sheet state (location_stocks.sheet_state, decision 0084) of each filter. */
const SHEET_STATES: Record<Exclude<StockFilter, 'all'>, string> = { out_of_stock: 'out', low_stock: 'low' };

/**
 * The location rows the sheet lists at the filter's location, in the filtered state: kept on the
 * row by triggers (null for the rows the sheet does not list), read through its index.
 */
function listedAt(filters: SheetScope & { store_location: number | Placeholder<'location'> }): SQL {
  const state =
    filters.stock_filter === 'all'
      ? sql`${locationStocks.sheetState} is not null`
      : sql`${locationStocks.sheetState} = ${SHEET_STATES[filters.stock_filter]}`;
  return sql`${locationStocks.storeLocationId} = ${filters.store_location} and ${state}`;
}

/**
 * The products listed at the filter's location, in the filtered state: their counted location rows
 * (location_sheet_products, kept by triggers, decision 0105), one index entry per product, each
 * condition exactly its partial index's.
 */
function productsListedAt(filters: SheetScope & { store_location: number | Placeholder<'location'> }): SQL {
  const C = locationSheetProducts;
  const state =
    filters.stock_filter === 'all'
      ? sql`${C.outRows} + ${C.lowRows} + ${C.inRows} > 0`
      : filters.stock_filter === 'out_of_stock'
        ? sql`${C.outRows} > 0`
        : sql`${C.lowRows} > 0`;
  return sql`${C.storeLocationId} = ${filters.store_location} and ${state}`;
}

/** The condition a variant row (product_stocks and products in scope) must meet to be listed. */
function variantCondition(filters: SheetScope): SQL {
  if (atLocation(filters)) {
    return sql`exists (select 1 from ${locationStocks}
      where ${locationStocks.productId} = ${P.id} and ${locationStocks.variantId} = ${V.id}
        and ${listedAt(filters)})`;
  }
  return inState(V.qty, filters.stock_filter);
}

/**
 * The products with a listed item in the filtered state: at a location, those with a location row
 * in that state (their counted rows' index, not a probe of every product); elsewhere, a simple
 * product by its stock, a variable one by one of its variants.
 */
function stateCondition(filters: SheetScope): SQL {
  if (atLocation(filters)) {
    return sql`${P.id} in (select ${locationSheetProducts.productId} from ${locationSheetProducts}
      where ${productsListedAt(filters)})`;
  }
  return sql`(case when ${products.isVariableProduct}
    then exists (select 1 from ${productStocks} where ${productStocks.productId} = ${P.id}
      and ${inState(V.qty, filters.stock_filter)})
    else ${inState(P.stock, filters.stock_filter)} end)`;
}

function productCondition(filters: SheetScope): SQL {
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

/** A variant the sheet lists under its product. */
export type SheetVariant = { id: number; variant: string; sku: string | null; qty: number };
/** A location row of the product or of one of its variants. */
export type SheetPlacement = {
  variantId: number | null;
  locationId: number;
  locationName: string;
  quantity: number;
};

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
  /** The variants the filter lists, in display order (none for a simple product). */
  variants: SheetVariant[];
  /** How many variants the product has, listed or not. */
  variantCount: number;
  /** Every location row of the product and its variants, by location name. */
  placements: SheetPlacement[];
};

/**
 * A product's row of the sheet with its details as JSON columns (the variants the filter lists,
 * the variant count, the location rows), so a page's rows are one statement where they were four
 * (docs/decisions/0092).
 */
function sheetColumns(filters: SheetScope) {
  return {
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
    variants: sql<SheetVariant[]>`case when ${products.isVariableProduct} then coalesce((
      select json_agg(json_build_object('id', ${V.id}, 'variant', ${qualified(productStocks.variant)},
        'sku', ${qualified(productStocks.sku)}, 'qty', ${V.qty})
        order by ${qualified(productStocks.sortOrder)}, ${V.id})
      from ${productStocks}
      where ${qualified(productStocks.productId)} = ${P.id} and ${variantCondition(filters)}), '[]') else '[]' end`,
    variantCount: sql<number>`case when ${products.isVariableProduct} then (
      select cast(count(*) as integer) from ${productStocks} vc where vc.product_id = ${P.id}) else 0 end`,
    placements: sql<SheetPlacement[]>`coalesce((
      select json_agg(json_build_object('variantId', ls.variant_id, 'locationId', ls.store_location_id,
        'locationName', sl.name, 'quantity', ls.quantity) order by sl.name, sl.id)
      from ${locationStocks} ls join ${storeLocations} sl on sl.id = ls.store_location_id
      where ls.product_id = ${P.id}), '[]')`,
  };
}

/** Whether the sheet lists every kept product (no search, no filter, no location). */
const isWholeSheet = (filters: StockSheetFilters) =>
  !filters.search && !filters.supplier && !atLocation(filters) && filters.stock_filter === 'all';

const WHOLE_SHEET: StockSheetFilters = {
  search: undefined,
  stock_filter: 'all',
  supplier: undefined,
  store_location: undefined,
};

/**
 * The whole sheet's page of ids, with the kept count of products (docs/decisions/0044): prepared,
 * as the hot read (issue 13), from the (name, id) index of kept products alone, so a deep page
 * does not read every product before it (page 500 of 50,000: 37 → 3 ms, issue 18).
 */
const wholeSheetIds = preparedStatement((db) =>
  db
    .select({ id: products.id, total: keptCountColumn('products') })
    .from(products)
    .where(isNull(products.deletedAt))
    .orderBy(asc(products.name), asc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('stock_sheet_page'),
);

/** The whole sheet's rows of the page's ids, with their details. */
const wholeSheetRows = preparedStatement((db) =>
  db
    .select(sheetColumns(WHOLE_SHEET))
    .from(products)
    .leftJoin(users, eq(users.id, products.supplierId))
    .where(inIdsPlaceholder(products.id))
    .prepare('stock_sheet_rows'),
);

/**
 * The whole sheet's first page of each size with its details and the kept count: one statement,
 * planned once (docs/decisions/0099); a later page keeps its two (decision 0092).
 */
const wholeSheetFirstPage = preparedStatements((db, size: `${number}`) => {
  const order = [asc(products.name), asc(products.id)];
  return db
    .select({ ...sheetColumns(WHOLE_SHEET), total: keptCountColumn('products') })
    .from(products)
    .leftJoin(users, eq(users.id, products.supplierId))
    .where(inFirstIds(products.id, isNull(products.deletedAt), order, Number(size)))
    .orderBy(...order)
    .prepare(`stock_sheet_first_${Number(size)}`);
});

/**
 * The sheet at one location, in one stock state or all (no search, no supplier): its page of ids,
 * those rows with their details, and its total, prepared per state with the location as a
 * placeholder. Built by drizzle on every request, the three statements cost about 0.5 ms of the
 * request's Node time, and PostgreSQL planned each again (issue 18).
 */
const locationScope = (state: StockFilter): SheetScope & { store_location: Placeholder<'location'> } => ({
  search: undefined,
  supplier: undefined,
  stock_filter: state,
  store_location: sql.placeholder('location'),
});

const locationSheetIds = preparedStatements((db, state: StockFilter) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(productCondition(locationScope(state)))
    .orderBy(asc(products.name), asc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`stock_sheet_location_${state}`),
);

const locationSheetRows = preparedStatements((db, state: StockFilter) =>
  db
    .select(sheetColumns(locationScope(state)))
    .from(products)
    .leftJoin(users, eq(users.id, products.supplierId))
    .where(inIdsPlaceholder(products.id))
    .prepare(`stock_sheet_location_rows_${state}`),
);

/**
 * The number of products listed at the location: their counted rows, one entry each in the state's
 * partial index (26,000 of 50,000 products in 3 ms, where grouping their 72,000 location rows took
 * 10 ms; decision 0105).
 */
const locationSheetTotal = preparedStatements((db, state: StockFilter) =>
  db
    .select({ total: sql<number>`cast(count(*) as integer)` })
    .from(locationSheetProducts)
    .where(productsListedAt(locationScope(state)))
    .prepare(`stock_sheet_location_total_${state}`),
);

/** The location of a sheet filtered by location (and state) alone, read by the statements above. */
function locationSheet(filters: StockSheetFilters): number | null {
  return filters.store_location !== undefined && !filters.search && !filters.supplier
    ? filters.store_location
    : null;
}

/**
 * One batch of the sheet's products in the sheet's order (name, then id), each with its details:
 * the batch's ids, then those rows with their details, two statements whatever the batch size,
 * prepared for the whole sheet so each is planned once (docs/decisions/0092). With the whole
 * sheet's kept count when the filters list every product, the count of the matches when searched.
 */
async function sheetBatchWithTotal(
  db: Executor,
  filters: StockSheetFilters,
  limit: number,
  offset: number,
): Promise<PageRows<SheetProduct>> {
  const whole = isWholeSheet(filters);
  if (whole && isFirstPageRead(limit, offset)) {
    const rows = await wholeSheetFirstPage(db, `${limit}`).execute();
    return rowsWithTotal(rows);
  }
  const location = locationSheet(filters);
  if (location !== null) {
    const state = filters.stock_filter;
    const page = await locationSheetIds(db, state).execute({ location, limit, offset });
    return rowsOfPage(page, (ids) => locationSheetRows(db, state).execute({ location, ids }));
  }
  const page: { id: number; total?: number }[] = whole
    ? await wholeSheetIds(db).execute({ limit, offset })
    : await filteredPageIds(
        db,
        {
          table: products,
          id: products.id,
          where: productCondition(filters),
          sortKey: sql`${products.name}`,
          direction: 'asc',
        },
        Boolean(filters.search),
        limit,
        offset,
      );
  return rowsOfPage(page, (ids) =>
    whole
      ? wholeSheetRows(db).execute({ ids })
      : db
          .select(sheetColumns(filters))
          .from(products)
          .leftJoin(users, eq(users.id, products.supplierId))
          .where(inArray(products.id, ids)),
  );
}

/** One batch of the sheet's products with their details (the export reads the sheet by batches). */
export async function sheetProductBatch(
  db: Executor,
  filters: StockSheetFilters,
  limit: number,
  offset: number,
): Promise<SheetProduct[]> {
  return (await sheetBatchWithTotal(db, filters, limit, offset)).rows;
}

/** The number of products the filters list. */
async function sheetTotal(db: Executor, filters: StockSheetFilters): Promise<number> {
  // Unfiltered, the sheet lists every kept product: their count is kept by triggers
  // (docs/decisions/0044).
  if (isWholeSheet(filters)) return rowCount(db, 'products');
  // Only a location (and a state): counted from the kept state's index (locationSheetTotal).
  const location = locationSheet(filters);
  if (location !== null) {
    const [row] = await locationSheetTotal(db, filters.stock_filter).execute({ location });
    return row?.total ?? 0;
  }
  const [row] = await db
    .select({ total: sql<number>`cast(count(*) as integer)` })
    .from(products)
    .where(productCondition(filters));
  return row?.total ?? 0;
}

/** One page of the sheet: its products with their details, and how many products the filters list. */
export async function stockSheetPage(
  db: Executor,
  filters: StockSheetFilters,
  page: number,
  perPage: number,
): Promise<Paged<SheetProduct>> {
  return paged(
    page,
    perPage,
    (limit, offset) => sheetBatchWithTotal(db, filters, limit, offset),
    () => sheetTotal(db, filters),
  );
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
 * variants): how many, how many out of stock or low, the units held. One query; the number of
 * products is the kept count (docs/decisions/0044), not a count of 50,000 rows (16 ms).
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
      ${keptCountColumn('products')} as total_products,
      cast(count(*) as integer) as total_stock_items,
      cast(count(*) filter (where quantity <= 0) as integer) as out_of_stock_count,
      cast(count(*) filter (where quantity > 0 and quantity <= threshold) as integer) as low_stock_count,
      cast(coalesce(sum(greatest(quantity, 0)), 0) as integer) as total_stock_quantity
    from items`);
  const [row] = (result as unknown as { rows: OverviewFigures[] }).rows;
  return row!;
}
