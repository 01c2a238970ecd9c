import { idParam } from '../../../contracts/common';
import {
  type ApplicableDiscountRulesReply,
  applicableRulesQuery,
  DISCOUNT_MESSAGES,
  type DiscountListReply,
  type DiscountRuleDeletedReply,
  type DiscountRuleDetailReply,
  type DiscountRuleSavedReply,
  discountListQuery,
  discountRuleBody,
  type ProductDiscountRulesReply,
  productRulesQuery,
  selectorQuery,
} from '../../../contracts/discounts';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { deleteDiscountRule } from './delete-discount-rule';
import {
  presentApplicableRule,
  presentAppliedDiscount,
  presentCategoryOption,
  presentDiscountRule,
  presentProductOption,
  presentRuleSummary,
} from './discounts.presenter';
import {
  findDiscountRule,
  listDiscountRules,
  searchCategoryOptions,
  searchProductOptions,
} from './discounts.queries';
import { applicableDiscountRules, productDiscountRules } from './product-discounts';
import { saveDiscountRule } from './save-discount-rule';

/** Discount rules are catalogue administration (DECISIONS 1). */
const auth = { permission: 'catalogue.manage' } as const;

/** Discount rules: list, one rule, save, delete and the two pickers (spec 2 §7 "Discounts"). */
export const discountsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/discounts',
    auth,
    query: discountListQuery,
    handler: async ({ ctx, query }): Promise<DiscountListReply> => {
      const page = await listDiscountRules(ctx.db, query);
      return { ...page, data: page.data.map(presentDiscountRule) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/discounts/selector/products',
    auth,
    query: selectorQuery,
    handler: async ({ ctx, query }) => ({
      data: (await searchProductOptions(ctx.db, query)).map(presentProductOption),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/discounts/selector/categories',
    auth,
    query: selectorQuery,
    handler: async ({ ctx, query }) => ({
      data: (await searchCategoryOptions(ctx.db, query)).map(presentCategoryOption),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/discounts/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, params }): Promise<DiscountRuleDetailReply> => {
      const rule = await findDiscountRule(ctx.db, params.id);
      if (!rule) throw notFound(DISCOUNT_MESSAGES.notFound);
      return { success: true, data: presentDiscountRule(rule) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/discounts',
    auth,
    body: discountRuleBody,
    handler: async ({ ctx, req, session, body }): Promise<DiscountRuleSavedReply> => {
      const rule = await saveDiscountRule(ctx, actorOf(session, req), null, body);
      return { success: true, message: DISCOUNT_MESSAGES.created, data: presentDiscountRule(rule) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/discounts/:id',
    auth,
    params: idParam,
    body: discountRuleBody,
    handler: async ({ ctx, req, session, params, body }): Promise<DiscountRuleSavedReply> => {
      const rule = await saveDiscountRule(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: DISCOUNT_MESSAGES.updated, data: presentDiscountRule(rule) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/discounts/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<DiscountRuleDeletedReply> => {
      await deleteDiscountRule(ctx, actorOf(session, req), params.id);
      return { success: true, message: DISCOUNT_MESSAGES.deleted };
    },
  }),
];

/** The order form reads these while pricing its lines (spec 1 §7), hence orders.manage. */
const orderFormAuth = { permission: 'orders.manage' } as const;

/** A product's discount rules for the session's buyer today (spec 1 §7, spec 2 §7). */
export const productDiscountRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/products/:id/discount-rules',
    auth: orderFormAuth,
    params: idParam,
    query: productRulesQuery,
    handler: async ({ ctx, session, params, query }): Promise<ProductDiscountRulesReply> => {
      const result = await productDiscountRules(ctx, session, params.id, query.quantity);
      return {
        success: true,
        has_global_discounts: result.hasGlobalDiscounts,
        highest_priority_rule: result.highestPriorityRule
          ? presentRuleSummary(result.highestPriorityRule)
          : null,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/products/:id/applicable-discount-rules',
    auth: orderFormAuth,
    params: idParam,
    query: applicableRulesQuery,
    handler: async ({ ctx, session, params, query }): Promise<ApplicableDiscountRulesReply> => {
      const result = await applicableDiscountRules(ctx, session, params.id, {
        showAll: query.show_all,
        quantity: query.quantity,
      });
      return {
        rules: result.rules.map(({ rule, ...verdict }) => presentApplicableRule(rule, verdict)),
        has_global_discounts: result.hasGlobalDiscounts,
        applied_discount: presentAppliedDiscount(result.priced, result.appliedRule),
      };
    },
  }),
];
