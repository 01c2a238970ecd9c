import { eq } from 'drizzle-orm';
import { DISCOUNT_MESSAGES, type DiscountRuleBody } from '../../../contracts/discounts';
import { addFieldError, type FieldErrors, validationError } from '../../../domain/errors';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { notFound } from '../../platform/http/errors';
import { discountRuleCategories, discountRuleProducts, discountRules } from './catalogue.tables';
import {
  findDiscountRule,
  missingCategoryIds,
  missingProductIds,
  type RuleWithTargets,
} from './discounts.queries';

/** Who changes a rule, for the audit row. */

/** What the audit row keeps of a rule: every field the form sets. */
type Snapshot = Record<string, unknown>;

function snapshotOfBody(body: DiscountRuleBody): Snapshot {
  return {
    name: body.name,
    description: body.description,
    type: body.type,
    discount_type: body.discount_type,
    discount_value: body.discount_value,
    applicable_roles: body.applicable_roles,
    start_date: body.start_date,
    end_date: body.end_date,
    priority: body.priority,
    min_quantity: body.min_quantity,
    max_usage_per_user: body.max_usage_per_user,
    total_usage_limit: body.total_usage_limit,
    is_active: body.is_active,
    product_ids: [...body.product_ids].sort((a, b) => a - b),
    category_ids: [...body.category_ids].sort((a, b) => a - b),
  };
}

function snapshotOfRow(rule: RuleWithTargets): Snapshot {
  return {
    name: rule.name,
    description: rule.description,
    type: rule.type,
    discount_type: rule.discountType,
    discount_value: Number(rule.discountValue),
    applicable_roles: rule.applicableRoles,
    start_date: rule.startDate,
    end_date: rule.endDate,
    priority: rule.priority,
    min_quantity: rule.minQuantity,
    max_usage_per_user: rule.maxUsagePerUser,
    total_usage_limit: rule.totalUsageLimit,
    is_active: rule.isActive,
    product_ids: rule.products.map((p) => p.id).sort((a, b) => a - b),
    category_ids: rule.categories.map((c) => c.id).sort((a, b) => a - b),
  };
}

function changesBetween(before: Snapshot, after: Snapshot): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/** Product and category ids must name live records (422 on the id that does not). */
async function checkTargets(tx: Tx, body: DiscountRuleBody): Promise<void> {
  const [products, categories] = await readTogether(tx, [
    () => missingProductIds(tx, body.product_ids),
    () => missingCategoryIds(tx, body.category_ids),
  ]);
  if (products.length === 0 && categories.length === 0) return;
  const errors: FieldErrors = {};
  body.product_ids.forEach((id, index) => {
    if (products.includes(id))
      addFieldError(errors, `product_ids.${index}`, DISCOUNT_MESSAGES.productMissing);
  });
  body.category_ids.forEach((id, index) => {
    if (categories.includes(id))
      addFieldError(errors, `category_ids.${index}`, DISCOUNT_MESSAGES.categoryMissing);
  });
  throw validationError(errors);
}

function columnsOf(body: DiscountRuleBody) {
  return {
    name: body.name,
    description: body.description,
    type: body.type,
    discountType: body.discount_type,
    discountValue: body.discount_value.toFixed(2),
    applicableRoles: body.applicable_roles,
    startDate: body.start_date,
    endDate: body.end_date,
    priority: body.priority,
    minQuantity: body.min_quantity,
    maxUsagePerUser: body.max_usage_per_user,
    totalUsageLimit: body.total_usage_limit,
    isActive: body.is_active,
  };
}

async function replaceTargets(tx: Tx, ruleId: number, body: DiscountRuleBody): Promise<void> {
  await tx.delete(discountRuleProducts).where(eq(discountRuleProducts.discountRuleId, ruleId));
  await tx.delete(discountRuleCategories).where(eq(discountRuleCategories.discountRuleId, ruleId));
  if (body.product_ids.length > 0) {
    await tx
      .insert(discountRuleProducts)
      .values(body.product_ids.map((productId) => ({ discountRuleId: ruleId, productId })));
  }
  if (body.category_ids.length > 0) {
    await tx
      .insert(discountRuleCategories)
      .values(body.category_ids.map((categoryId) => ({ discountRuleId: ruleId, categoryId })));
  }
}

/**
 * POST /api/discounts (id null) and PUT /api/discounts/{id} (spec 2 §7): the rule, its products
 * and categories and the audit row in one transaction. The body is the whole form: switching a
 * rule on or off is a re-save with is_active inverted (spec 2 §4). usage_count is never taken
 * from the browser; only orders move it.
 */
export async function saveDiscountRule(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  body: DiscountRuleBody,
): Promise<RuleWithTargets> {
  const savedId = await ctx.db.transaction(async (tx) => {
    let before: RuleWithTargets | null = null;
    if (id !== null) {
      // The row lock keeps two saves of the same rule from interleaving their product lists.
      const [locked] = await tx
        .select({ id: discountRules.id })
        .from(discountRules)
        .where(eq(discountRules.id, id))
        .for('update');
      if (!locked) throw notFound(DISCOUNT_MESSAGES.notFound);
      before = await findDiscountRule(tx, id);
    }
    await checkTargets(tx, body);
    const now = ctx.now();
    let ruleId: number;
    if (id === null) {
      const [created] = await tx
        .insert(discountRules)
        .values({ ...columnsOf(body), createdAt: now, updatedAt: now })
        .returning({ id: discountRules.id });
      ruleId = created!.id;
    } else {
      await tx
        .update(discountRules)
        .set({ ...columnsOf(body), updatedAt: now })
        .where(eq(discountRules.id, id));
      ruleId = id;
    }
    await replaceTargets(tx, ruleId, body);
    const after = snapshotOfBody(body);
    await audit(tx, {
      actorUserId: actor.userId,
      action: before ? 'discount_rule.updated' : 'discount_rule.created',
      subjectType: 'discount_rule',
      subjectId: ruleId,
      data: before ? { name: body.name, changes: changesBetween(snapshotOfRow(before), after) } : after,
      ip: actor.ip,
    });
    return ruleId;
  });
  return (await findDiscountRule(ctx.db, savedId))!;
}
