import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type {
  AttributesListQuery,
  AttributeValuesListQuery,
  BrandsListQuery,
  CategoriesListQuery,
  ColorsListQuery,
  ListReply,
  SuppliersListQuery,
  VatsListQuery,
} from '../../../contracts/catalogue-reference';
import type { VatType } from '../../../domain/catalogue/reference-rules';
import type { Paged } from '../../../domain/paging/paging';
import { roles, userRoles, users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { likePattern, paged } from '../../platform/http/paging';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  colors,
  productCategories,
  productStockAttributeValues,
  productStockColors,
  productStocks,
  products,
  vats,
} from './catalogue.tables';

/**
 * How many products use a record, as scalar subqueries of the list's own statement (one query per
 * page). Brands, categories and VAT rates count live products: a deleted product lets go of them
 * (set null / cascade). Colours and attribute values count every product whose variants hold them,
 * deleted ones included: those variants stay for order history and hold the row (restrict).
 */
export const brandProductsCount = sql<number>`cast((select count(*) from ${products} where ${qualified(products.brandId)} = ${qualified(brands.id)} and ${qualified(products.deletedAt)} is null) as integer)`;
export const vatProductsCount = sql<number>`cast((select count(*) from ${products} where ${qualified(products.vatId)} = ${qualified(vats.id)} and ${qualified(products.deletedAt)} is null) as integer)`;
export const categoryProductsCount = sql<number>`cast((select count(*) from ${productCategories} join ${products} on ${qualified(products.id)} = ${qualified(productCategories.productId)} where ${qualified(productCategories.categoryId)} = ${qualified(categories.id)} and ${qualified(products.deletedAt)} is null) as integer)`;
export const colorProductsCount = sql<number>`cast((select count(distinct ${qualified(productStocks.productId)}) from ${productStockColors} join ${productStocks} on ${qualified(productStocks.id)} = ${qualified(productStockColors.productStockId)} where ${qualified(productStockColors.colorId)} = ${qualified(colors.id)}) as integer)`;
export const attributeValueProductsCount = sql<number>`cast((select count(distinct ${qualified(productStocks.productId)}) from ${productStockAttributeValues} join ${productStocks} on ${qualified(productStocks.id)} = ${qualified(productStockAttributeValues.productStockId)} where ${qualified(productStockAttributeValues.attributeValueId)} = ${qualified(attributeValues.id)}) as integer)`;
export const attributeProductsCount = sql<number>`cast((select count(distinct ${qualified(productStocks.productId)}) from ${productStockAttributeValues} join ${productStocks} on ${qualified(productStocks.id)} = ${qualified(productStockAttributeValues.productStockId)} join ${attributeValues} on ${qualified(attributeValues.id)} = ${qualified(productStockAttributeValues.attributeValueId)} where ${qualified(attributeValues.attributeId)} = ${qualified(attributes.id)}) as integer)`;

const countAll = sql<number>`cast(count(*) as integer)`;

/** Who is asking: the storefront and other non-managers see only what is switched on. */
export type Audience = { onlyActive: boolean };

/**
 * A reference list: every matching row when no page is asked for (product forms load the whole
 * list), else one page in SQL with its total (docs/decisions/0012).
 */
async function pageOrAll<R>(
  page: number | undefined,
  perPage: number,
  fetch: (limit: number | null, offset: number) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<Paged<R> | ListReply<R>> {
  if (page === undefined) return { data: await fetch(null, 0) };
  return paged(page, perPage, (limit, offset) => fetch(limit, offset), count);
}

function windowed<T extends PgSelect>(query: T, limit: number | null, offset: number): T {
  return limit === null ? query : (query.limit(limit).offset(offset) as T);
}

function nameSearch(column: AnyPgColumn, search: string | undefined): SQL | undefined {
  return search ? sql`${column} ilike ${likePattern(search)}` : undefined;
}

function direction(query: { direction: 'asc' | 'desc' }) {
  return query.direction === 'asc' ? asc : desc;
}

// Brands ---------------------------------------------------------------------------------------

export type BrandRow = {
  id: number;
  name: string;
  slug: string;
  isActive: boolean;
  productsCount: number;
  createdAt: Date;
};

const brandColumns = {
  id: brands.id,
  name: brands.name,
  slug: brands.slug,
  isActive: brands.isActive,
  productsCount: brandProductsCount,
  createdAt: brands.createdAt,
};

/** GET /api/brands. */
export async function listBrands(db: Executor, query: BrandsListQuery, audience: Audience) {
  const where = and(
    audience.onlyActive ? eq(brands.isActive, true) : undefined,
    query.search
      ? or(nameSearch(brands.name, query.search), nameSearch(brands.slug, query.search))
      : undefined,
  );
  const column = query.sort === 'created_at' ? brands.createdAt : brands.name;
  return pageOrAll<BrandRow>(
    query.page,
    query.per_page,
    (limit, offset) =>
      windowed(
        db
          .select(brandColumns)
          .from(brands)
          .where(where)
          .orderBy(direction(query)(column), asc(brands.id))
          .$dynamic(),
        limit,
        offset,
      ),
    async () => (await db.select({ n: countAll }).from(brands).where(where))[0]?.n ?? 0,
  );
}

export async function findBrand(db: Executor, id: number): Promise<BrandRow | null> {
  const [row] = await db.select(brandColumns).from(brands).where(eq(brands.id, id)).limit(1);
  return row ?? null;
}

// Categories -----------------------------------------------------------------------------------

export type CategoryRow = {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  parentName: string | null;
  description: string | null;
  isActive: boolean;
  sortOrder: number;
  childrenCount: number;
  productsCount: number;
  createdAt: Date;
};

const parentName = sql<
  string | null
>`(select parent.name from ${categories} as parent where parent.id = ${qualified(categories.parentId)})`;
const parentIsActive = sql`coalesce((select parent.is_active from ${categories} as parent where parent.id = ${qualified(categories.parentId)}), true)`;
const childrenCount = sql<number>`cast((select count(*) from ${categories} as child where child.parent_id = ${qualified(categories.id)}) as integer)`;

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  parentId: categories.parentId,
  parentName,
  description: categories.description,
  isActive: categories.isActive,
  sortOrder: categories.sortOrder,
  childrenCount,
  productsCount: categoryProductsCount,
  createdAt: categories.createdAt,
};

/** Non-managers see active categories whose parent is active too (a hidden branch stays hidden). */
function categoryVisibility(audience: Audience): SQL | undefined {
  return audience.onlyActive ? and(eq(categories.isActive, true), sql`${parentIsActive}`) : undefined;
}

function categoryOrder(query: Pick<CategoriesListQuery, 'sort' | 'direction'>) {
  const dir = direction(query);
  if (query.sort === 'name') return [dir(categories.name), asc(categories.id)];
  if (query.sort === 'created_at') return [dir(categories.createdAt), asc(categories.id)];
  return [dir(categories.sortOrder), asc(categories.name), asc(categories.id)];
}

/** GET /api/categories: the flat list, each with its parent's name. */
export async function listCategories(db: Executor, query: CategoriesListQuery, audience: Audience) {
  const where = and(
    categoryVisibility(audience),
    query.search
      ? or(nameSearch(categories.name, query.search), nameSearch(categories.slug, query.search))
      : undefined,
  );
  return pageOrAll<CategoryRow>(
    query.page,
    query.per_page,
    (limit, offset) =>
      windowed(
        db
          .select(categoryColumns)
          .from(categories)
          .where(where)
          .orderBy(...categoryOrder(query))
          .$dynamic(),
        limit,
        offset,
      ),
    async () => (await db.select({ n: countAll }).from(categories).where(where))[0]?.n ?? 0,
  );
}

export type CategoryNode = CategoryRow & { children: CategoryRow[] };

/**
 * GET /api/categories?hierarchical=true&depth=2: top categories with their children, in sort order.
 * A search keeps the top categories that match (with all their children) and those with a child
 * that matches (with the matching children only). Categories are few, so the tree is built from
 * one query.
 */
export async function categoryTree(
  db: Executor,
  query: Pick<CategoriesListQuery, 'depth' | 'search' | 'sort' | 'direction'>,
  audience: Audience,
): Promise<CategoryNode[]> {
  const rows = await db
    .select(categoryColumns)
    .from(categories)
    .where(categoryVisibility(audience))
    .orderBy(...categoryOrder(query));
  const needle = query.search?.toLowerCase();
  const matches = (row: CategoryRow) =>
    !needle || row.name.toLowerCase().includes(needle) || row.slug.includes(needle);
  const tops = rows.filter((row) => row.parentId === null);
  const tree: CategoryNode[] = [];
  for (const top of tops) {
    const children = query.depth < 2 ? [] : rows.filter((row) => row.parentId === top.id);
    if (matches(top)) tree.push({ ...top, children });
    else {
      const found = children.filter(matches);
      if (found.length > 0) tree.push({ ...top, children: found });
    }
  }
  return tree;
}

export async function findCategory(db: Executor, id: number): Promise<CategoryRow | null> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id)).limit(1);
  return row ?? null;
}

// Colours --------------------------------------------------------------------------------------

export type ColorRow = { id: number; name: string; code: string; productsCount: number; createdAt: Date };

const colorColumns = {
  id: colors.id,
  name: colors.name,
  code: colors.code,
  productsCount: colorProductsCount,
  createdAt: colors.createdAt,
};

/** GET /api/colors. */
export async function listColors(db: Executor, query: ColorsListQuery) {
  const where = query.search
    ? or(nameSearch(colors.name, query.search), nameSearch(colors.code, query.search))
    : undefined;
  const column = query.sort === 'created_at' ? colors.createdAt : colors.name;
  return pageOrAll<ColorRow>(
    query.page,
    query.per_page,
    (limit, offset) =>
      windowed(
        db
          .select(colorColumns)
          .from(colors)
          .where(where)
          .orderBy(direction(query)(column), asc(colors.id))
          .$dynamic(),
        limit,
        offset,
      ),
    async () => (await db.select({ n: countAll }).from(colors).where(where))[0]?.n ?? 0,
  );
}

export async function findColor(db: Executor, id: number): Promise<ColorRow | null> {
  const [row] = await db.select(colorColumns).from(colors).where(eq(colors.id, id)).limit(1);
  return row ?? null;
}

// Attributes and their values ------------------------------------------------------------------

export type AttributeValueRow = {
  id: number;
  attribute_id: number;
  value: string;
  color_code: string | null;
  sort_order: number;
  products_count: number;
};

export type AttributeRow = {
  id: number;
  name: string;
  valuesCount: number;
  productsCount: number;
  createdAt: Date;
  values: AttributeValueRow[];
};

/** Every value of the attribute, in order, as one JSON column (no query per attribute). */
const valuesOfAttribute = sql<AttributeValueRow[]>`coalesce((select json_agg(json_build_object(
  'id', ${qualified(attributeValues.id)},
  'attribute_id', ${qualified(attributeValues.attributeId)},
  'value', ${qualified(attributeValues.value)},
  'color_code', ${qualified(attributeValues.colorCode)},
  'sort_order', ${qualified(attributeValues.sortOrder)},
  'products_count', ${attributeValueProductsCount}
) order by ${qualified(attributeValues.sortOrder)}, ${qualified(attributeValues.value)}, ${qualified(attributeValues.id)})
from ${attributeValues} where ${qualified(attributeValues.attributeId)} = ${qualified(attributes.id)}), '[]'::json)`;

const valuesCount = sql<number>`cast((select count(*) from ${attributeValues} where ${qualified(attributeValues.attributeId)} = ${qualified(attributes.id)}) as integer)`;

const attributeColumns = {
  id: attributes.id,
  name: attributes.name,
  valuesCount,
  productsCount: attributeProductsCount,
  createdAt: attributes.createdAt,
  values: valuesOfAttribute,
};

/** GET /api/attributes: each attribute with its values. A search matches names and values. */
export async function listAttributes(db: Executor, query: AttributesListQuery) {
  const pattern = query.search ? likePattern(query.search) : null;
  const where = pattern
    ? sql`(${qualified(attributes.name)} ilike ${pattern} or exists (select 1 from ${attributeValues} where ${qualified(attributeValues.attributeId)} = ${qualified(attributes.id)} and ${qualified(attributeValues.value)} ilike ${pattern}))`
    : undefined;
  const column = query.sort === 'created_at' ? attributes.createdAt : attributes.name;
  return pageOrAll<AttributeRow>(
    query.page,
    query.per_page,
    (limit, offset) =>
      windowed(
        db
          .select(attributeColumns)
          .from(attributes)
          .where(where)
          .orderBy(direction(query)(column), asc(attributes.id))
          .$dynamic(),
        limit,
        offset,
      ),
    async () => (await db.select({ n: countAll }).from(attributes).where(where))[0]?.n ?? 0,
  );
}

export async function findAttribute(db: Executor, id: number): Promise<AttributeRow | null> {
  const [row] = await db.select(attributeColumns).from(attributes).where(eq(attributes.id, id)).limit(1);
  return row ?? null;
}

const attributeValueColumns = {
  id: attributeValues.id,
  attribute_id: attributeValues.attributeId,
  value: attributeValues.value,
  color_code: attributeValues.colorCode,
  sort_order: attributeValues.sortOrder,
  products_count: attributeValueProductsCount,
};

/** GET /admin/api/attributes/{id}/values: one page of an attribute's values (15, spec 3 §9). */
export async function listAttributeValues(
  db: Executor,
  attributeId: number,
  query: AttributeValuesListQuery,
) {
  const where = and(
    eq(attributeValues.attributeId, attributeId),
    query.search ? sql`${attributeValues.value} ilike ${likePattern(query.search)}` : undefined,
  );
  const order =
    query.sort === 'value'
      ? [direction(query)(attributeValues.value), asc(attributeValues.id)]
      : [direction(query)(attributeValues.sortOrder), asc(attributeValues.value), asc(attributeValues.id)];
  return paged<AttributeValueRow>(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select(attributeValueColumns)
        .from(attributeValues)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: countAll }).from(attributeValues).where(where))[0]?.n ?? 0,
  );
}

export async function findAttributeValue(
  db: Executor,
  attributeId: number,
  id: number,
): Promise<AttributeValueRow | null> {
  const [row] = await db
    .select(attributeValueColumns)
    .from(attributeValues)
    .where(and(eq(attributeValues.id, id), eq(attributeValues.attributeId, attributeId)))
    .limit(1);
  return row ?? null;
}

// VAT rates ------------------------------------------------------------------------------------

export type VatRow = {
  id: number;
  name: string;
  type: VatType;
  rate: string;
  isActive: boolean;
  isDefault: boolean;
  productsCount: number;
  createdAt: Date;
};

const vatColumns = {
  id: vats.id,
  name: vats.name,
  type: sql<VatType>`${vats.type}`,
  rate: vats.rate,
  isActive: vats.isActive,
  isDefault: vats.isDefault,
  productsCount: vatProductsCount,
  createdAt: vats.createdAt,
};

/** GET /api/vats. */
export async function listVats(db: Executor, query: VatsListQuery) {
  const where = query.search
    ? or(nameSearch(vats.name, query.search), nameSearch(vats.type, query.search))
    : undefined;
  const column = query.sort === 'created_at' ? vats.createdAt : query.sort === 'rate' ? vats.rate : vats.name;
  return pageOrAll<VatRow>(
    query.page,
    query.per_page,
    (limit, offset) =>
      windowed(
        db
          .select(vatColumns)
          .from(vats)
          .where(where)
          .orderBy(direction(query)(column), asc(vats.id))
          .$dynamic(),
        limit,
        offset,
      ),
    async () => (await db.select({ n: countAll }).from(vats).where(where))[0]?.n ?? 0,
  );
}

export async function findVat(db: Executor, id: number): Promise<VatRow | null> {
  const [row] = await db.select(vatColumns).from(vats).where(eq(vats.id, id)).limit(1);
  return row ?? null;
}

// Suppliers ------------------------------------------------------------------------------------

export type SupplierRow = { id: number; name: string; companyName: string | null; email: string };

const personName = sql<string>`trim(coalesce(${qualified(users.firstName)}, '') || ' ' || coalesce(${qualified(users.lastName)}, ''))`;
/** The person's name, else the company's, else the e-mail address: never empty. */
export const supplierName = sql<string>`coalesce(nullif(${personName}, ''), nullif(${qualified(users.companyName)}, ''), ${qualified(users.email)})`;
export const holdsSupplierRole = sql`exists (select 1 from ${userRoles} join ${roles} on ${qualified(roles.id)} = ${qualified(userRoles.roleId)} where ${qualified(userRoles.userId)} = ${qualified(users.id)} and ${qualified(roles.name)} = 'supplier')`;

/** GET /api/suppliers: users holding the supplier role (spec 2 §7). */
export async function listSuppliers(db: Executor, query: SuppliersListQuery) {
  const pattern = query.search ? likePattern(query.search) : null;
  const where = and(
    holdsSupplierRole,
    pattern
      ? sql`(${supplierName} ilike ${pattern} or coalesce(${users.companyName}, '') ilike ${pattern} or ${users.email} ilike ${pattern})`
      : undefined,
  );
  const order =
    query.sort === 'email'
      ? direction(query)(users.email)
      : query.sort === 'created_at'
        ? direction(query)(users.createdAt)
        : direction(query)(sql`lower(${supplierName})`);
  return pageOrAll<SupplierRow>(
    query.page,
    query.per_page,
    (limit, offset) =>
      windowed(
        db
          .select({ id: users.id, name: supplierName, companyName: users.companyName, email: users.email })
          .from(users)
          .where(where)
          .orderBy(order, asc(users.id))
          .$dynamic(),
        limit,
        offset,
      ),
    async () => (await db.select({ n: countAll }).from(users).where(where))[0]?.n ?? 0,
  );
}
