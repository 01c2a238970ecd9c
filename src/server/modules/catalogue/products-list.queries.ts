import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { ProductListQuery } from '../../../contracts/catalogue';
import type { Buyer } from '../../../domain/pricing/discounts';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import {
  type FirstPageKey,
  firstPageShape,
  inFirstIds,
  inIdsPlaceholder,
  isFirstPageRead,
  preparedStatement,
  preparedStatements,
} from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
import { cachedReference } from '../../platform/db/reference-cache';
import { keptCountColumn, rowCount } from '../../platform/db/row-counts';
import { filteredPageIds } from '../../platform/db/searched-page';
import { likePattern, type PageRows, paged, rowsOfPage, rowsWithTotal } from '../../platform/http/paging';
import { files } from '../files';
import {
  brands,
  categories,
  PRODUCT_SEARCH_TEXT,
  productCategories,
  productStocks,
  products,
} from './catalogue.tables';
import { loadShopPricing, type ShopPricing, withParents } from './pricing-context';

export type ProductListFilters = Pick<
  ProductListQuery,
  'search' | 'category_id' | 'brand_id' | 'supplier_id' | 'is_active' | 'is_rental' | 'stock_status'
>;
export type ProductListOrder = Pick<ProductListQuery, 'sort' | 'direction'>;

/** A product the shop still has: deleted ones are gone from every list and read. */
export const notDeleted = isNull(products.deletedAt);

const variantQuantitySum = sql`(select coalesce(sum(${qualified(productStocks.qty)}), 0) from ${productStocks} where ${qualified(productStocks.productId)} = ${qualified(products.id)})`;

/**
 * The stock a product holds (spec 2 §4), in SQL for filtering and sorting: a variable product holds
 * the sum of its variants' quantities. Same rule as productStockQuantity in domain/catalogue.
 */
const STOCK = sql`(case when ${products.isVariableProduct} then ${variantQuantitySum} else ${products.stockQuantity} end)`;

/**
 * spec 2 §4 stock status as a condition, the same thresholds as stockStatus() in
 * domain/catalogue/product-rules: out at 0 or less, low at or below the threshold, else in stock.
 */
function stockStatusCondition(status: NonNullable<ProductListFilters['stock_status']>): SQL {
  switch (status) {
    case 'out_of_stock':
      return sql`${STOCK} <= 0`;
    case 'low_stock':
      return sql`(${STOCK} > 0 and ${STOCK} <= ${products.lowStockThreshold})`;
    case 'in_stock':
      return sql`(${STOCK} > 0 and ${STOCK} > ${products.lowStockThreshold})`;
  }
}

/**
 * In a category or one of its children (spec 2 §9: two levels, which save-category keeps).
 * Uncorrelated, so the categories and their products are read once, not once per product. Not a
 * recursive walk: PostgreSQL guesses a recursive query's size blindly (half the shop), and then
 * reads every product instead of the category's (issue 13).
 */
function inCategoryTree(categoryId: number): SQL {
  return sql`${products.id} in (
    select ${productCategories.productId} from ${productCategories}
    where ${productCategories.categoryId} in (
      select ${categories.id} from ${categories}
      where ${categories.id} = ${categoryId} or ${categories.parentId} = ${categoryId}
    )
  )`;
}

export function productFilters(query: ProductListFilters): SQL {
  const conditions: SQL[] = [notDeleted];
  if (query.search) conditions.push(sql`${PRODUCT_SEARCH_TEXT} ilike ${likePattern(query.search)}`);
  if (query.category_id !== undefined) conditions.push(inCategoryTree(query.category_id));
  if (query.brand_id !== undefined) conditions.push(eq(products.brandId, query.brand_id));
  if (query.supplier_id !== undefined) conditions.push(eq(products.supplierId, query.supplier_id));
  if (query.is_active) conditions.push(eq(products.isActive, query.is_active === '1'));
  if (query.is_rental) conditions.push(eq(products.isRentalProduct, query.is_rental === '1'));
  if (query.stock_status) conditions.push(stockStatusCondition(query.stock_status));
  return and(...conditions)!;
}

const SORT_COLUMNS: Record<ProductListOrder['sort'], SQL> = {
  created_at: sql`${products.createdAt}`,
  name: sql`${products.name}`,
  // A variable product's cheapest variant ("from" price), else its own: products.list_price, kept
  // by database triggers (migration 0012) so the products_list_price index serves the sort.
  price: sql`${products.listPrice}`,
  stock_quantity: STOCK,
};

/** The list's order; equal values keep a stable order by id in the same direction. */
export function productOrder(query: ProductListOrder): SQL[] {
  const by = query.direction === 'asc' ? asc : desc;
  return [by(SORT_COLUMNS[query.sort]), by(products.id)];
}

const productListColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  price: products.price,
  isActive: products.isActive,
  isVariableProduct: products.isVariableProduct,
  isRentalProduct: products.isRentalProduct,
  hasDiscount: products.hasDiscount,
  discountType: products.discountType,
  discount: products.discount,
  discountStartDate: products.discountStartDate,
  discountEndDate: products.discountEndDate,
  stockQuantity: products.stockQuantity,
  lowStockThreshold: products.lowStockThreshold,
  shopVisibility: products.shopVisibility,
  createdAt: products.createdAt,
  brandName: brands.name,
  supplierFirstName: users.firstName,
  supplierLastName: users.lastName,
  supplierCompanyName: users.companyName,
  supplierEmail: users.email,
  thumbnailPath: files.path,
  thumbnailPreviewPath: files.previewPath,
};

export type VariantPriceRow = { id: number; productId: number; price: string; qty: number };

export type ProductListRow = {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  price: string;
  isActive: boolean;
  isVariableProduct: boolean;
  isRentalProduct: boolean;
  hasDiscount: boolean;
  discountType: string;
  discount: string | null;
  discountStartDate: string | null;
  discountEndDate: string | null;
  stockQuantity: number;
  lowStockThreshold: number;
  shopVisibility: string[];
  createdAt: Date;
  brandName: string | null;
  supplierFirstName: string | null;
  supplierLastName: string | null;
  supplierCompanyName: string | null;
  supplierEmail: string | null;
  thumbnailPath: string | null;
  thumbnailPreviewPath: string | null;
  categoryNames: string[];
  /** The product's categories with their parents, as discount rules match them. */
  pricingCategoryIds: number[];
  variants: VariantPriceRow[];
};

/** The list's columns with the details each row shows, read in the same statement (decision 0092). */
const listSelection = {
  ...productListColumns,
  variants: sql<VariantPriceRow[]>`coalesce((
    select json_agg(json_build_object('id', s.id, 'productId', s.product_id, 'price', s.price::text,
      'qty', s.qty) order by s.sort_order, s.id)
    from ${productStocks} s where s.product_id = ${qualified(products.id)}), '[]')`,
  // Its categories' ids from the link's index alone: their names and parents are reference data
  // (categoriesById), read once per reference version instead of joined for every row.
  categoryIds: sql<number[]>`array(select pc.category_id from ${productCategories} pc
    where pc.product_id = ${qualified(products.id)})`,
};

type CategoryRef = { id: number; parentId: number | null; name: string; rank: number };

const loadCategories = async (db: Executor): Promise<Map<number, CategoryRef>> => {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name), asc(categories.id));
  return new Map(rows.map((row, rank) => [row.id, { ...row, rank }]));
};

/**
 * Every category by id, with its parent and its place in the order of names (the database's own
 * collation): kept per reference version (a category's write bumps it, migration 0026). A
 * category the kept map does not know yet (made since this request's version was read) is read
 * again.
 */
async function categoriesFor(db: Executor, rows: readonly { categoryIds: number[] }[]) {
  const kept = await cachedReference(db, 'catalogue:categories-by-id', () => loadCategories(db));
  return rows.every((row) => row.categoryIds.every((id) => kept.has(id))) ? kept : loadCategories(db);
}

/**
 * The page's products with their brand, supplier, thumbnail, categories, variants' prices and the
 * categories their prices are matched on, by id: one prepared statement for the page's ids found
 * before (docs/decisions/0092; the details were three statements).
 */
const rowsByIds = preparedStatement((db) =>
  db
    .select(listSelection)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(users, eq(users.id, products.supplierId))
    .leftJoin(files, eq(files.id, products.thumbnailId))
    .where(inIdsPlaceholder(products.id))
    .prepare('products_list_rows'),
);

/**
 * The whole list's first page in each order and page size, with its details and the kept count:
 * one statement, planned once (docs/decisions/0099); a later page keeps its two (decision 0092).
 */
const wholeListFirstPage = preparedStatements((db, key: FirstPageKey<ProductListOrder['sort']>) => {
  const { sort, direction, size } = firstPageShape(key);
  const order = productOrder({ sort, direction });
  return db
    .select({ ...listSelection, total: keptCountColumn('products') })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(users, eq(users.id, products.supplierId))
    .leftJoin(files, eq(files.id, products.thumbnailId))
    .where(inFirstIds(products.id, notDeleted, order, size))
    .orderBy(...order)
    .prepare(`products_first_${sort}_${direction}_${size}`);
});

/**
 * The whole list's page of ids in each order, with the kept count of products: prepared, as the
 * hot read (issue 13).
 */
const wholeListIds = preparedStatements(
  (db, key: `${ProductListOrder['sort']}:${ProductListOrder['direction']}`) => {
    const [sort, direction] = key.split(':') as [ProductListOrder['sort'], ProductListOrder['direction']];
    return db
      .select({ id: products.id, total: keptCountColumn('products') })
      .from(products)
      .where(notDeleted)
      .orderBy(...productOrder({ sort, direction }))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`products_page_${sort}_${direction}`);
  },
);

type ListSelectRow = Awaited<ReturnType<ReturnType<typeof rowsByIds>['execute']>>[number];

/** The rows with their categories by name (the list's column) and with their parents (the discount rules'). */
async function toListRows(db: Executor, rows: ListSelectRow[]): Promise<ProductListRow[]> {
  const byId = await categoriesFor(db, rows);
  // The rows just read get their two fields added: copying 27 columns a row cost more than the
  // statement itself on Node 20, where a spread followed by more properties gives every object a
  // map of its own (decision 0100).
  return rows.map((row) => {
    const refs = row.categoryIds
      .map((id) => byId.get(id))
      .filter((ref) => ref !== undefined)
      .sort((a, b) => a.rank - b.rank);
    return Object.assign(row, {
      categoryNames: refs.map((ref) => ref.name),
      pricingCategoryIds: withParents(refs),
    });
  });
}

/**
 * Products in list order, `limit` from `offset` (the list's page, the export's batch), with their
 * details. The ids are found first on the products table alone, then those rows with their
 * details: two statements whatever the page size, each planned once (a single statement with the
 * page as a subquery was planned again on every request: decision 0092). With the kept count when
 * nothing is filtered, the count of the matches when searched.
 */
async function productBatchWithTotal(
  db: Executor,
  query: ProductListFilters & ProductListOrder,
  limit: number,
  offset: number,
): Promise<PageRows<ProductListRow>> {
  if (isWholeList(query) && isFirstPageRead(limit, offset)) {
    const rows = await wholeListFirstPage(db, `${query.sort}:${query.direction}:${limit}`).execute();
    const page = rowsWithTotal(rows);
    return { ...page, rows: await toListRows(db, page.rows) };
  }
  const page: { id: number; total?: number }[] = isWholeList(query)
    ? await wholeListIds(db, `${query.sort}:${query.direction}`).execute({ limit, offset })
    : await filteredPageIds(
        db,
        {
          table: products,
          id: products.id,
          where: productFilters(query),
          sortKey: SORT_COLUMNS[query.sort],
          direction: query.direction,
        },
        Boolean(query.search),
        limit,
        offset,
      );
  return rowsOfPage(page, async (ids) => toListRows(db, await rowsByIds(db).execute({ ids })));
}

/** Products in list order, `limit` from `offset`, with their details. */
export async function productBatch(
  db: Executor,
  query: ProductListFilters & ProductListOrder,
  limit: number,
  offset: number,
): Promise<ProductListRow[]> {
  return (await productBatchWithTotal(db, query, limit, offset)).rows;
}

/** Whether the list shows every product the shop keeps (no search, no filter). */
function isWholeList(query: ProductListFilters): boolean {
  return (
    !query.search &&
    query.category_id === undefined &&
    query.brand_id === undefined &&
    query.supplier_id === undefined &&
    !query.is_active &&
    !query.is_rental &&
    !query.stock_status
  );
}

/**
 * The matching total: the kept products' count that triggers maintain when nothing is filtered,
 * else an exact count through the filter's index (docs/decisions/0044).
 */
export async function countProducts(db: Executor, query: ProductListFilters): Promise<number> {
  if (isWholeList(query)) return rowCount(db, 'products');
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(products)
    .where(productFilters(query));
  return row?.n ?? 0;
}

/** One page of the product list (spec 2 §2; spec 1 §2 paging). */
export async function listProducts(db: Executor, query: ProductListQuery) {
  return paged(
    query.page,
    query.per_page,
    (limit, offset) => productBatchWithTotal(db, query, limit, offset),
    () => countProducts(db, query),
  );
}

/**
 * Whom the back office's prices are for: a signed-in customer, with no rule used yet
 * (docs/decisions/0014). The admin's own role would price rules for "admin", which no shopper is.
 */
export const ADMIN_LIST_BUYER: Buyer = { roles: ['customer'], isGuest: false };

/** Today's rules and VAT settings, priced for ADMIN_LIST_BUYER. */
export async function loadAdminListPricing(db: Executor, now: Date): Promise<ShopPricing> {
  const pricing = await loadShopPricing(db, null, now);
  return { ...pricing, buyer: ADMIN_LIST_BUYER };
}
