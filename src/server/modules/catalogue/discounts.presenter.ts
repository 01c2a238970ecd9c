import type {
  ApplicableRule,
  AppliedDiscount,
  CategoryOption,
  DiscountCategoryRef,
  DiscountKind,
  DiscountRole,
  DiscountRuleReply,
  ProductOption,
  RuleReason,
  RuleSummary,
} from '../../../contracts/discounts';
import { toDecimal } from '../../../domain/money/money';
import type { PricedUnit, PricingRule, RuleType } from '../../../domain/pricing/discounts';
import type { CategoryRef, RuleWithTargets } from './discounts.queries';

export function presentCategoryRef(category: CategoryRef): DiscountCategoryRef {
  return {
    id: category.id,
    name: category.name,
    parent_id: category.parentId,
    path: category.parentName ? `${category.parentName} › ${category.name}` : category.name,
  };
}

export function presentDiscountRule(rule: RuleWithTargets): DiscountRuleReply {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    type: rule.type as RuleType,
    discount_type: rule.discountType as DiscountKind,
    discount_value: Number(rule.discountValue),
    applicable_roles: rule.applicableRoles as DiscountRole[],
    start_date: rule.startDate,
    end_date: rule.endDate,
    priority: rule.priority,
    min_quantity: rule.minQuantity,
    max_usage_per_user: rule.maxUsagePerUser,
    total_usage_limit: rule.totalUsageLimit,
    usage_count: rule.usageCount,
    is_active: rule.isActive,
    product_ids: rule.products.map((p) => p.id),
    category_ids: rule.categories.map((c) => c.id),
    products: rule.products.map((p) => ({ id: p.id, name: p.name, sku: p.sku })),
    categories: rule.categories.map(presentCategoryRef),
    created_at: rule.createdAt.toISOString(),
    updated_at: rule.updatedAt.toISOString(),
  };
}

export function presentProductOption(row: {
  id: number;
  name: string;
  sku: string | null;
  isActive: boolean;
}): ProductOption {
  return { id: row.id, name: row.name, sku: row.sku, is_active: row.isActive };
}

export const presentCategoryOption = (row: CategoryRef): CategoryOption => presentCategoryRef(row);

/**
 * spec 1 §3 "Discount rule (as read by the order form)". A giveaway reads as 100 percent, as the
 * engine prices it; a fixed value is a decimal amount (the engine keeps cents).
 */
export function presentRuleSummary(rule: PricingRule): RuleSummary {
  const isGiveaway = rule.type === 'giveaway';
  return {
    id: rule.id,
    name: rule.name,
    type: rule.type,
    priority: rule.priority,
    discount_type: isGiveaway ? 'percent' : rule.kind,
    discount_value: isGiveaway ? 100 : rule.kind === 'fixed' ? rule.value / 100 : rule.value,
  };
}

export function presentApplicableRule(
  rule: PricingRule,
  verdict: { applies: boolean; isApplied: boolean; reasons: { code: RuleReason; message: string }[] },
): ApplicableRule {
  return {
    ...presentRuleSummary(rule),
    applicable_roles: [...rule.applicableRoles],
    start_date: rule.startDate,
    end_date: rule.endDate,
    min_quantity: rule.minQuantity,
    applies: verdict.applies,
    is_applied: verdict.isApplied,
    reason_codes: verdict.reasons.map((r) => r.code),
    reasons: verdict.reasons,
    reason: verdict.reasons.length > 0 ? verdict.reasons.map((r) => r.message).join(' ') : null,
  };
}

export function presentAppliedDiscount(priced: PricedUnit, rule: PricingRule | null): AppliedDiscount | null {
  if (priced.source === 'none') return null;
  return {
    source: priced.source,
    rule: priced.source === 'rule' && rule ? presentRuleSummary(rule) : null,
    original_price: toDecimal(priced.original),
    final_price: toDecimal(priced.final),
    discount_amount: toDecimal(priced.discountAmount),
    discount_percentage: priced.discountPercentage,
  };
}
