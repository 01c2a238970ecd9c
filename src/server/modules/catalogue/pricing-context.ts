import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { type IsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import { fromDecimal } from '../../../domain/money/money';
import type { PricingContext } from '../../../domain/pricing/catalogue-price';
import type { DiscountKind, OwnDiscount, PricingRule, RuleType } from '../../../domain/pricing/discounts';
import type { VatInfo, VatSettings, VatType } from '../../../domain/pricing/vat';
import type { LoadedSession } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/database';
import { inIdsPlaceholder, preparedStatement } from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
import { cachedReference } from '../../platform/db/reference-cache';
import { settingsReader } from '../../platform/settings/settings-store';
import {
  categories,
  discountRuleCategories,
  discountRuleProducts,
  discountRules,
  discountRuleUsages,
  productCategories,
  products,
} from './catalogue.tables';

export type ShopPricing = PricingContext & { vat: VatSettings; timezone: string };

type RuleRow = typeof discountRules.$inferSelect & { productIds: number[]; categoryIds: number[] };

export function toPricingRule(row: RuleRow): PricingRule {
  return {
    id: row.id,
    name: row.name,
    type: row.type as RuleType,
    kind: row.discountType as DiscountKind,
    // Percent rules keep their percent; fixed ones are cents per unit.
    value: row.discountType === 'fixed' ? fromDecimal(row.discountValue) : Number(row.discountValue),
    applicableRoles: row.applicableRoles,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    startDate: (row.startDate as IsoDate | null) ?? null,
    endDate: (row.endDate as IsoDate | null) ?? null,
    priority: row.priority,
    minQuantity: row.minQuantity,
    maxUsagePerUser: row.maxUsagePerUser,
    totalUsageLimit: row.totalUsageLimit,
    usageCount: row.usageCount,
    isActive: row.isActive,
  };
}

/** Every price is computed from these rules: one prepared statement per database handle (issue 13). */
const activeRulesStatement = preparedStatement((db) =>
  db
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
    .where(
      and(
        eq(discountRules.isActive, true),
        or(isNull(discountRules.endDate), gte(discountRules.endDate, sql.placeholder('today'))),
      ),
    )
    .prepare('active_discount_rules'),
);

/** Active rules not yet ended, each with its product and category ids, in one query. */
export async function activeRules(db: Executor, today: IsoDate): Promise<PricingRule[]> {
  return cachedReference(db, `discount-rules:${today}`, async () => {
    const rows = await activeRulesStatement(db).execute({ today });
    return rows.map((r) =>
      toPricingRule({ ...r.rule, productIds: r.productIds, categoryIds: r.categoryIds }),
    );
  });
}

/**
 * Everything prices depend on besides the product: today's rules, the buyer (the session's active
 * role, "guest" for visitors; docs/decisions/0013), the VAT settings.
 */
export function loadShopPricing(
  db: Executor,
  session: LoadedSession | null,
  now: Date,
): Promise<ShopPricing> {
  const buyer =
    session?.user && session.activeRole ? { userId: session.user.id, role: session.activeRole } : null;
  return loadBuyerPricing(db, buyer, now);
}

/** The settings every price reads, in one prepared query. */
const pricingSettings = settingsReader(['app_timezone', 'vat_system_enabled', 'vat_calculation_method']);

/** Who prices are for: an account in one role, or a guest (null). */
export type PricingBuyer = { userId: number; role: string } | null;

/** The same, for a named buyer: the order form prices a phone order for its customer (issue 12). */
export async function loadBuyerPricing(db: Executor, who: PricingBuyer, now: Date): Promise<ShopPricing> {
  const settings = await pricingSettings(db);
  const timezone = settings.app_timezone;
  const today = isoDateInZone(now, timezone);
  const rules = await activeRules(db, today);
  const userId = who?.userId ?? null;
  let usesByRule: Record<number, number> = {};
  if (userId !== null && rules.some((r) => r.maxUsagePerUser !== null)) {
    const uses = await db
      .select({ ruleId: discountRuleUsages.discountRuleId, n: sql<number>`cast(count(*) as integer)` })
      .from(discountRuleUsages)
      .where(eq(discountRuleUsages.userId, userId))
      .groupBy(discountRuleUsages.discountRuleId);
    usesByRule = Object.fromEntries(uses.map((u) => [u.ruleId, u.n]));
  }
  return {
    today,
    timezone,
    rules,
    buyer:
      who !== null ? { roles: [who.role], isGuest: false, usesByRule } : { roles: ['guest'], isGuest: true },
    vat: { enabled: settings.vat_system_enabled, method: settings.vat_calculation_method },
  };
}

const categoriesOfProducts = preparedStatement((db) =>
  db
    .select({
      productId: productCategories.productId,
      categoryId: categories.id,
      parentId: categories.parentId,
    })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inIdsPlaceholder(productCategories.productId))
    .prepare('categories_of_products'),
);

/**
 * A product's categories with their parents' ids, as a JSON column of a statement on products: what
 * `withParents` turns into the ids discount rules match, without a statement of its own.
 */
export const productCategoryRefsColumn = sql<{ id: number; parentId: number | null }[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'parentId', c.parent_id) order by c.id)
  from ${productCategories} pc join ${categories} c on c.id = pc.category_id
  where pc.product_id = ${qualified(products.id)}), '[]')`;

/** Each category with its parent after it, once: what discount rules match (categoryIdsWithParents). */
export function withParents(rows: readonly { id: number; parentId: number | null }[]): number[] {
  const ids: number[] = [];
  for (const row of rows) {
    if (!ids.includes(row.id)) ids.push(row.id);
    if (row.parentId !== null && !ids.includes(row.parentId)) ids.push(row.parentId);
  }
  return ids;
}

/** Each product's categories with their parents (a rule on a top category covers its children). */
export async function categoryIdsWithParents(
  db: Executor,
  productIds: readonly number[],
): Promise<Map<number, number[]>> {
  const refs = new Map<number, { id: number; parentId: number | null }[]>(productIds.map((id) => [id, []]));
  if (productIds.length > 0) {
    const rows = await categoriesOfProducts(db).execute({ ids: [...productIds] });
    for (const row of rows) refs.get(row.productId)?.push({ id: row.categoryId, parentId: row.parentId });
  }
  return new Map([...refs].map(([productId, categories]) => [productId, withParents(categories)]));
}

/** The product's own discount as the pricing engine reads it. */
export function ownDiscountOf(product: {
  hasDiscount: boolean;
  discountType: string;
  discount: string | null;
  discountStartDate: string | null;
  discountEndDate: string | null;
}): OwnDiscount | null {
  if (!product.hasDiscount || product.discount === null) return null;
  const kind = product.discountType === 'fixed' ? 'fixed' : 'percent';
  return {
    kind,
    value: kind === 'fixed' ? fromDecimal(product.discount) : Number(product.discount),
    startDate: (product.discountStartDate as IsoDate | null) ?? null,
    endDate: (product.discountEndDate as IsoDate | null) ?? null,
  };
}

/** A VAT rate row as the pricing engine reads it. */
export function vatInfoOf(vat: { type: string; rate: string } | null | undefined): VatInfo | null {
  if (!vat) return null;
  switch (vat.type as VatType) {
    case 'percentage':
      return { type: 'percentage', rate: Number(vat.rate) };
    case 'fixed':
      return { type: 'fixed', perUnit: fromDecimal(vat.rate) };
    case 'exempt':
      return { type: 'exempt' };
    case 'zero':
      return { type: 'zero' };
    default:
      return null;
  }
}
