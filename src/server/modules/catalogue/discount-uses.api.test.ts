import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { discountRules, discountRuleUsages } from './catalogue.tables';
import { recordRuleUses, releaseRuleUses } from './discount-uses';

/**
 * The usage limit holds under concurrency (issue 12): twelve transactions at once recording a use
 * of a rule with one use left record exactly one. On PostgreSQL (`npm run test:postgres`) they
 * really run at once; the rule's row lock is what keeps them in line.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function rule(limit: number) {
  const [row] = await t.ctx.db
    .insert(discountRules)
    .values({
      name: `Race ${Date.now()}-${Math.random()}`,
      type: 'global',
      discountValue: '5',
      totalUsageLimit: limit,
    })
    .returning();
  return row!;
}

describe('recording rule uses', () => {
  it('never passes the total limit, however many orders record at once', async () => {
    const limited = await rule(3);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.ctx.db.transaction((tx) => recordRuleUses(tx, [limited.id], null, `race:${limited.id}:${i}`)),
      ),
    );
    expect(results.filter((r) => r.length === 1)).toHaveLength(3);
    const [row] = await t.ctx.db.select().from(discountRules).where(eq(discountRules.id, limited.id));
    expect(row!.usageCount).toBe(3);
    const uses = await t.ctx.db
      .select()
      .from(discountRuleUsages)
      .where(eq(discountRuleUsages.discountRuleId, limited.id));
    expect(uses).toHaveLength(3);
  });

  it('gives back exactly the uses of a reference', async () => {
    const limited = await rule(5);
    await t.ctx.db.transaction((tx) => recordRuleUses(tx, [limited.id], null, 'order:a'));
    await t.ctx.db.transaction((tx) => recordRuleUses(tx, [limited.id], null, 'order:b'));
    expect(await t.ctx.db.transaction((tx) => releaseRuleUses(tx, 'order:a'))).toEqual([limited.id]);
    expect(await t.ctx.db.transaction((tx) => releaseRuleUses(tx, 'order:a'))).toEqual([]);
    const [row] = await t.ctx.db.select().from(discountRules).where(eq(discountRules.id, limited.id));
    expect(row!.usageCount).toBe(1);
  });
});
