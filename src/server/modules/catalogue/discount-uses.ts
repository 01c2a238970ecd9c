import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Cents } from '../../../domain/money/money';
import { fromDecimal } from '../../../domain/money/money';
import { priceItem } from '../../../domain/pricing/catalogue-price';
import type { Executor, Tx } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { discountRules, discountRuleUsages, productStocks, products } from './catalogue.tables';
import { customerBuyer } from './order-buyer';
import { categoryIdsWithParents, loadBuyerPricing, type PricingBuyer } from './pricing-context';
import { catalogueItemOf, priceableColumns } from './products-list.presenter';

/** A line of an order as the usage rule reads it: what was sold, how many, at what unit price. */
export type SoldLine = { productId: number; variantId: number | null; quantity: number; price: Cents };

/** The order's customer as a buyer; an account that is no customer account prices as a guest. */
async function buyerOf(db: Executor, userId: number | null): Promise<PricingBuyer> {
  return userId === null ? null : ((await customerBuyer(db, userId)) ?? null);
}

/**
 * The discount rules an order's lines use (docs/decisions/0039): a line uses a rule when the
 * pricing engine prices it with that rule for the order's customer today (the same answer the
 * order form was given) and the line is sold at that price or less. Staff typing the full price
 * do not use the rule.
 */
export async function rulesUsedBy(
  db: Executor,
  customerId: number | null,
  lines: readonly SoldLine[],
  now: Date,
): Promise<number[]> {
  if (lines.length === 0) return [];
  const pricing = await loadBuyerPricing(db, await buyerOf(db, customerId), now);
  if (pricing.rules.length === 0) return [];
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const variantIds = lines.map((l) => l.variantId).filter((id): id is number => id !== null);
  const [rows, variants, categoryIds] = await readTogether(db, [
    () => db.select(priceableColumns).from(products).where(inArray(products.id, productIds)),
    () =>
      variantIds.length
        ? db
            .select({ id: productStocks.id, price: productStocks.price })
            .from(productStocks)
            .where(inArray(productStocks.id, variantIds))
        : Promise.resolve([]),
    () => categoryIdsWithParents(db, productIds),
  ]);
  const productById = new Map(rows.map((r) => [r.id, r]));
  const variantPrice = new Map(variants.map((v) => [v.id, fromDecimal(v.price)]));
  const used = new Set<number>();
  for (const line of lines) {
    const product = productById.get(line.productId);
    if (!product) continue;
    const item = catalogueItemOf({ ...product, pricingCategoryIds: categoryIds.get(product.id) ?? [] });
    const price = line.variantId === null ? undefined : variantPrice.get(line.variantId);
    const unit = priceItem(item, price === undefined ? null : { price }, line.quantity, pricing);
    if (unit.source === 'rule' && unit.rule && line.price <= unit.final) used.add(unit.rule.id);
  }
  return [...used].sort((a, b) => a - b);
}

/**
 * Records one use of each rule for this buyer and reference, in the caller's transaction. Each
 * rule's row is locked first, so two orders at once queue: a rule whose total limit (or the
 * buyer's own limit) is reached by then is skipped, and the limit is never exceeded. A rule already
 * recorded under this reference is skipped too. Answers the rules it recorded.
 */
export async function recordRuleUses(
  tx: Tx,
  ruleIds: readonly number[],
  userId: number | null,
  reference: string,
): Promise<number[]> {
  const recorded: number[] = [];
  for (const ruleId of [...ruleIds].sort((a, b) => a - b)) {
    const [rule] = await tx.select().from(discountRules).where(eq(discountRules.id, ruleId)).for('update');
    if (!rule) continue;
    // One use per rule per reference: recording again (a re-opened order) takes nothing twice.
    const [already] = await tx
      .select({ id: discountRuleUsages.id })
      .from(discountRuleUsages)
      .where(and(eq(discountRuleUsages.discountRuleId, ruleId), eq(discountRuleUsages.reference, reference)))
      .limit(1);
    if (already) continue;
    if (rule.totalUsageLimit !== null && rule.usageCount >= rule.totalUsageLimit) continue;
    if (rule.maxUsagePerUser !== null) {
      if (userId === null) continue;
      const [mine] = await tx
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(discountRuleUsages)
        .where(and(eq(discountRuleUsages.discountRuleId, ruleId), eq(discountRuleUsages.userId, userId)));
      if ((mine?.n ?? 0) >= rule.maxUsagePerUser) continue;
    }
    await tx
      .update(discountRules)
      .set({ usageCount: sql`${discountRules.usageCount} + 1` })
      .where(eq(discountRules.id, ruleId));
    await tx.insert(discountRuleUsages).values({ discountRuleId: ruleId, userId, reference });
    recorded.push(ruleId);
  }
  return recorded;
}

/** Gives back the uses recorded under a reference (an order cancelled before payment). */
export async function releaseRuleUses(tx: Tx, reference: string): Promise<number[]> {
  const released = await tx
    .delete(discountRuleUsages)
    .where(eq(discountRuleUsages.reference, reference))
    .returning({ ruleId: discountRuleUsages.discountRuleId });
  for (const { ruleId } of released) {
    await tx
      .update(discountRules)
      .set({ usageCount: sql`greatest(${discountRules.usageCount} - 1, 0)` })
      .where(eq(discountRules.id, ruleId));
  }
  return released.map((r) => r.ruleId);
}
