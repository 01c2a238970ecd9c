import {
  DEFAULT_PRIORITY,
  type DiscountCategoryRef,
  type DiscountKind,
  type DiscountProductRef,
  type DiscountRuleReply,
  discountDateMessage,
  discountRuleBody,
  GIVEAWAY_PERCENT,
  type RuleType,
} from '../../../contracts/discounts';
import { type DateFormat, formatIsoDate, parseDisplayDate } from '../../../domain/dates/date-format';
import { zodValidate } from '../../lib/zod-form';

/**
 * The discount form's values (spec 2 §3 Discount rule): dates as typed in the shop's display
 * format, numbers as the inputs hold them, chosen products and categories with their names.
 */
export type DiscountFormValues = {
  name: string;
  description: string;
  type: RuleType;
  /** Percent in the form (spec 2 §4); a fixed rule made through the API keeps its kind. */
  discount_type: DiscountKind;
  discount_value: number | string;
  applicable_roles: string[];
  start_date: string;
  end_date: string;
  priority: number | string;
  min_quantity: number | string;
  max_usage_per_user: number | string;
  total_usage_limit: number | string;
  is_active: boolean;
  products: DiscountProductRef[];
  categories: DiscountCategoryRef[];
};

export const EMPTY_DISCOUNT: DiscountFormValues = {
  name: '',
  description: '',
  type: 'global',
  discount_type: 'percent',
  discount_value: '',
  applicable_roles: [],
  start_date: '',
  end_date: '',
  priority: DEFAULT_PRIORITY,
  min_quantity: '',
  max_usage_per_user: '',
  total_usage_limit: '',
  is_active: true,
  products: [],
  categories: [],
};

/** Which pickers a type shows (docs/decisions/0013: what each type targets). */
export function targetsOf(type: RuleType): { products: boolean; categories: boolean } {
  return {
    products: type === 'product' || type === 'giveaway',
    categories: type === 'category' || type === 'giveaway',
  };
}

export function valuesOf(rule: DiscountRuleReply, format: DateFormat): DiscountFormValues {
  return {
    name: rule.name,
    description: rule.description ?? '',
    type: rule.type,
    discount_type: rule.discount_type,
    discount_value: rule.discount_value,
    applicable_roles: [...rule.applicable_roles],
    start_date: rule.start_date ? formatIsoDate(rule.start_date, format) : '',
    end_date: rule.end_date ? formatIsoDate(rule.end_date, format) : '',
    priority: rule.priority,
    min_quantity: rule.min_quantity ?? '',
    max_usage_per_user: rule.max_usage_per_user ?? '',
    total_usage_limit: rule.total_usage_limit ?? '',
    is_active: rule.is_active,
    products: rule.products,
    categories: rule.categories,
  };
}

/** A typed date as ISO (spec 2 §5 "converted to ISO before sending"); blank is no date. */
function isoOf(text: string, format: DateFormat): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return parseDisplayDate(trimmed, format) ?? trimmed;
}

const blankToNull = (value: number | string) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** The request body of POST /api/discounts and PUT /api/discounts/{id}. */
export function bodyOf(values: DiscountFormValues, format: DateFormat): Record<string, unknown> {
  const targets = targetsOf(values.type);
  const isGiveaway = values.type === 'giveaway';
  return {
    name: values.name,
    description: values.description,
    type: values.type,
    discount_type: isGiveaway ? 'percent' : values.discount_type,
    // spec 2 §4: a giveaway is 100 percent (the server insists as well).
    discount_value: isGiveaway ? GIVEAWAY_PERCENT : blankToNull(values.discount_value),
    applicable_roles: values.applicable_roles,
    start_date: isoOf(values.start_date, format),
    end_date: isoOf(values.end_date, format),
    priority: blankToNull(values.priority) ?? DEFAULT_PRIORITY,
    min_quantity: blankToNull(values.min_quantity),
    max_usage_per_user: blankToNull(values.max_usage_per_user),
    total_usage_limit: blankToNull(values.total_usage_limit),
    is_active: values.is_active,
    product_ids: targets.products ? values.products.map((p) => p.id) : [],
    category_ids: targets.categories ? values.categories.map((c) => c.id) : [],
  };
}

/** The rule as loaded, saved again with is_active inverted: the list's switch (spec 2 §4). */
export function toggledBody(rule: DiscountRuleReply): Record<string, unknown> {
  return {
    name: rule.name,
    description: rule.description,
    type: rule.type,
    discount_type: rule.discount_type,
    discount_value: rule.discount_value,
    applicable_roles: rule.applicable_roles,
    start_date: rule.start_date,
    end_date: rule.end_date,
    priority: rule.priority,
    min_quantity: rule.min_quantity,
    max_usage_per_user: rule.max_usage_per_user,
    total_usage_limit: rule.total_usage_limit,
    is_active: !rule.is_active,
    product_ids: rule.product_ids,
    category_ids: rule.category_ids,
  };
}

const validateBody = zodValidate(discountRuleBody);

/**
 * The form's own check before sending: dates in the display format with the discount form's
 * message (spec 2 §5), then the server's contract on the body it would send.
 */
export function validateDiscount(values: DiscountFormValues, format: DateFormat): Record<string, string> {
  const errors = validateBody(bodyOf(values, format));
  for (const field of ['start_date', 'end_date'] as const) {
    const text = values[field].trim();
    if (text !== '' && !parseDisplayDate(text, format)) errors[field] = discountDateMessage(format);
  }
  return errors;
}
