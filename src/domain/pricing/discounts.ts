import type { IsoDate } from '../dates/date-format';
import { type Cents, cents, percentOf, roundHalfUp } from '../money/money';

/**
 * Discounts (spec 1 §9, spec 2 §4, §9): a product's own discount inside its optional dates, and
 * discount rules (global, role_based, category, product, giveaway). One rule at most applies to an
 * item: the applicable rule with the highest priority, and when one applies it replaces the
 * product's own discount ("a global rule takes priority over the product discount";
 * docs/decisions/0013). Percent or fixed, capped at the price, never below 0.
 */
export type DiscountKind = 'percent' | 'fixed';
export const RULE_TYPES = ['global', 'role_based', 'category', 'product', 'giveaway'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** A product's own discount. `value` is a percent for percent, cents per unit for fixed. */
export type OwnDiscount = {
  kind: DiscountKind;
  value: number;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
};

export type PricingRule = {
  id: number;
  name: string;
  type: RuleType;
  kind: DiscountKind;
  /** A percent for percent rules, cents per unit for fixed ones; giveaway is always 100 %. */
  value: number;
  /** Empty means every role (spec 2 §6 "an empty list means All Roles"). */
  applicableRoles: readonly string[];
  productIds: readonly number[];
  categoryIds: readonly number[];
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  priority: number;
  minQuantity: number | null;
  maxUsagePerUser: number | null;
  totalUsageLimit: number | null;
  usageCount: number;
  isActive: boolean;
};

/** Who buys: the roles prices are for ("guest" for visitors), and how often they used each rule. */
export type Buyer = {
  roles: readonly string[];
  isGuest: boolean;
  usesByRule?: Readonly<Record<number, number>>;
};

export type PricingTarget = {
  productId: number;
  /** The product's categories and their parents: a rule on a top category covers its children. */
  categoryIds: readonly number[];
  quantity: number;
};

/** Inside optional start and end dates, whole days inclusive (ISO dates compare as text). */
export function isWithinDates(today: IsoDate, start: IsoDate | null, end: IsoDate | null): boolean {
  if (start && today < start) return false;
  if (end && today > end) return false;
  return true;
}

/** The discounted unit price: percent or fixed, capped at the price, never below 0. */
export function applyDiscount(price: Cents, kind: DiscountKind, value: number): Cents {
  if (!(value > 0) || price <= 0) return price;
  const off = kind === 'percent' ? percentOf(price, Math.min(value, 100)) : cents(Math.round(value));
  return cents(Math.max(0, price - Math.min(off, price)));
}

function effectiveKindAndValue(rule: PricingRule): { kind: DiscountKind; value: number } {
  return rule.type === 'giveaway' ? { kind: 'percent', value: 100 } : { kind: rule.kind, value: rule.value };
}

/** Whether a rule applies to this item, for this buyer, today. */
export function ruleApplies(rule: PricingRule, target: PricingTarget, buyer: Buyer, today: IsoDate): boolean {
  if (!rule.isActive || !isWithinDates(today, rule.startDate, rule.endDate)) return false;
  if (rule.minQuantity !== null && target.quantity < rule.minQuantity) return false;
  if (rule.totalUsageLimit !== null && rule.usageCount >= rule.totalUsageLimit) return false;
  if (rule.maxUsagePerUser !== null) {
    // A per-person limit cannot be kept for someone the shop does not know.
    if (buyer.isGuest) return false;
    if ((buyer.usesByRule?.[rule.id] ?? 0) >= rule.maxUsagePerUser) return false;
  }
  if (rule.applicableRoles.length > 0 && !rule.applicableRoles.some((r) => buyer.roles.includes(r)))
    return false;
  const inProducts = rule.productIds.includes(target.productId);
  const inCategories = rule.categoryIds.some((c) => target.categoryIds.includes(c));
  switch (rule.type) {
    case 'global':
      return true;
    case 'role_based':
      return rule.applicableRoles.length > 0;
    case 'category':
      return inCategories;
    case 'product':
      return inProducts;
    case 'giveaway':
      return rule.productIds.length + rule.categoryIds.length === 0 || inProducts || inCategories;
  }
}

/**
 * The rule that prices an item: the highest priority among the applicable ones; on equal priority
 * the one that takes more off, then the older one.
 */
export function bestRule(
  rules: readonly PricingRule[],
  target: PricingTarget,
  buyer: Buyer,
  today: IsoDate,
  basePrice: Cents,
): PricingRule | null {
  let best: { rule: PricingRule; price: Cents } | null = null;
  for (const rule of rules) {
    if (!ruleApplies(rule, target, buyer, today)) continue;
    const { kind, value } = effectiveKindAndValue(rule);
    const price = applyDiscount(basePrice, kind, value);
    if (
      !best ||
      rule.priority > best.rule.priority ||
      (rule.priority === best.rule.priority &&
        (price < best.price || (price === best.price && rule.id < best.rule.id)))
    ) {
      best = { rule, price };
    }
  }
  return best?.rule ?? null;
}

export type PricedUnit = {
  /** The price before any discount (the variant's price for a variable product). */
  original: Cents;
  final: Cents;
  discountAmount: Cents;
  /** What was taken off, as a percent of the original, two decimals. */
  discountPercentage: number;
  source: 'rule' | 'product' | 'none';
  rule: { id: number; name: string; type: RuleType } | null;
};

/**
 * The rule a line sold at `soldAt` uses (docs/decisions/0039): the one the engine priced it with,
 * when the line is sold at that price or less. Staff typing the full price use no rule.
 */
export function ruleUsed(unit: Pick<PricedUnit, 'source' | 'rule' | 'final'>, soldAt: Cents): number | null {
  return unit.source === 'rule' && unit.rule && soldAt <= unit.final ? unit.rule.id : null;
}

export function discountPercentage(original: Cents, final: Cents): number {
  if (original <= 0) return 0;
  return roundHalfUp(((original - final) / original) * 10000) / 100;
}

/** The price of one unit of an item today, for this buyer. */
export function unitPrice(input: {
  target: PricingTarget;
  basePrice: Cents;
  ownDiscount: OwnDiscount | null;
  rules: readonly PricingRule[];
  buyer: Buyer;
  today: IsoDate;
}): PricedUnit {
  const { basePrice, ownDiscount, today } = input;
  const rule = bestRule(input.rules, input.target, input.buyer, today, basePrice);
  let final = basePrice;
  let source: PricedUnit['source'] = 'none';
  if (rule) {
    const { kind, value } = effectiveKindAndValue(rule);
    final = applyDiscount(basePrice, kind, value);
    source = 'rule';
  } else if (
    ownDiscount &&
    ownDiscount.value > 0 &&
    isWithinDates(today, ownDiscount.startDate, ownDiscount.endDate)
  ) {
    final = applyDiscount(basePrice, ownDiscount.kind, ownDiscount.value);
    source = 'product';
  }
  if (source === 'product' && final === basePrice) source = 'none';
  return {
    original: basePrice,
    final,
    discountAmount: cents(basePrice - final),
    discountPercentage: discountPercentage(basePrice, final),
    source,
    rule: rule ? { id: rule.id, name: rule.name, type: rule.type } : null,
  };
}
