import { and, asc, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DiscountListQuery, SelectorQuery } from '../../../contracts/discounts';
import type { PricingRule } from '../../../domain/pricing/discounts';
import type { Executor } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { readTogether } from '../../platform/db/read-together';
import { likePattern, paged } from '../../platform/http/paging';
import {
  categories,
  discountRuleCategories,
  discountRuleProducts,
  discountRules,
  products,
} from './catalogue.tables';
import { toPricingRule } from './pricing-context';

export type DiscountRuleRow = typeof discountRules.$inferSelect;
export type ProductRef = { id: number; name: string; sku: string | null };
export type CategoryRef = { id: number; name: string; parentId: number | null; parentName: string | null };
export type RuleWithTargets = DiscountRuleRow & { products: ProductRef[]; categories: CategoryRef[] };

const parent = alias(categories, 'parent_category');

/**
 * The products and categories of some rules, in two queries whatever the number of rules (a
 * product soft-deleted after the rule was saved still shows, so the rule can be corrected).
 */
async function targetsOf(db: Executor, ruleIds: readonly number[]) {
  const productsByRule = new Map<number, ProductRef[]>();
  const categoriesByRule = new Map<number, CategoryRef[]>();
  if (ruleIds.length === 0) return { productsByRule, categoriesByRule };
  const [productRows, categoryRows] = await readTogether(db, [
    () =>
      db
        .select({
          ruleId: discountRuleProducts.discountRuleId,
          id: products.id,
          name: products.name,
          sku: products.sku,
        })
        .from(discountRuleProducts)
        .innerJoin(products, eq(products.id, discountRuleProducts.productId))
        .where(inArray(discountRuleProducts.discountRuleId, [...ruleIds]))
        .orderBy(asc(products.name), asc(products.id)),
    () =>
      db
        .select({
          ruleId: discountRuleCategories.discountRuleId,
          id: categories.id,
          name: categories.name,
          parentId: categories.parentId,
          parentName: parent.name,
        })
        .from(discountRuleCategories)
        .innerJoin(categories, eq(categories.id, discountRuleCategories.categoryId))
        .leftJoin(parent, eq(parent.id, categories.parentId))
        .where(inArray(discountRuleCategories.discountRuleId, [...ruleIds]))
        .orderBy(asc(categories.name), asc(categories.id)),
  ]);
  for (const { ruleId, ...product } of productRows) {
    productsByRule.set(ruleId, [...(productsByRule.get(ruleId) ?? []), product]);
  }
  for (const { ruleId, ...category } of categoryRows) {
    categoriesByRule.set(ruleId, [...(categoriesByRule.get(ruleId) ?? []), category]);
  }
  return { productsByRule, categoriesByRule };
}

async function withTargets(db: Executor, rows: DiscountRuleRow[]): Promise<RuleWithTargets[]> {
  const { productsByRule, categoriesByRule } = await targetsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...row,
    products: productsByRule.get(row.id) ?? [],
    categories: categoriesByRule.get(row.id) ?? [],
  }));
}

function listFilters(query: DiscountListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      sql`(${discountRules.name} ilike ${pattern} or coalesce(${discountRules.description}, '') ilike ${pattern})`,
    );
  }
  if (query.type) conditions.push(eq(discountRules.type, query.type));
  if (query.is_active) conditions.push(eq(discountRules.isActive, query.is_active === '1'));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function listOrder(query: DiscountListQuery): SQL[] {
  const column = {
    created_at: discountRules.createdAt,
    name: discountRules.name,
    priority: discountRules.priority,
    start_date: discountRules.startDate,
    end_date: discountRules.endDate,
    type: discountRules.type,
  }[query.sort];
  // Rules without a date sort after the dated ones either way.
  const nulls = query.sort === 'start_date' || query.sort === 'end_date' ? sql` nulls last` : sql``;
  const direction = query.direction === 'asc' ? sql` asc` : sql` desc`;
  return [
    sql`${column}${direction}${nulls}`,
    query.direction === 'asc' ? asc(discountRules.id) : desc(discountRules.id),
  ];
}

/** GET /api/discounts: one page of rules in SQL, then the page's products and categories. */
export async function listDiscountRules(db: Executor, query: DiscountListQuery) {
  const where = listFilters(query);
  const page = await paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select()
        .from(discountRules)
        .where(where)
        .orderBy(...listOrder(query))
        .limit(limit)
        .offset(offset),
    async () =>
      (await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(discountRules).where(where))[0]
        ?.n ?? 0,
  );
  return { ...page, data: await withTargets(db, page.data) };
}

export async function findDiscountRule(db: Executor, id: number): Promise<RuleWithTargets | null> {
  const [row] = await db.select().from(discountRules).where(eq(discountRules.id, id)).limit(1);
  if (!row) return null;
  const [rule] = await withTargets(db, [row]);
  return rule ?? null;
}

/** GET /api/discounts/selector/products: live products by name or SKU, chosen ones left out. */
export async function searchProductOptions(db: Executor, query: SelectorQuery) {
  const pattern = likePattern(query.search);
  return db
    .select({ id: products.id, name: products.name, sku: products.sku, isActive: products.isActive })
    .from(products)
    .where(
      and(
        isNull(products.deletedAt),
        sql`(${products.name} ilike ${pattern} or coalesce(${products.sku}, '') ilike ${pattern})`,
        query.exclude.length > 0 ? notInArray(products.id, query.exclude) : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(query.per_page);
}

/** GET /api/discounts/selector/categories: categories by their name or their parent's. */
export async function searchCategoryOptions(db: Executor, query: SelectorQuery): Promise<CategoryRef[]> {
  const pattern = likePattern(query.search);
  return db
    .select({
      id: categories.id,
      name: categories.name,
      parentId: categories.parentId,
      parentName: parent.name,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(
      and(
        sql`(${categories.name} ilike ${pattern} or coalesce(${parent.name}, '') ilike ${pattern})`,
        query.exclude.length > 0 ? notInArray(categories.id, query.exclude) : undefined,
      ),
    )
    .orderBy(
      sql`coalesce(${parent.name}, ${categories.name})`,
      sql`${categories.parentId} nulls first`,
      asc(categories.name),
    )
    .limit(query.per_page);
}

/** The ids among these that name no live product (missing or soft-deleted). */
export async function missingProductIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), isNull(products.deletedAt)));
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}

export async function missingCategoryIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}

/** A product that is not soft-deleted, with what pricing needs. */
export async function findLiveProduct(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      price: products.price,
      hasDiscount: products.hasDiscount,
      discountType: products.discountType,
      discount: products.discount,
      discountStartDate: products.discountStartDate,
      discountEndDate: products.discountEndDate,
    })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Every switched-on rule, ended ones included, as the pricing engine reads them: what
 * `show_all=true` weighs (activeRules leaves out the ended ones, which never price anything).
 */
export async function switchedOnRules(db: Executor): Promise<PricingRule[]> {
  const rows = await db
    .select({
      rule: discountRules,
      productIds: sql<
        number[]
      >`coalesce((select array_agg(${qualified(discountRuleProducts.productId)}) from ${discountRuleProducts} where ${qualified(discountRuleProducts.discountRuleId)} = ${qualified(discountRules.id)}), '{}')`,
      categoryIds: sql<
        number[]
      >`coalesce((select array_agg(${qualified(discountRuleCategories.categoryId)}) from ${discountRuleCategories} where ${qualified(discountRuleCategories.discountRuleId)} = ${qualified(discountRules.id)}), '{}')`,
    })
    .from(discountRules)
    .where(eq(discountRules.isActive, true));
  return rows.map((r) => toPricingRule({ ...r.rule, productIds: r.productIds, categoryIds: r.categoryIds }));
}
