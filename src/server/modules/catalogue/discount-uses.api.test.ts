import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../../../test/gate';
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

async function rule(limit: number | null, perUser: number | null = null) {
  const [row] = await t.ctx.db
    .insert(discountRules)
    .values({
      name: `Race ${Date.now()}-${Math.random()}`,
      type: 'global',
      discountValue: '5',
      totalUsageLimit: limit,
      maxUsagePerUser: perUser,
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

  it('counts the uses of a rule without a limit, which orders record without waiting for each other', async () => {
    const open = await rule(0).then(async (r) => {
      const [row] = await t.ctx.db
        .update(discountRules)
        .set({ totalUsageLimit: null })
        .where(eq(discountRules.id, r.id))
        .returning();
      return row!;
    });
    const countOf = async () =>
      (await t.ctx.db.select().from(discountRules).where(eq(discountRules.id, open.id)))[0]!.usageCount;
    if (t.database.kind === 'postgres') {
      // One order holds its transaction open after recording a use; another records and commits
      // meanwhile: with the rule's row locked it would wait for the first (decision 0085).
      const { open: release, opened: held } = gate();
      const { open: recordedFirst, opened: first } = gate();
      const slow = t.ctx.db.transaction(async (tx) => {
        const used = await recordRuleUses(tx, [open.id], null, `open:${open.id}:slow`);
        recordedFirst();
        await held;
        return used;
      });
      await first;
      const quick = await Promise.race([
        t.ctx.db.transaction((tx) => recordRuleUses(tx, [open.id], null, `open:${open.id}:quick`)),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000)),
      ]);
      release();
      expect(quick).toEqual([open.id]);
      expect(await slow).toEqual([open.id]);
    } else {
      // One connection runs one transaction at a time: the two orders follow each other.
      for (const name of ['slow', 'quick'])
        await t.ctx.db.transaction((tx) => recordRuleUses(tx, [open.id], null, `open:${open.id}:${name}`));
    }
    expect(await countOf()).toBe(2);
    await t.ctx.db.transaction((tx) => recordRuleUses(tx, [open.id], null, `open:${open.id}:quick`));
    expect(await countOf()).toBe(2);
    // A use given back leaves the count at commit; a rolled-back use never enters it.
    await t.ctx.db.transaction((tx) => releaseRuleUses(tx, `open:${open.id}:quick`));
    expect(await countOf()).toBe(1);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await recordRuleUses(tx, [open.id], null, `open:${open.id}:undone`);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await countOf()).toBe(1);
  });

  it('records a rule named by several lines once, in rule order', async () => {
    const first = await rule(5);
    const second = await rule(5);
    const recorded = await t.ctx.db.transaction((tx) =>
      recordRuleUses(tx, [second.id, first.id, second.id, first.id], null, 'order:twice'),
    );
    expect(recorded).toEqual([first.id, second.id]);
    const uses = await t.ctx.db
      .select()
      .from(discountRuleUsages)
      .where(eq(discountRuleUsages.reference, 'order:twice'));
    expect(uses.map((u) => u.discountRuleId).sort((a, b) => a - b)).toEqual([first.id, second.id]);
  });

  it('records each rule once per reference, limited or not, and skips a rule that does not exist', async () => {
    const open = await rule(null);
    const limited = await rule(3);
    const perBuyer = await rule(null, 1);
    const missing = perBuyer.id + 1_000_000;
    const record = (reference: string) =>
      t.ctx.db.transaction((tx) =>
        recordRuleUses(tx, [missing, perBuyer.id, limited.id, open.id], null, reference),
      );
    // A guest cannot use a rule limited per buyer (docs/decisions/0085); the others are recorded.
    expect(await record(`order:mixed:${open.id}`)).toEqual([open.id, limited.id]);
    // The same reference again (a re-opened order) records nothing twice.
    expect(await record(`order:mixed:${open.id}`)).toEqual([]);
    expect(await record(`order:mixed2:${open.id}`)).toEqual([open.id, limited.id]);
    const rows = await t.ctx.db
      .select()
      .from(discountRules)
      .where(eq(discountRules.id, open.id))
      .union(t.ctx.db.select().from(discountRules).where(eq(discountRules.id, limited.id)));
    // The use counts follow the recorded uses (the trigger counts at commit).
    expect(rows.map((r) => r.usageCount)).toEqual([2, 2]);
    const uses = await t.ctx.db
      .select({ ruleId: discountRuleUsages.discountRuleId })
      .from(discountRuleUsages)
      .where(eq(discountRuleUsages.reference, `order:mixed:${open.id}`));
    expect(uses.map((u) => u.ruleId).sort((a, b) => a - b)).toEqual([open.id, limited.id]);
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
