import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Cents } from '../../../domain/money/money';
import { fromDecimal } from '../../../domain/money/money';
import { priceItem } from '../../../domain/pricing/catalogue-price';
import { ruleUsed } from '../../../domain/pricing/discounts';
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
    const rule = ruleUsed(unit, line.price);
    if (rule !== null) used.add(rule);
  }
  return [...used].sort((a, b) => a - b);
}

/**
 * Records one use of each rule for this buyer and reference, in the caller's transaction. A rule
 * with a limit (in total or per buyer) has its row locked first, so two orders at once queue: a
 * rule whose limit is reached by then is skipped, and the limit is never exceeded. A rule without
 * a limit is not locked: orders using a store-wide rule do not wait for each other (decision 0085).
 * The rule's use count follows its recorded uses through a deferred trigger (migration 0037), at
 * commit. A rule already recorded under this reference is skipped too, and a rule named twice is
 * recorded once. Answers the rules it recorded.
 */
export async function recordRuleUses(
  tx: Tx,
  ruleIds: readonly number[],
  userId: number | null,
  reference: string,
): Promise<number[]> {
  const recorded: number[] = [];
  // Each rule once, in id order (the lock order), however many lines it priced.
  for (const ruleId of [...new Set(ruleIds)].sort((a, b) => a - b)) {
    const byId = eq(discountRules.id, ruleId);
    // A rule without a limit is recorded in this one statement; a limited one is only read by it.
    const [first] = await recordUnlimitedUse(tx, ruleId, userId, reference);
    if (!first) continue;
    if (first.inserted) {
      recorded.push(ruleId);
      continue;
    }
    // Without a limit and not inserted: already recorded under this reference.
    if (!first.limited) continue;
    const [rule] = await tx.select().from(discountRules).where(byId).for('update');
    if (!rule) continue;
    // One use per rule per reference: recording again (a re-opened order) takes nothing twice.
    const [already] = await tx
      .select({ id: discountRuleUsages.id })
      .from(discountRuleUsages)
      .where(and(eq(discountRuleUsages.discountRuleId, ruleId), eq(discountRuleUsages.reference, reference)))
      .limit(1);
    if (already) continue;
    // Under the rule's lock, its count holds every committed use (the trigger counts at commit).
    if (rule.totalUsageLimit !== null && rule.usageCount >= rule.totalUsageLimit) continue;
    if (rule.maxUsagePerUser !== null) {
      if (userId === null) continue;
      const [mine] = await tx
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(discountRuleUsages)
        .where(and(eq(discountRuleUsages.discountRuleId, ruleId), eq(discountRuleUsages.userId, userId)));
      if ((mine?.n ?? 0) >= rule.maxUsagePerUser) continue;
    }
    await tx.insert(discountRuleUsages).values({ discountRuleId: ruleId, userId, reference });
    recorded.push(ruleId);
  }
  return recorded;
}

/**
 * A rule's first step in one statement (docs/decisions/0091): reads its limits and, when it has
 * none and is not yet recorded under this reference, records its use. No row: no such rule.
 */
async function recordUnlimitedUse(
  tx: Tx,
  ruleId: number,
  userId: number | null,
  reference: string,
): Promise<{ limited: boolean; inserted: boolean }[]> {
  const result = await tx.execute(sql`
    with rule as (
      select id, total_usage_limit is not null or max_usage_per_user is not null as limited
      from ${discountRules} where id = ${ruleId}
    ), inserted as (
      insert into ${discountRuleUsages} (discount_rule_id, user_id, reference)
      select id, ${userId}::integer, ${reference}::text from rule
      where not limited and not exists (
        select 1 from ${discountRuleUsages} u where u.discount_rule_id = rule.id and u.reference = ${reference}::text
      )
      returning 1
    )
    select limited, exists (select 1 from inserted) as inserted from rule`);
  return (result as unknown as { rows: { limited: boolean; inserted: boolean }[] }).rows;
}

/**
 * Gives back the uses recorded under a reference (an order cancelled before payment), rule by
 * rule in id order: the trigger takes each out of its rule's count at commit, in the same order as
 * recording takes them, so the two never wait for each other in a circle.
 */
export async function releaseRuleUses(tx: Tx, reference: string): Promise<number[]> {
  const uses = await tx
    .select({ ruleId: discountRuleUsages.discountRuleId })
    .from(discountRuleUsages)
    .where(eq(discountRuleUsages.reference, reference))
    .orderBy(asc(discountRuleUsages.discountRuleId));
  const released: number[] = [];
  for (const { ruleId } of uses) {
    const gone = await tx
      .delete(discountRuleUsages)
      .where(and(eq(discountRuleUsages.reference, reference), eq(discountRuleUsages.discountRuleId, ruleId)))
      .returning({ ruleId: discountRuleUsages.discountRuleId });
    released.push(...gone.map((g) => g.ruleId));
  }
  return released;
}
