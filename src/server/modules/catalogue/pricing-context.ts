import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { type IsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import { fromDecimal } from '../../../domain/money/money';
import type { PricingContext } from '../../../domain/pricing/catalogue-price';
import type { DiscountKind, OwnDiscount, PricingRule, RuleType } from '../../../domain/pricing/discounts';
import type { VatInfo, VatSettings, VatType } from '../../../domain/pricing/vat';
import type { LoadedSession } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { getSettings } from '../../platform/settings/settings-store';
import {
  categories,
  discountRuleCategories,
  discountRuleProducts,
  discountRules,
  discountRuleUsages,
  productCategories,
} from './catalogue.tables';

export type ShopPricing = PricingContext & { vat: VatSettings; timezone: string };

/** Today in the shop's time zone: discount dates are whole days there (issue 3). */
export async function shopToday(db: Executor, now: Date): Promise<{ today: IsoDate; timezone: string }> {
  const { app_timezone } = await getSettings(db, ['app_timezone']);
  return { today: isoDateInZone(now, app_timezone), timezone: app_timezone };
}

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

/** Active rules not yet ended, each with its product and category ids, in one query. */
export async function activeRules(db: Executor, today: IsoDate): Promise<PricingRule[]> {
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
    .where(
      and(
        eq(discountRules.isActive, true),
        or(isNull(discountRules.endDate), gte(discountRules.endDate, today)),
      ),
    );
  return rows.map((r) => toPricingRule({ ...r.rule, productIds: r.productIds, categoryIds: r.categoryIds }));
}

/**
 * Everything prices depend on besides the product: today's rules, the buyer (the session's active
 * role, "guest" for visitors; docs/decisions/0013), the VAT settings.
 */
export async function loadShopPricing(
  db: Executor,
  session: LoadedSession | null,
  now: Date,
): Promise<ShopPricing> {
  const { today, timezone } = await shopToday(db, now);
  const settings = await getSettings(db, ['vat_system_enabled', 'vat_calculation_method']);
  const rules = await activeRules(db, today);
  const userId = session?.user?.id ?? null;
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
      userId !== null && session?.activeRole
        ? { roles: [session.activeRole], isGuest: false, usesByRule }
        : { roles: ['guest'], isGuest: true },
    vat: { enabled: settings.vat_system_enabled, method: settings.vat_calculation_method },
  };
}

/** Each product's categories with their parents (a rule on a top category covers its children). */
export async function categoryIdsWithParents(
  db: Executor,
  productIds: readonly number[],
): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return result;
  const rows = await db
    .select({
      productId: productCategories.productId,
      categoryId: categories.id,
      parentId: categories.parentId,
    })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inArray(productCategories.productId, [...productIds]));
  for (const row of rows) {
    const list = result.get(row.productId)!;
    list.push(row.categoryId);
    if (row.parentId !== null && !list.includes(row.parentId)) list.push(row.parentId);
  }
  return result;
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
