import { DISCOUNT_MESSAGES, RULE_REASON_MESSAGES, type RuleReason } from '../../../contracts/discounts';
import { type DateFormat, formatIsoDate, type IsoDate } from '../../../domain/dates/date-format';
import { fromDecimal } from '../../../domain/money/money';
import {
  type Buyer,
  bestRule,
  isWithinDates,
  type PricedUnit,
  type PricingRule,
  type PricingTarget,
  ruleApplies,
  unitPrice,
} from '../../../domain/pricing/discounts';
import type { LoadedSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { getSettings } from '../../platform/settings/settings-store';
import { findLiveProduct, switchedOnRules } from './discounts.queries';
import { categoryIdsWithParents, loadShopPricing, ownDiscountOf, type ShopPricing } from './pricing-context';

/**
 * The discount rules of one product as the pricing engine sees them for the session's buyer
 * (the active role; docs/decisions/0013), today in the shop's time zone: GET
 * /api/products/{id}/discount-rules (spec 1 §7) and GET /api/products/{id}/applicable-discount-rules
 * (spec 2 §7). Every "does it apply" is the engine's answer (ruleApplies, bestRule, unitPrice).
 */

type ProductPricing = {
  pricing: ShopPricing;
  target: PricingTarget;
  priced: PricedUnit;
  /** The rule that prices the product, when one does. */
  appliedRule: PricingRule | null;
};

async function priceProduct(
  ctx: AppContext,
  session: LoadedSession,
  productId: number,
  quantity: number,
): Promise<ProductPricing> {
  // 404 for a product that does not exist or was deleted (soft delete keeps the row).
  const product = await findLiveProduct(ctx.db, productId);
  if (!product) throw notFound(DISCOUNT_MESSAGES.productNotFound);
  const pricing = await loadShopPricing(ctx.db, session, ctx.now());
  const categoryIds = (await categoryIdsWithParents(ctx.db, [productId])).get(productId) ?? [];
  const target: PricingTarget = { productId, categoryIds, quantity };
  const priced = unitPrice({
    target,
    basePrice: fromDecimal(product.price),
    ownDiscount: ownDiscountOf(product),
    rules: pricing.rules,
    buyer: pricing.buyer,
    today: pricing.today,
  });
  const appliedRule = priced.rule ? (pricing.rules.find((r) => r.id === priced.rule!.id) ?? null) : null;
  return { pricing, target, priced, appliedRule };
}

/** "Has global discounts": a global rule applies to this product for this buyer today. */
function hasGlobalDiscounts({ pricing, target }: ProductPricing): boolean {
  return pricing.rules.some(
    (rule) => rule.type === 'global' && ruleApplies(rule, target, pricing.buyer, pricing.today),
  );
}

/** spec 1 §7: whether a global rule applies, and the rule with the highest priority that does. */
export async function productDiscountRules(
  ctx: AppContext,
  session: LoadedSession,
  productId: number,
  quantity: number,
) {
  const priced = await priceProduct(ctx, session, productId, quantity);
  const { pricing, target } = priced;
  const best = bestRule(pricing.rules, target, pricing.buyer, pricing.today, priced.priced.original);
  return { hasGlobalDiscounts: hasGlobalDiscounts(priced), highestPriorityRule: best };
}

/** The rule with every condition but its targets lifted: dates, quantity, limits, roles. */
function openedUp(rule: PricingRule): PricingRule {
  return {
    ...rule,
    isActive: true,
    startDate: null,
    endDate: null,
    minQuantity: null,
    totalUsageLimit: null,
    maxUsagePerUser: null,
  };
}

/** The buyer as if they held the rule's roles as well. */
function holdingRolesOf(buyer: Buyer, rule: PricingRule): Buyer {
  return { ...buyer, roles: [...buyer.roles, ...rule.applicableRoles] };
}

/** A rule targets the product when it would apply with only its targets left (type, products, categories). */
function targetsProduct(rule: PricingRule, target: PricingTarget, buyer: Buyer, today: IsoDate): boolean {
  return ruleApplies(openedUp(rule), target, holdingRolesOf(buyer, rule), today);
}

type Reason = { code: RuleReason; message: string };

/**
 * Why a rule that targets the product does not apply: each condition is put back on its own onto
 * the opened-up rule and asked of the engine, so the reasons can never disagree with pricing.
 */
function reasonsItDoesNotApply(
  rule: PricingRule,
  target: PricingTarget,
  buyer: Buyer,
  today: IsoDate,
  format: DateFormat,
): Reason[] {
  const open = openedUp(rule);
  const anyRole = holdingRolesOf(buyer, rule);
  const fails = (candidate: PricingRule, who: Buyer) => !ruleApplies(candidate, target, who, today);
  const reasons: Reason[] = [];
  if (fails({ ...open, startDate: rule.startDate, endDate: rule.endDate }, anyRole)) {
    reasons.push(
      !isWithinDates(today, rule.startDate, null) && rule.startDate
        ? {
            code: 'not_started',
            message: RULE_REASON_MESSAGES.not_started(formatIsoDate(rule.startDate, format)),
          }
        : { code: 'ended', message: RULE_REASON_MESSAGES.ended(formatIsoDate(rule.endDate ?? '', format)) },
    );
  }
  if (fails(open, buyer)) {
    reasons.push({ code: 'role', message: RULE_REASON_MESSAGES.role(rule.applicableRoles) });
  }
  if (rule.minQuantity !== null && fails({ ...open, minQuantity: rule.minQuantity }, anyRole)) {
    reasons.push({ code: 'min_quantity', message: RULE_REASON_MESSAGES.min_quantity(rule.minQuantity) });
  }
  if (
    rule.totalUsageLimit !== null &&
    fails({ ...open, totalUsageLimit: rule.totalUsageLimit, usageCount: rule.usageCount }, anyRole)
  ) {
    reasons.push({ code: 'usage_limit', message: RULE_REASON_MESSAGES.usage_limit(rule.totalUsageLimit) });
  }
  if (rule.maxUsagePerUser !== null && fails({ ...open, maxUsagePerUser: rule.maxUsagePerUser }, anyRole)) {
    reasons.push({
      code: 'per_user_limit',
      message: RULE_REASON_MESSAGES.per_user_limit(rule.maxUsagePerUser, buyer.isGuest),
    });
  }
  return reasons;
}

const byPriority = (a: PricingRule, b: PricingRule) => b.priority - a.priority || a.id - b.id;

/**
 * spec 2 §7: the rules that apply to the product (highest priority first) and the discount that
 * prices it. With `showAll`, every switched-on rule that targets the product, ended and future ones
 * included, each with whether it applies and, when not, why.
 */
export async function applicableDiscountRules(
  ctx: AppContext,
  session: LoadedSession,
  productId: number,
  options: { showAll: boolean; quantity: number },
) {
  const priced = await priceProduct(ctx, session, productId, options.quantity);
  const { pricing, target, appliedRule } = priced;
  const { buyer, today } = pricing;
  const candidates = options.showAll
    ? (await switchedOnRules(ctx.db)).filter((rule) => targetsProduct(rule, target, buyer, today))
    : pricing.rules.filter((rule) => ruleApplies(rule, target, buyer, today));
  const format = options.showAll
    ? (await getSettings(ctx.db, ['app_date_format'])).app_date_format
    : ('YYYY-MM-DD' as const);
  const rules = [...candidates].sort(byPriority).map((rule) => {
    const applies = ruleApplies(rule, target, buyer, today);
    return {
      rule,
      applies,
      isApplied: applies && rule.id === appliedRule?.id,
      reasons: applies ? [] : reasonsItDoesNotApply(rule, target, buyer, today, format),
    };
  });
  return {
    rules,
    hasGlobalDiscounts: hasGlobalDiscounts(priced),
    priced: priced.priced,
    appliedRule,
  };
}
