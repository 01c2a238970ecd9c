import { and, asc, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  SHOP_PAGE_SIZE,
  type ShopListQuery,
  type ShopSort,
  slugParam,
} from '../../../contracts/shop-catalogue';
import type { SessionSideRead } from '../../platform/auth/session-side-read';
import type { Executor } from '../../platform/db/database';
import { inFirstIds, preparedStatement, preparedStatements } from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
import { readTogether } from '../../platform/db/read-together';
import { cachedReference } from '../../platform/db/reference-cache';
import { hasBadCharacter } from '../../platform/http/clean-input';
import { inIdOrder, likePattern } from '../../platform/http/paging';
import { files } from '../files';
import {
  brands,
  categories,
  colors,
  PRODUCT_SEARCH_TEXT,
  productCategories,
  productStockColors,
  productStocks,
  products,
} from './catalogue.tables';
import { productCategoryRefsColumn, withParents } from './pricing-context';
import {
  type ProductDetail,
  productDetailSelect,
  productRowVersion,
  toProductDetail,
} from './product.queries';
import { shopVisibleTo } from './shop-visibility';

/**
 * The storefront's reads of the catalogue (issue 14): what a visitor in a role may see, paged in
 * SQL. The whole listing's page of ids, the rows of a page, a product by slug and the product page
 * are prepared statements (issue 13: the hot reads); a filtered listing is built per request.
 */

/** Who is looking: the session's active role, or "guest". */
export type ShopViewerRole = string;

const variantQuantitySum = sql`(select coalesce(sum(${qualified(productStocks.qty)}), 0) from ${productStocks} where ${qualified(productStocks.productId)} = ${qualified(products.id)})`;
/** The stock a product holds: a variable product the sum of its variants (as the admin list). */
const STOCK = sql`(case when ${products.isVariableProduct} then ${variantQuantitySum} else ${products.stockQuantity} end)`;

const SHOP_ORDER: Record<ShopSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  // The stored list price (a variable product's cheapest variant), kept by triggers (decision 0034).
  price_asc: [asc(products.listPrice), asc(products.id)],
  price_desc: [desc(products.listPrice), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
};

export type ShopListFilters = Omit<ShopListQuery, 'page' | 'sort'> & {
  /** The category page's category, resolved from its slug (with its children). */
  categoryId?: number;
  brandId?: number;
  /** The stock settings' out_of_stock_behavior "hide": products without stock are not listed. */
  hideOutOfStock: boolean;
};

function isWholeList(f: ShopListFilters): boolean {
  return (
    !f.search &&
    f.categoryId === undefined &&
    f.brandId === undefined &&
    f.color === undefined &&
    f.min_price === undefined &&
    f.max_price === undefined &&
    !f.in_stock
  );
}

function shopFilters(role: string, f: ShopListFilters): SQL {
  const conditions: SQL[] = [shopVisibleTo(role)];
  if (f.search) conditions.push(sql`${PRODUCT_SEARCH_TEXT} ilike ${likePattern(f.search)}`);
  if (f.categoryId !== undefined)
    conditions.push(sql`${products.id} in (
      select ${productCategories.productId} from ${productCategories}
      where ${productCategories.categoryId} in (
        select ${categories.id} from ${categories}
        where (${categories.id} = ${f.categoryId} or ${categories.parentId} = ${f.categoryId})
          and ${categories.isActive}
      ))`);
  if (f.brandId !== undefined) conditions.push(eq(products.brandId, f.brandId));
  if (f.color !== undefined)
    conditions.push(sql`${products.id} in (
      select ${productStocks.productId} from ${productStocks}
      join ${productStockColors} on ${productStockColors.productStockId} = ${productStocks.id}
      where ${productStockColors.colorId} = ${f.color})`);
  if (f.min_price !== undefined) conditions.push(sql`${products.listPrice} >= ${f.min_price}`);
  if (f.max_price !== undefined) conditions.push(sql`${products.listPrice} <= ${f.max_price}`);
  if (f.in_stock || f.hideOutOfStock) conditions.push(sql`${STOCK} > 0`);
  return and(...conditions)!;
}

/**
 * A page's ids, picked on the narrow rows (sorted, offset, limited). The offset is a parameter or
 * a value, so PostgreSQL plans it on every execution (decision 0092), which for the ids alone is
 * cheap; the cards of those ids follow in a statement planned once (decision 0109).
 */
function pageIds(
  db: Executor,
  where: SQL,
  sort: ShopSort,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...SHOP_ORDER[sort])
    .limit(limit)
    .offset(offset);
}

/** Who sees a product in the whole listing per stock rule, for the role given at execution. */
function wholeListWhere(stock: 'all' | 'stocked'): SQL {
  const shown = shopVisibleTo(sql`${sql.placeholder('role')}::text`);
  return stock === 'stocked' ? and(shown, sql`${STOCK} > 0`)! : shown;
}

/**
 * The whole listing's first page of cards per sort and stock rule, for any role: one statement
 * with the page's size written in (decision 0099), so PostgreSQL plans it once per connection.
 */
const wholeListFirstCards = preparedStatements((db, key: `${ShopSort}:${'all' | 'stocked'}`) => {
  const [sort, stock] = key.split(':') as [ShopSort, 'all' | 'stocked'];
  return cardsSelect(db)
    .where(inFirstIds(products.id, wholeListWhere(stock), SHOP_ORDER[sort], SHOP_PAGE_SIZE))
    .orderBy(...SHOP_ORDER[sort])
    .prepare(`shop_product_cards_first_${sort}_${stock}`);
});

/** A later page's ids of the whole listing per sort and stock rule, for any role: prepared. */
const wholeListIds = preparedStatements((db, key: `${ShopSort}:${'all' | 'stocked'}`) => {
  const [sort, stock] = key.split(':') as [ShopSort, 'all' | 'stocked'];
  return pageIds(
    db,
    wholeListWhere(stock),
    sort,
    sql.placeholder('limit'),
    sql.placeholder('offset'),
  ).prepare(`shop_product_ids_page_${sort}_${stock}`);
});

/** A page of the whole listing: the first page in one statement, a later page in two (decision 0109). */
async function wholeListPage(
  db: Executor,
  role: ShopViewerRole,
  key: `${ShopSort}:${'all' | 'stocked'}`,
  limit: number,
  offset: number,
): Promise<CardSelectRow[]> {
  if (offset === 0 && limit === SHOP_PAGE_SIZE) return wholeListFirstCards(db, key).execute({ role });
  return cardsOfIds(db, await wholeListIds(db, key).execute({ role, limit, offset }));
}

/** The cards of a page's ids, in their order: one statement planned once per connection. */
async function cardsOfIds(db: Executor, page: { id: number }[]): Promise<CardSelectRow[]> {
  if (page.length === 0) return [];
  const ids = page.map((r) => r.id);
  return inIdOrder(ids, await cardsByIds(db).execute({ ids }));
}

const wholeListCount = preparedStatements((db, stock: 'all' | 'stocked') => {
  return db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(products)
    .where(wholeListWhere(stock))
    .prepare(`shop_products_count_${stock}`);
});

/**
 * The key a listing's total is kept under per reference version, or null when it is counted. At
 * 50 000 products counting was most of a listing page's time (issue 13) and of a category page's
 * (decision 0110). What changes who sees a product (added, deleted, switched, its shop visibility:
 * migrations 0026, 0030), the categories and their links to products (0026, 0042) bump the version.
 * With out-of-stock products hidden the total follows every sale, and a filter's total is counted.
 */
function keptTotalKey(role: ShopViewerRole, f: ShopListFilters): string | null {
  if (f.hideOutOfStock) return null;
  if (isWholeList(f)) return `shop-listing-total:${role}`;
  if (f.categoryId !== undefined && isWholeList({ ...f, categoryId: undefined }))
    return `shop-category-total:${role}:${f.categoryId}`;
  return null;
}

/** How many products a listing holds for a role: kept when keptTotalKey says so, otherwise counted. */
function listingTotal(
  db: Executor,
  role: ShopViewerRole,
  filters: ShopListFilters,
  where: SQL | null,
): Promise<number> {
  const stock = filters.hideOutOfStock ? 'stocked' : 'all';
  const count = () =>
    (where === null
      ? wholeListCount(db, stock).execute({ role })
      : db.select({ n: sql<number>`cast(count(*) as integer)` }).from(products).where(where)
    ).then((r) => r[0]?.n ?? 0);
  const key = keptTotalKey(role, filters);
  return key === null ? count() : cachedReference(db, key, count);
}

export type ShopCardRow = {
  id: number;
  name: string;
  slug: string;
  price: string;
  isVariableProduct: boolean;
  hasDiscount: boolean;
  discountType: string;
  discount: string | null;
  discountStartDate: string | null;
  discountEndDate: string | null;
  stockQuantity: number;
  lowStockThreshold: number;
  brandName: string | null;
  image: { path: string; previewPath: string | null; width: number | null; height: number | null } | null;
  colors: { id: number; name: string; code: string }[];
  variants: { price: string; qty: number }[];
  pricingCategoryIds: number[];
};

/**
 * The shop's cards: each product with its brand, thumbnail, colours, variants' prices and stock,
 * and categories; callers add what picks and orders the rows. PostgreSQL works out the JSON
 * columns only for the rows a LIMIT keeps (they are costly, so the planner puts them after it).
 */
function cardsSelect(db: Executor) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      price: products.price,
      isVariableProduct: products.isVariableProduct,
      hasDiscount: products.hasDiscount,
      discountType: products.discountType,
      discount: products.discount,
      discountStartDate: products.discountStartDate,
      discountEndDate: products.discountEndDate,
      stockQuantity: products.stockQuantity,
      lowStockThreshold: products.lowStockThreshold,
      brandName: brands.name,
      imagePath: files.path,
      imagePreviewPath: files.previewPath,
      imageWidth: files.width,
      imageHeight: files.height,
      colors: sql<{ id: number; name: string; code: string }[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'code', c.code) order by c.name, c.id)
        from ${colors} c where c.id in (
          select sc.color_id from ${productStockColors} sc
          join ${productStocks} s on s.id = sc.product_stock_id
          where s.product_id = ${qualified(products.id)})), '[]')`,
      variants: sql<{ price: string; qty: number }[]>`coalesce((
        select json_agg(json_build_object('price', s.price::text, 'qty', s.qty) order by s.sort_order, s.id)
        from ${productStocks} s where s.product_id = ${qualified(products.id)}), '[]')`,
      // Its categories and their parents, as the discount rules match them.
      categories: productCategoryRefsColumn,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(files, eq(files.id, products.thumbnailId));
}

type CardSelectRow = Awaited<ReturnType<ReturnType<typeof cardsSelect>['execute']>>[number];

const cardsByIds = preparedStatement((db) =>
  cardsSelect(db)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('shop_product_cards'),
);

/**
 * The card's image and pricing categories, added to the row just read: copying each row (a rest
 * to drop the image's columns, a spread to add two fields) cost about 10 µs a card on Node 20,
 * where a spread followed by more properties gives every object a map of its own (decision 0100).
 * The presenter picks its fields, so the columns left on the row never reach a page.
 */
function toCard(row: CardSelectRow): ShopCardRow {
  return Object.assign(row, {
    image:
      row.imagePath === null
        ? null
        : {
            path: row.imagePath,
            previewPath: row.imagePreviewPath,
            width: row.imageWidth,
            height: row.imageHeight,
          },
    pricingCategoryIds: withParents(row.categories),
  });
}

/** The cards of these products, in the order of `ids`, with their categories for pricing: one query. */
export async function shopCards(db: Executor, ids: readonly number[]): Promise<ShopCardRow[]> {
  if (ids.length === 0) return [];
  const rows = await cardsByIds(db).execute({ ids: [...ids] });
  return inIdOrder(ids, rows.map(toCard));
}

/** One page of the listing for a role: the page's cards, then the total when the page does not tell it. */
export async function shopProductPage(
  db: Executor,
  role: ShopViewerRole,
  filters: ShopListFilters,
  sort: ShopSort,
  limit: number,
  offset: number,
): Promise<{ rows: ShopCardRow[]; total: number }> {
  const stock = filters.hideOutOfStock ? 'stocked' : 'all';
  const whole = isWholeList(filters);
  const where = whole ? null : shopFilters(role, filters);
  const rows = (
    where === null
      ? await wholeListPage(db, role, `${sort}:${stock}`, limit, offset)
      : await cardsOfIds(db, await pageIds(db, where, sort, limit, offset))
  ).map(toCard);
  const total =
    offset === 0 && rows.length < limit ? rows.length : await listingTotal(db, role, filters, where);
  return { rows, total };
}

/** The featured products of the home page for a role, newest first. */
export async function featuredShopProducts(db: Executor, role: ShopViewerRole, limit: number) {
  const ids = await db
    .select({ id: products.id })
    .from(products)
    .where(and(shopVisibleTo(role), eq(products.isFeatured, true)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return shopCards(
    db,
    ids.map((r) => r.id),
  );
}

const shopDetailBySlug = preparedStatement((db) =>
  productDetailSelect(db)
    .where(
      and(eq(products.slug, sql.placeholder('slug')), shopVisibleTo(sql`${sql.placeholder('role')}::text`)),
    )
    .limit(1)
    .prepare('shop_product_detail_by_slug'),
);

const shopDetailById = preparedStatement((db) =>
  productDetailSelect(db)
    .where(and(eq(products.id, sql.placeholder('id')), shopVisibleTo(sql`${sql.placeholder('role')}::text`)))
    .limit(1)
    .prepare('shop_product_detail_by_id'),
);

export type ShopProductKey = { slug: string } | { id: number };

/**
 * The product page's product, when the role may see it, by slug or id, with its detail and the
 * version of its row: one prepared statement. Null for unknown, deleted, inactive and hidden
 * products alike. Its active categories (by name) are the page's breadcrumbs.
 */
export async function findShopProduct(
  db: Executor,
  role: ShopViewerRole,
  key: ShopProductKey,
): Promise<(ProductDetail & { categorySlugs: { name: string; slug: string }[]; version: string }) | null> {
  const [row] =
    'slug' in key
      ? await shopDetailBySlug(db).execute({ slug: key.slug, role })
      : await shopDetailById(db).execute({ id: key.id, role });
  if (!row) return null;
  const detail = toProductDetail(row);
  const categorySlugs = detail.categories
    .filter((category) => category.isActive)
    .map(({ name, slug }) => ({ name, slug }));
  return { ...detail, categorySlugs, version: row.version };
}

const versionSelect = (db: Executor) => db.select({ version: productRowVersion }).from(products);

const shopVersionBySlug = preparedStatement((db) =>
  versionSelect(db)
    .where(
      and(eq(products.slug, sql.placeholder('slug')), shopVisibleTo(sql`${sql.placeholder('role')}::text`)),
    )
    .limit(1)
    .prepare('shop_product_version_by_slug'),
);

const shopVersionById = preparedStatement((db) =>
  versionSelect(db)
    .where(and(eq(products.id, sql.placeholder('id')), shopVisibleTo(sql`${sql.placeholder('role')}::text`)))
    .limit(1)
    .prepare('shop_product_version_by_id'),
);

/**
 * The version of the product's row (findShopProduct's `version`) when the role may see it, null as
 * findShopProduct answers null: one index lookup, no detail.
 */
export async function shopProductVersion(
  db: Executor,
  role: ShopViewerRole,
  key: ShopProductKey,
): Promise<string | null> {
  const [row] =
    'slug' in key
      ? await shopVersionBySlug(db).execute({ slug: key.slug, role })
      : await shopVersionById(db).execute({ id: key.id, role });
  return row?.version ?? null;
}

/**
 * The product page's row version, read in the session's statement (docs/decisions/0103): the
 * version of the live product's row whoever asks, null when there is none. The role is not known
 * before the session is read, and need not be: a view is kept per role under the version it was
 * presented at, and a change of the product's visibility or activity is a change of its row, so of
 * its version. A product the role may not see is read again in full and not kept (shopProductView).
 */
export const productVersionBySlug: SessionSideRead = {
  name: 'product_version_by_slug',
  column: sql`select ${productRowVersion} from ${products}
    where ${qualified(products.slug)} = ${sql.placeholder('side')}::text and ${qualified(products.deletedAt)} is null
    limit 1`,
  input: (params) => {
    const parsed = slugParam.safeParse(params);
    return parsed.success && !hasBadCharacter(parsed.data.slug) ? parsed.data.slug : null;
  },
};

/** An active category by slug, with its description, for the category page. */
export async function findShopCategory(db: Executor, slug: string) {
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
    })
    .from(categories)
    .where(and(eq(categories.slug, slug), eq(categories.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** An active brand by slug. */
export async function findShopBrand(db: Executor, slug: string) {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.slug, slug), eq(brands.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** The listing's filter choices: active categories (parents before children), active brands, colours. */
const facetsStatement = preparedStatement((db) =>
  db
    .select({
      categories: sql<{ name: string; slug: string; parent: string | null }[]>`coalesce((
        select json_agg(json_build_object('name', c.name, 'slug', c.slug, 'parent', p.name)
          order by coalesce(p.sort_order, c.sort_order), coalesce(p.id, c.id), c.parent_id nulls first, c.sort_order, c.id)
        from ${categories} c left join ${categories} p on p.id = c.parent_id
        where c.is_active and (p.id is null or p.is_active)), '[]')`,
      brands: sql<{ name: string; slug: string }[]>`coalesce((
        select json_agg(json_build_object('name', b.name, 'slug', b.slug) order by b.name)
        from ${brands} b where b.is_active), '[]')`,
      colors: sql<{ id: number; name: string; code: string }[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'code', c.code) order by c.name)
        from ${colors} c), '[]')`,
    })
    .from(sql`(select 1) as one`)
    .prepare('shop_facets'),
);

export async function shopFacets(db: Executor) {
  return cachedReference(db, 'shop-facets', async () => {
    const [row] = await facetsStatement(db).execute();
    return row ?? { categories: [], brands: [], colors: [] };
  });
}

/** What the sitemap lists: every product guests may see and every active category. */
export async function sitemapEntries(db: Executor) {
  const [productRows, categoryRows] = await readTogether(db, [
    () =>
      db
        .select({ slug: products.slug, updatedAt: products.updatedAt })
        .from(products)
        .where(shopVisibleTo('guest'))
        .orderBy(asc(products.id)),
    () =>
      db
        .select({ slug: categories.slug, updatedAt: categories.updatedAt })
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(asc(categories.id)),
  ]);
  return { products: productRows, categories: categoryRows };
}
