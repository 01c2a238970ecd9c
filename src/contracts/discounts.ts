import { z } from 'zod';
import type { DateFormat } from '../domain/dates/date-format';
import { parseIsoDate } from '../domain/dates/date-format';
import { hasAtMostDecimals } from '../domain/money/number-text';
import type { Paged } from '../domain/paging/paging';
import { RULE_TYPES, type RuleType } from '../domain/pricing/discounts';
import {
  formBoolean,
  listQuery,
  MONEY_DECIMALS_MESSAGE,
  parseNumberText,
  perPageParam,
  recordId,
  searchText,
  wholeNumber,
} from './common';

/**
 * Discount rules (spec 2 §3 "Discount rule", §4 "Discount", §5 "Discounts and selectors", §6, §7,
 * §8; spec 1 §3; docs/decisions/0013).
 */

export { RULE_TYPES, type RuleType };

/** spec 2 §6: the roles a rule may target; an empty list means All Roles. */
export const DISCOUNT_ROLES = ['customer', 'partner', 'supplier', 'patient', 'doctor'] as const;
export type DiscountRole = (typeof DISCOUNT_ROLES)[number];

/** Percent or fixed (spec 1 §3); the form offers percent only (spec 2 §4 "Value type: percent only"). */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const RULE_TYPE_LABELS: Record<RuleType, string> = {
  global: 'Global',
  role_based: 'Role based',
  category: 'Category',
  product: 'Product',
  giveaway: 'Giveaway',
};

export const DISCOUNT_ROLE_LABELS: Record<DiscountRole, string> = {
  customer: 'Customer',
  partner: 'Partner',
  supplier: 'Supplier',
  patient: 'Patient',
  doctor: 'Doctor',
};

/** spec 2 §9: discounts 10 per page; selectors 10 results, 2 characters, 300 ms. */
export const DISCOUNT_PER_PAGE = 10;
export const SELECTOR_RESULTS = 10;
export const SELECTOR_MIN_CHARS = 2;
export const SELECTOR_DEBOUNCE_MS = 300;
/** spec 2 §9 "Discount priority default 1"; a higher number wins (docs/decisions/0013). */
export const DEFAULT_PRIORITY = 1;
export const MAX_PRIORITY = 1000;
/** A giveaway is 100 percent off (spec 2 §4), whatever the form sent. */
export const GIVEAWAY_PERCENT = 100;

/** spec 2 §5: the discount form's own wording (spec 1 uses "a valid date" instead). */
export function discountDateMessage(format: DateFormat): string {
  return `Please enter date in ${format} format.`;
}

/**
 * The words of the discount screens and API. The screen messages are spec 2 §8 word for word; the
 * spec gives none for the field rules, so those are the shop's own.
 */
export const DISCOUNT_MESSAGES = {
  nameRequired: 'Please enter a name for the discount rule.',
  nameTooLong: 'The name may not be longer than 255 characters.',
  descriptionTooLong: 'The description may not be longer than 2000 characters.',
  typeRequired: 'Please choose a discount type.',
  kindRequired: 'The value type must be percent or fixed.',
  valueRequired: 'Please enter the discount value.',
  valuePositive: 'The discount value must be greater than 0.',
  percentMax: 'A percent discount cannot be more than 100.',
  fixedMax: 'The discount value is too large.',
  roleUnknown: 'Choose roles among customer, partner, supplier, patient and doctor.',
  roleRequired: 'A role-based discount needs at least one role.',
  productRequired: 'A product discount needs at least one product.',
  categoryRequired: 'A category discount needs at least one category.',
  /** Dates reach the API as ISO year-month-day (spec 2 §5 "converted to ISO before sending"). */
  isoDate: discountDateMessage('YYYY-MM-DD'),
  dateOrder: 'The end date cannot be before the start date.',
  priority: `The priority must be a whole number from 0 to ${MAX_PRIORITY}.`,
  positiveWhole: 'Enter a whole number of 1 or more, or leave it empty.',
  productMissing: 'This product does not exist.',
  categoryMissing: 'This category does not exist.',
  searchTooShort: `Type at least ${SELECTOR_MIN_CHARS} characters to search.`,
  notFound: 'Discount rule not found.',
  productNotFound: 'Product not found.',
  created: 'Discount rule created successfully.',
  updated: 'Discount rule updated successfully.',
  deleted: 'Discount rule deleted successfully.',
  // spec 2 §8, word for word.
  load: 'Failed to load discount data',
  save: 'An error occurred while saving the discount rule.',
  deleteRefused: (message: string | null | undefined) =>
    `Error deleting discount rule: ${message || 'Unknown error'}`,
  deleteFailed: 'An error occurred while deleting the discount rule.',
  status: 'Error updating status',
  // spec 2 §5 "General".
  correctErrors: 'Please correct the errors below.',
} as const;

/** Numbers arrive as numbers or decimal text from forms; blank is "not given". */
const blankToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

const optionalPositiveWhole = z.preprocess(
  (v) => {
    const value = blankToUndefined(v);
    return parseNumberText(value);
  },
  z
    .number({ error: DISCOUNT_MESSAGES.positiveWhole })
    .refine(Number.isInteger, DISCOUNT_MESSAGES.positiveWhole)
    .min(1, DISCOUNT_MESSAGES.positiveWhole)
    .max(2_147_483_647, DISCOUNT_MESSAGES.positiveWhole)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
);

const isoDate = z.preprocess(
  blankToUndefined,
  z
    .string({ error: DISCOUNT_MESSAGES.isoDate })
    .refine((v) => parseIsoDate(v) !== null, DISCOUNT_MESSAGES.isoDate)
    .optional()
    .transform((v) => v ?? null),
);

/** A list of record ids, each once; "product_ids.0" reports a bad one. */
const idList = z
  .array(recordId)
  .max(1000)
  .default([])
  .transform((ids) => [...new Set(ids)]);

/**
 * The rule form (spec 2 §3), posted to POST /api/discounts and PUT /api/discounts/{id}.
 * `usage_count` is not part of it: only orders move it. The server keeps what the type uses
 * (docs/decisions/0013): product ids for product rules, category ids for category rules, both for a
 * giveaway, none for global and role-based rules; a giveaway is always 100 percent.
 */
export const discountRuleBody = z
  .object({
    name: z
      .string({ error: DISCOUNT_MESSAGES.nameRequired })
      .trim()
      .min(1, DISCOUNT_MESSAGES.nameRequired)
      .max(255, DISCOUNT_MESSAGES.nameTooLong),
    description: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .max(2000, DISCOUNT_MESSAGES.descriptionTooLong)
        .nullable()
        .optional()
        .transform((v) => v ?? null),
    ),
    type: z.enum(RULE_TYPES, { error: DISCOUNT_MESSAGES.typeRequired }),
    discount_type: z.enum(DISCOUNT_KINDS, { error: DISCOUNT_MESSAGES.kindRequired }).default('percent'),
    discount_value: z.preprocess(
      (v) => {
        const value = blankToUndefined(v);
        return parseNumberText(value);
      },
      z
        .number({ error: DISCOUNT_MESSAGES.valueRequired })
        .refine((n) => hasAtMostDecimals(n, 2), MONEY_DECIMALS_MESSAGE)
        .optional(),
    ),
    applicable_roles: z
      .array(z.enum(DISCOUNT_ROLES, { error: DISCOUNT_MESSAGES.roleUnknown }), {
        error: DISCOUNT_MESSAGES.roleUnknown,
      })
      .default([])
      .transform((roles) => DISCOUNT_ROLES.filter((r) => roles.includes(r))),
    start_date: isoDate,
    end_date: isoDate,
    priority: z.preprocess(
      (v) => {
        const value = blankToUndefined(v);
        return parseNumberText(value);
      },
      z
        .number({ error: DISCOUNT_MESSAGES.priority })
        .refine(Number.isInteger, DISCOUNT_MESSAGES.priority)
        .min(0, DISCOUNT_MESSAGES.priority)
        .max(MAX_PRIORITY, DISCOUNT_MESSAGES.priority)
        .default(DEFAULT_PRIORITY),
    ),
    min_quantity: optionalPositiveWhole,
    max_usage_per_user: optionalPositiveWhole,
    total_usage_limit: optionalPositiveWhole,
    is_active: formBoolean.default(true),
    product_ids: idList,
    category_ids: idList,
  })
  .superRefine(
    (rule, ctx) => {
      // Runs even when a field above failed, so the form shows every problem at once: the values
      // may then be unparsed, hence the type checks.
      const value = rule.discount_value as unknown;
      if (rule.type !== 'giveaway' && typeof value !== 'string') {
        if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) {
          ctx.addIssue({
            code: 'custom',
            path: ['discount_value'],
            message: DISCOUNT_MESSAGES.valueRequired,
          });
        } else if (typeof value === 'number') {
          if (!(value > 0)) {
            ctx.addIssue({
              code: 'custom',
              path: ['discount_value'],
              message: DISCOUNT_MESSAGES.valuePositive,
            });
          } else if (rule.discount_type !== 'fixed' && value > 100) {
            ctx.addIssue({ code: 'custom', path: ['discount_value'], message: DISCOUNT_MESSAGES.percentMax });
          } else if (value > 9_999_999_999) {
            ctx.addIssue({ code: 'custom', path: ['discount_value'], message: DISCOUNT_MESSAGES.fixedMax });
          }
        }
      }
      const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
      if (rule.type === 'role_based' && count(rule.applicable_roles) === 0) {
        ctx.addIssue({ code: 'custom', path: ['applicable_roles'], message: DISCOUNT_MESSAGES.roleRequired });
      }
      if (rule.type === 'product' && count(rule.product_ids) === 0) {
        ctx.addIssue({ code: 'custom', path: ['product_ids'], message: DISCOUNT_MESSAGES.productRequired });
      }
      if (rule.type === 'category' && count(rule.category_ids) === 0) {
        ctx.addIssue({ code: 'custom', path: ['category_ids'], message: DISCOUNT_MESSAGES.categoryRequired });
      }
      const start = rule.start_date as unknown;
      const end = rule.end_date as unknown;
      if (
        typeof start === 'string' &&
        typeof end === 'string' &&
        parseIsoDate(start) &&
        parseIsoDate(end) &&
        end < start
      ) {
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: DISCOUNT_MESSAGES.dateOrder });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((rule) => {
    const isGiveaway = rule.type === 'giveaway';
    return {
      ...rule,
      // spec 2 §4: a giveaway is 100 percent, whatever was sent.
      discount_type: isGiveaway ? ('percent' as const) : rule.discount_type,
      // Rounded to cents / hundredths of a percent, as the column keeps them.
      discount_value: isGiveaway ? GIVEAWAY_PERCENT : Math.round((rule.discount_value ?? 0) * 100) / 100,
      product_ids: rule.type === 'product' || isGiveaway ? rule.product_ids : [],
      category_ids: rule.type === 'category' || isGiveaway ? rule.category_ids : [],
    };
  });
export type DiscountRuleBody = z.infer<typeof discountRuleBody>;
export type DiscountRuleInput = z.input<typeof discountRuleBody>;

export const DISCOUNT_SORTS = ['created_at', 'name', 'priority', 'start_date', 'end_date', 'type'] as const;

/** GET /api/discounts (spec 2 §7: paged, 10 per page). */
export const discountListQuery = listQuery({
  sorts: DISCOUNT_SORTS,
  defaultSort: 'created_at',
  defaultPerPage: DISCOUNT_PER_PAGE,
  defaultDirection: 'desc',
}).extend({
  type: z.enum(RULE_TYPES).optional(),
  is_active: z.enum(['1', '0']).optional(),
});
export type DiscountListQuery = z.infer<typeof discountListQuery>;

/** GET /api/discounts/selector/products|categories?search&per_page=10 (spec 2 §5, §7). */
export const selectorQuery = z.object({
  search: searchText.refine(
    (s): s is string => s !== undefined && s.length >= SELECTOR_MIN_CHARS,
    DISCOUNT_MESSAGES.searchTooShort,
  ),
  per_page: perPageParam(SELECTOR_RESULTS, 50),
  /** Ids already chosen, left out of the answer ("already selected items hidden"), comma separated. */
  exclude: z
    .string()
    .max(20_000)
    .optional()
    .transform((text, ctx) => {
      const ids = (text ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number);
      if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: 'This id is not valid.' });
        return z.NEVER;
      }
      return ids;
    }),
});
export type SelectorQuery = z.infer<typeof selectorQuery>;

/** GET /api/products/{id}/applicable-discount-rules[?show_all=true]. */
export const applicableRulesQuery = z.object({
  show_all: formBoolean.default(false),
  quantity: wholeNumber('The quantity must be a whole number from 1 to 1,000,000.', {
    min: 1,
    max: 1_000_000,
  }).default(1),
});

/** GET /api/products/{id}/discount-rules. */
export const productRulesQuery = z.object({
  quantity: wholeNumber('The quantity must be a whole number from 1 to 1,000,000.', {
    min: 1,
    max: 1_000_000,
  }).default(1),
});

// ——— Replies ———

export type DiscountProductRef = { id: number; name: string; sku: string | null };
export type DiscountCategoryRef = { id: number; name: string; parent_id: number | null; path: string };

export type DiscountRuleReply = {
  id: number;
  name: string;
  description: string | null;
  type: RuleType;
  discount_type: DiscountKind;
  discount_value: number;
  applicable_roles: DiscountRole[];
  start_date: string | null;
  end_date: string | null;
  priority: number;
  min_quantity: number | null;
  max_usage_per_user: number | null;
  total_usage_limit: number | null;
  usage_count: number;
  is_active: boolean;
  product_ids: number[];
  category_ids: number[];
  /** spec 2 §3: "on load, products and categories come back as lists each with id". */
  products: DiscountProductRef[];
  categories: DiscountCategoryRef[];
  created_at: string;
  updated_at: string;
};

export type DiscountListReply = Paged<DiscountRuleReply>;
export type DiscountRuleDetailReply = { success: true; data: DiscountRuleReply };
export type DiscountRuleSavedReply = { success: true; message: string; data: DiscountRuleReply };
export type DiscountRuleDeletedReply = { success: true; message: string };

export type ProductOption = DiscountProductRef & { is_active: boolean };
export type CategoryOption = DiscountCategoryRef;

/** spec 1 §3 "Discount rule (as read by the order form)". */
export type RuleSummary = {
  id: number;
  name: string;
  type: RuleType;
  priority: number;
  discount_type: DiscountKind;
  discount_value: number;
};

/** GET /api/products/{id}/discount-rules (spec 1 §7). */
export type ProductDiscountRulesReply = {
  success: true;
  has_global_discounts: boolean;
  highest_priority_rule: RuleSummary | null;
};

/** Why a rule that targets the product does not apply to this buyer today. */
export const RULE_REASONS = [
  'not_started',
  'ended',
  'role',
  'min_quantity',
  'usage_limit',
  'per_user_limit',
] as const;
export type RuleReason = (typeof RULE_REASONS)[number];

/** The words of each reason; dates come in the shop's display format. */
export const RULE_REASON_MESSAGES = {
  not_started: (date: string) => `Starts on ${date}.`,
  ended: (date: string) => `Ended on ${date}.`,
  role: (roles: readonly string[]) => `Only for ${roles.join(', ')}.`,
  min_quantity: (quantity: number) => `Needs at least ${quantity} items.`,
  usage_limit: (limit: number) => `Its usage limit of ${limit} has been reached.`,
  per_user_limit: (limit: number, isGuest: boolean) =>
    isGuest
      ? `Limited to ${limit} uses per customer, so it is not for guests.`
      : `This buyer has used it the ${limit === 1 ? 'one time' : `${limit} times`} allowed.`,
} as const;

export type ApplicableRule = RuleSummary & {
  applicable_roles: string[];
  start_date: string | null;
  end_date: string | null;
  min_quantity: number | null;
  /** Whether the rule applies to this product, for this buyer, today. */
  applies: boolean;
  /** Whether it is the one that prices the product (one rule applies, docs/decisions/0013). */
  is_applied: boolean;
  reason_codes: RuleReason[];
  /** Each reason with its words, so a screen can leave one out (the product form leaves out "role"). */
  reasons: { code: RuleReason; message: string }[];
  /** Why it does not apply, in words; null when it applies. */
  reason: string | null;
};

export type AppliedDiscount = {
  source: 'rule' | 'product';
  rule: RuleSummary | null;
  original_price: number;
  final_price: number;
  discount_amount: number;
  discount_percentage: number;
};

/** GET /api/products/{id}/applicable-discount-rules (spec 2 §7). */
export type ApplicableDiscountRulesReply = {
  rules: ApplicableRule[];
  has_global_discounts: boolean;
  applied_discount: AppliedDiscount | null;
};
