import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { orderForm, orderSettings } from '../../../test/order-fixtures';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { discountRuleProducts, discountRules, discountRuleUsages } from '../catalogue/catalogue.tables';

/**
 * Discount usage limits (issue 12, docs/decisions/0039): a new order that sells a line at the
 * rule's price records a use in its transaction; a rule at its limit stops applying; two orders at
 * once cannot pass the limit; cancelling before payment gives the use back, re-opening takes it again.
 */
let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());
beforeEach(() => orderSettings(t.ctx.db, { vat: false, stock: false }));

async function limitedRule(productId: number, limit: { total?: number; perUser?: number }) {
  const [rule] = await t.ctx.db
    .insert(discountRules)
    .values({
      name: `Limited ${Date.now()}-${Math.random()}`,
      type: 'product',
      discountValue: '20',
      totalUsageLimit: limit.total ?? null,
      maxUsagePerUser: limit.perUser ?? null,
    })
    .returning();
  await t.ctx.db.insert(discountRuleProducts).values({ discountRuleId: rule!.id, productId });
  return rule!;
}

const usageOf = async (ruleId: number) => {
  const [rule] = await t.ctx.db.select().from(discountRules).where(eq(discountRules.id, ruleId));
  const rows = await t.ctx.db
    .select()
    .from(discountRuleUsages)
    .where(eq(discountRuleUsages.discountRuleId, ruleId));
  return { count: rule!.usageCount, rows };
};

/** An order for the customer: one unit at the given price (the rule's price is 8.00 of 10.00). */
const order = (productId: number, customerId: number, price: number) =>
  staff.post(
    '/admin/orders',
    orderForm([{ product_id: productId, quantity: 1, price }], price.toFixed(2), { user_id: customerId }),
  );

describe('discount usage limits', () => {
  it('records a use when a line is sold at the rule’s price, none at the full price', async () => {
    const product = await createProduct(t.ctx.db, { price: '10.00' });
    const rule = await limitedRule(product.id, { total: 5 });
    const customer = await createUser(t.ctx.db);

    const full = await order(product.id, customer.id, 10);
    expect(full.statusCode, full.body).toBe(201);
    expect((await usageOf(rule.id)).count).toBe(0);

    const discounted = await order(product.id, customer.id, 8);
    expect(discounted.statusCode, discounted.body).toBe(201);
    const usage = await usageOf(rule.id);
    expect(usage.count).toBe(1);
    expect(usage.rows).toMatchObject([
      { userId: customer.id, reference: `order:${discounted.json().order.id}` },
    ]);
  });

  it('stops applying at its limit: the search no longer offers the price and no further use is counted', async () => {
    const product = await createProduct(t.ctx.db, { name: `Limited lamp ${Date.now()}`, price: '10.00' });
    const rule = await limitedRule(product.id, { total: 1 });
    const customer = await createUser(t.ctx.db);
    expect((await order(product.id, customer.id, 8)).statusCode).toBe(201);
    const search = await staff.get(
      `/api/order-products?search=${encodeURIComponent(product.name)}&customer_id=${customer.id}`,
    );
    expect(search.json().data[0]).toMatchObject({ id: product.id, final_price: 10 });
    expect((await order(product.id, customer.id, 8)).statusCode).toBe(201);
    expect((await usageOf(rule.id)).count).toBe(1);
  });

  it('keeps each customer to their own limit', async () => {
    const product = await createProduct(t.ctx.db, { price: '10.00' });
    const rule = await limitedRule(product.id, { perUser: 1 });
    const [ann, bob] = [await createUser(t.ctx.db), await createUser(t.ctx.db)];
    await order(product.id, ann.id, 8);
    await order(product.id, ann.id, 8);
    await order(product.id, bob.id, 8);
    const usage = await usageOf(rule.id);
    expect(usage.rows.map((r) => r.userId).sort()).toEqual([ann.id, bob.id].sort());
  });

  it('lets two orders at once take only the last use', async () => {
    const product = await createProduct(t.ctx.db, { price: '10.00' });
    const rule = await limitedRule(product.id, { total: 1 });
    const customers = [await createUser(t.ctx.db), await createUser(t.ctx.db), await createUser(t.ctx.db)];
    const replies = await Promise.all(customers.map((c) => order(product.id, c.id, 8)));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const usage = await usageOf(rule.id);
    expect(usage.count).toBe(1);
    expect(usage.rows).toHaveLength(1);
  });

  it('gives the use back when the order is cancelled before payment, not after', async () => {
    const product = await createProduct(t.ctx.db, { price: '10.00' });
    const rule = await limitedRule(product.id, { total: 3 });
    const customer = await createUser(t.ctx.db);
    const unpaid = (await order(product.id, customer.id, 8)).json().order.id;
    const paid = (
      await staff.post(
        '/admin/orders',
        orderForm([{ product_id: product.id, quantity: 1, price: 8 }], '8.00', {
          user_id: customer.id,
          payment_intent: 'immediate_payment',
          payment_type: 'cod',
          amount_paid: '8.00',
        }),
      )
    ).json().order.id;
    expect((await usageOf(rule.id)).count).toBe(2);

    for (const id of [unpaid, paid]) {
      const cancelled = await staff.post(`/api/orders/${id}/status`, {
        delivery_status: 'cancelled',
        status_reason: 'Changed mind',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    const usage = await usageOf(rule.id);
    expect(usage.count).toBe(1);
    expect(usage.rows.map((r) => r.reference)).toEqual([`order:${paid}`]);
  });

  it('takes the use again when a cancelled order is re-opened, never twice, and never past the limit', async () => {
    const product = await createProduct(t.ctx.db, { price: '10.00' });
    const rule = await limitedRule(product.id, { total: 2 });
    const customer = await createUser(t.ctx.db);
    const status = (id: number, delivery_status: string) =>
      staff.post(`/api/orders/${id}/status`, { delivery_status, status_reason: 'Phoned the shop' });
    const first = (await order(product.id, customer.id, 8)).json().order.id;
    expect((await status(first, 'cancelled')).statusCode).toBe(200);
    expect((await usageOf(rule.id)).count).toBe(0);

    // Re-opened: the use is taken again, and once only however often the status moves.
    expect((await status(first, 'pending')).statusCode).toBe(200);
    expect((await status(first, 'processing')).statusCode).toBe(200);
    let usage = await usageOf(rule.id);
    expect(usage.count).toBe(1);
    expect(usage.rows.map((r) => r.reference)).toEqual([`order:${first}`]);
    const audited = await t.ctx.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, String(first)), eq(auditLog.action, 'order.updated')))
      .orderBy(asc(auditLog.id));
    expect(
      audited.map((row) => (row.data as { discount_rules_used?: number[] }).discount_rules_used),
    ).toEqual([undefined, [rule.id], undefined]);

    // Cancelled again and the last use taken by another order meanwhile: re-opening finds none left.
    expect((await status(first, 'cancelled')).statusCode).toBe(200);
    await order(product.id, customer.id, 8);
    await order(product.id, customer.id, 8);
    expect((await usageOf(rule.id)).count).toBe(2);
    expect((await status(first, 'pending')).statusCode).toBe(200);
    usage = await usageOf(rule.id);
    expect(usage.count).toBe(2);
    expect(usage.rows.map((r) => r.reference)).not.toContain(`order:${first}`);
  });
});
