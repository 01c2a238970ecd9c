import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONEY_DECIMALS_MESSAGE } from '../../../contracts/common';
import { DISCOUNT_MESSAGES, type DiscountRuleReply, type RuleReason } from '../../../contracts/discounts';
import { addDays, formatIsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { permissions, rolePermissions, roles } from '../../platform/auth/auth.tables';
import {
  categories,
  discountRuleProducts,
  discountRules,
  productCategories,
  products,
} from './catalogue.tables';
import { seedDemoDiscounts } from './seed-demo-discounts';

let t: TestApp;
let admin: Agent & { user: { id: number; email: string } };
let customer: Agent;
let tag = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  customer = await t.signedIn(['customer']);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

/** A word no other test of this file uses, to scope searches. */
function word(): string {
  tag += 1;
  return `zq${Date.now().toString(36)}x${tag}`;
}

/** Today in the shop's time zone (the default Indian/Mauritius), by the app's clock. */
const shopToday = () => isoDateInZone(t.ctx.now(), 'Indian/Mauritius');

async function createCategory(name: string, parentId: number | null = null) {
  const [row] = await t.ctx.db
    .insert(categories)
    .values({ name, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${word()}`, parentId })
    .returning();
  return row!;
}

async function createProduct(
  name: string,
  overrides: Partial<typeof products.$inferInsert> = {},
  categoryIds: number[] = [],
) {
  const [row] = await t.ctx.db
    .insert(products)
    .values({
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${word()}`,
      price: '100.00',
      ...overrides,
    })
    .returning();
  if (categoryIds.length > 0) {
    await t.ctx.db
      .insert(productCategories)
      .values(categoryIds.map((categoryId) => ({ productId: row!.id, categoryId })));
  }
  return row!;
}

function ruleBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Rule ${word()}`,
    description: 'A test rule',
    type: 'global',
    discount_type: 'percent',
    discount_value: 10,
    applicable_roles: [],
    start_date: null,
    end_date: null,
    priority: 1,
    min_quantity: null,
    max_usage_per_user: null,
    total_usage_limit: null,
    is_active: true,
    product_ids: [],
    category_ids: [],
    ...overrides,
  };
}

async function createRule(overrides: Record<string, unknown> = {}, agent: Agent = admin) {
  const response = await agent.post('/api/discounts', ruleBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as DiscountRuleReply;
}

/** The body the list's switch sends: the rule as loaded, is_active inverted (spec 2 §4). */
function resaveBody(rule: DiscountRuleReply, overrides: Record<string, unknown> = {}) {
  const { id, usage_count, products: _p, categories: _c, created_at, updated_at, ...fields } = rule;
  return { ...fields, ...overrides };
}

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

async function auditCount(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(auditLog);
  return row!.n;
}

async function expect422(
  response: { statusCode: number; json(): unknown; body: string },
  errors: Record<string, string[]>,
) {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json() as { message: string; errors: Record<string, string[]> };
  expect(body.errors).toEqual(errors);
  expect(body.message).toBe(Object.values(errors)[0]![0]);
}

describe('who may use the discount routes', () => {
  const reads = [
    '/api/discounts',
    '/api/discounts/1',
    '/api/discounts/selector/products?search=ab',
    '/api/discounts/selector/categories?search=ab',
  ];
  const writes: [string, string][] = [
    ['POST', '/api/discounts'],
    ['PUT', '/api/discounts/1'],
    ['DELETE', '/api/discounts/1'],
  ];

  it.each(reads)('GET %s answers 401 signed out and 403 to a customer', async (url) => {
    const out = await t.agent().get(url);
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthenticated.' });
    const forbidden = await customer.get(url);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it.each(writes)(
    '%s %s answers 401 signed out, 403 to a customer, 419 without CSRF',
    async (method, url) => {
      const before = await auditCount();
      const [rulesBefore] = await t.ctx.db
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(discountRules);
      const body = ruleBody();
      const out = await (await guest()).request({ method: method as 'POST', url, payload: body });
      expect(out.statusCode).toBe(401);
      const forbidden = await customer.request({ method: method as 'POST', url, payload: body });
      expect(forbidden.statusCode).toBe(403);
      const noToken = await admin.request({ method: method as 'POST', url, payload: body, csrf: false });
      expect(noToken.statusCode).toBe(419);
      expect(noToken.json()).toEqual({ message: 'CSRF token mismatch.' });
      expect(await auditCount()).toBe(before);
      const [rulesAfter] = await t.ctx.db
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(discountRules);
      expect(rulesAfter!.n).toBe(rulesBefore!.n);
    },
  );

  it.each(['/api/products/1/discount-rules', '/api/products/1/applicable-discount-rules'])(
    'GET %s answers 401 signed out and 403 to a customer',
    async (url) => {
      expect((await t.agent().get(url)).statusCode).toBe(401);
      expect((await customer.get(url)).statusCode).toBe(403);
    },
  );

  it('lets staff (catalogue.manage, orders.manage by default) in', async () => {
    const staff = await t.signedIn(['staff']);
    expect((await staff.get('/api/discounts')).statusCode).toBe(200);
    const product = await createProduct('Staff visible');
    expect((await staff.get(`/api/products/${product.id}/discount-rules`)).statusCode).toBe(200);
  });
});

describe('POST /api/discounts', () => {
  it('creates a rule with its products and categories, in one transaction with an audit row', async () => {
    const top = await createCategory('Outdoor');
    const child = await createCategory('Tents', top.id);
    const tent = await createProduct('Dome tent', { sku: 'TNT-1' });
    const response = await admin.post(
      '/api/discounts',
      ruleBody({
        name: '  Summer giveaway  ',
        type: 'giveaway',
        product_ids: [tent.id, tent.id],
        category_ids: [child.id],
        applicable_roles: ['partner', 'customer'],
        start_date: '2026-12-01',
        end_date: '2026-12-31',
        priority: 7,
        min_quantity: '2',
        max_usage_per_user: 1,
        total_usage_limit: '',
        usage_count: 99,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Discount rule created successfully.' });
    expect(body.data).toMatchObject({
      name: 'Summer giveaway',
      description: 'A test rule',
      type: 'giveaway',
      discount_type: 'percent',
      discount_value: 100,
      applicable_roles: ['customer', 'partner'],
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      priority: 7,
      min_quantity: 2,
      max_usage_per_user: 1,
      total_usage_limit: null,
      usage_count: 0,
      is_active: true,
      product_ids: [tent.id],
      category_ids: [child.id],
      products: [{ id: tent.id, name: 'Dome tent', sku: 'TNT-1' }],
      categories: [{ id: child.id, name: 'Tents', parent_id: top.id, path: 'Outdoor › Tents' }],
    });

    const detail = await admin.get(`/api/discounts/${body.data.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({ success: true, data: body.data });

    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'discount_rule.created'), eq(auditLog.subjectId, String(body.data.id))));
    expect(row).toMatchObject({ actorUserId: admin.user.id, subjectType: 'discount_rule' });
    expect(row!.data).toMatchObject({ name: 'Summer giveaway', product_ids: [tent.id], discount_value: 100 });
  });

  it('forces a giveaway to 100 percent whatever is sent (spec 2 §4)', async () => {
    const rule = await createRule({ type: 'giveaway', discount_type: 'fixed', discount_value: 3 });
    expect(rule).toMatchObject({ discount_type: 'percent', discount_value: 100 });
    const without = await createRule({ type: 'giveaway', discount_value: '' });
    expect(without).toMatchObject({ discount_type: 'percent', discount_value: 100 });
  });

  it('defaults priority to 1 and is_active to true; keeps only the targets the type uses', async () => {
    const product = await createProduct('Kept away');
    const category = await createCategory('Kept away too');
    const { priority, is_active, ...rest } = ruleBody({
      type: 'role_based',
      applicable_roles: ['doctor'],
      product_ids: [product.id],
      category_ids: [category.id],
    });
    const response = await admin.post('/api/discounts', rest);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      priority: 1,
      is_active: true,
      product_ids: [],
      category_ids: [],
    });
    const categoryRule = await createRule({
      type: 'category',
      product_ids: [product.id],
      category_ids: [category.id],
    });
    expect(categoryRule).toMatchObject({ product_ids: [], category_ids: [category.id] });
  });

  it('accepts a fixed value above 100 (spec 1 §3) in cents, and refuses a third decimal (issue 11)', async () => {
    const rule = await createRule({ discount_type: 'fixed', discount_value: '150.55' });
    expect(rule).toMatchObject({ discount_type: 'fixed', discount_value: 150.55 });
    const refused = await admin.post(
      '/api/discounts',
      ruleBody({ discount_type: 'fixed', discount_value: '150.555' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ discount_value: [MONEY_DECIMALS_MESSAGE] });
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['a missing name', { name: '  ' }, { name: [DISCOUNT_MESSAGES.nameRequired] }],
    ['an unknown type', { type: 'coupon' }, { type: [DISCOUNT_MESSAGES.typeRequired] }],
    [
      'an unknown value type',
      { discount_type: 'bogof' },
      { discount_type: [DISCOUNT_MESSAGES.kindRequired] },
    ],
    ['a missing value', { discount_value: '' }, { discount_value: [DISCOUNT_MESSAGES.valueRequired] }],
    ['a value of 0', { discount_value: 0 }, { discount_value: [DISCOUNT_MESSAGES.valuePositive] }],
    ['a negative value', { discount_value: -5 }, { discount_value: [DISCOUNT_MESSAGES.valuePositive] }],
    ['a percent over 100', { discount_value: 100.01 }, { discount_value: [DISCOUNT_MESSAGES.percentMax] }],
    [
      'a role outside the five',
      { applicable_roles: ['admin'] },
      { 'applicable_roles.0': [DISCOUNT_MESSAGES.roleUnknown] },
    ],
    [
      'role_based without a role',
      { type: 'role_based' },
      { applicable_roles: [DISCOUNT_MESSAGES.roleRequired] },
    ],
    ['product without a product', { type: 'product' }, { product_ids: [DISCOUNT_MESSAGES.productRequired] }],
    [
      'category without a category',
      { type: 'category' },
      { category_ids: [DISCOUNT_MESSAGES.categoryRequired] },
    ],
    [
      'a start date not in ISO',
      { start_date: '01/12/2026' },
      { start_date: ['Please enter date in YYYY-MM-DD format.'] },
    ],
    [
      'an impossible end date',
      { end_date: '2026-02-30' },
      { end_date: ['Please enter date in YYYY-MM-DD format.'] },
    ],
    [
      'an end before the start',
      { start_date: '2026-12-10', end_date: '2026-12-09' },
      { end_date: [DISCOUNT_MESSAGES.dateOrder] },
    ],
    ['a fractional priority', { priority: 1.5 }, { priority: [DISCOUNT_MESSAGES.priority] }],
    ['a negative priority', { priority: -1 }, { priority: [DISCOUNT_MESSAGES.priority] }],
    ['a minimum quantity of 0', { min_quantity: 0 }, { min_quantity: [DISCOUNT_MESSAGES.positiveWhole] }],
    [
      'a per-user limit of 1.5',
      { max_usage_per_user: 1.5 },
      { max_usage_per_user: [DISCOUNT_MESSAGES.positiveWhole] },
    ],
    [
      'a total limit of -1',
      { total_usage_limit: -1 },
      { total_usage_limit: [DISCOUNT_MESSAGES.positiveWhole] },
    ],
    [
      'a product id that is not an id',
      { type: 'product', product_ids: ['abc'] },
      { 'product_ids.0': ['This id is not valid.'] },
    ],
  ])('answers 422 for %s', async (_label, overrides, errors) => {
    const before = await auditCount();
    await expect422(await admin.post('/api/discounts', ruleBody(overrides)), errors);
    expect(await auditCount()).toBe(before);
  });

  it('reports every problem at once', async () => {
    const response = await admin.post('/api/discounts', {
      name: ' ',
      type: 'product',
      discount_value: 120,
      priority: 2.5,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: [DISCOUNT_MESSAGES.nameRequired],
      priority: [DISCOUNT_MESSAGES.priority],
      discount_value: [DISCOUNT_MESSAGES.percentMax],
      product_ids: [DISCOUNT_MESSAGES.productRequired],
    });
  });

  it('answers 422 for products and categories that do not exist (a deleted product included)', async () => {
    const live = await createProduct('Live one');
    const gone = await createProduct('Deleted one', { deletedAt: new Date() });
    const category = await createCategory('Real category');
    const before = await auditCount();
    await expect422(
      await admin.post(
        '/api/discounts',
        ruleBody({
          type: 'giveaway',
          product_ids: [live.id, gone.id, 999_999],
          category_ids: [category.id, 888_888],
        }),
      ),
      {
        'product_ids.1': [DISCOUNT_MESSAGES.productMissing],
        'product_ids.2': [DISCOUNT_MESSAGES.productMissing],
        'category_ids.1': [DISCOUNT_MESSAGES.categoryMissing],
      },
    );
    expect(await auditCount()).toBe(before);
  });
});

describe('GET /api/discounts/{id}', () => {
  it('answers 404 for a rule that does not exist or an id that names none', async () => {
    expect((await admin.get('/api/discounts/999999')).json()).toEqual({
      message: DISCOUNT_MESSAGES.notFound,
    });
    expect((await admin.get('/api/discounts/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/discounts/abc')).statusCode).toBe(404);
    expect((await admin.get('/api/discounts/99999999999')).statusCode).toBe(404);
  });
});

describe('PUT /api/discounts/{id}', () => {
  it('saves the whole rule, replaces its products and writes what changed', async () => {
    const first = await createProduct('First pick');
    const second = await createProduct('Second pick');
    const rule = await createRule({ type: 'product', product_ids: [first.id], discount_value: 10 });
    const response = await admin.put(
      `/api/discounts/${rule.id}`,
      resaveBody(rule, {
        product_ids: [second.id],
        discount_value: 15,
        name: 'Renamed rule',
        usage_count: 50,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Discount rule updated successfully.',
      data: {
        id: rule.id,
        name: 'Renamed rule',
        discount_value: 15,
        product_ids: [second.id],
        products: [{ id: second.id, name: 'Second pick' }],
        usage_count: 0,
      },
    });
    const links = await t.ctx.db
      .select()
      .from(discountRuleProducts)
      .where(eq(discountRuleProducts.discountRuleId, rule.id));
    expect(links.map((l) => l.productId)).toEqual([second.id]);
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'discount_rule.updated'), eq(auditLog.subjectId, String(rule.id))));
    expect(row!.data).toEqual({
      name: 'Renamed rule',
      changes: {
        name: { from: rule.name, to: 'Renamed rule' },
        discount_value: { from: 10, to: 15 },
        product_ids: { from: [first.id], to: [second.id] },
      },
    });
  });

  it('switches a rule off and on by re-saving it with is_active inverted (spec 2 §4)', async () => {
    const name = word();
    const rule = await createRule({ name, priority: 4 });
    const off = await admin.put(
      `/api/discounts/${rule.id}`,
      resaveBody(rule, { is_active: !rule.is_active }),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ ...rule, is_active: false, updated_at: expect.any(String) });
    const listed = (await admin.get(`/api/discounts?search=${name}&is_active=0`)).json();
    expect(listed.data.map((r: DiscountRuleReply) => r.id)).toEqual([rule.id]);
    expect((await admin.get(`/api/discounts?search=${name}&is_active=1`)).json().total).toBe(0);
    const on = await admin.put(`/api/discounts/${rule.id}`, resaveBody(off.json().data, { is_active: true }));
    expect(on.json().data.is_active).toBe(true);
  });

  it('keeps usage_count whatever the browser sends', async () => {
    const rule = await createRule();
    await t.ctx.db.update(discountRules).set({ usageCount: 3 }).where(eq(discountRules.id, rule.id));
    const response = await admin.put(`/api/discounts/${rule.id}`, { ...resaveBody(rule), usage_count: 0 });
    expect(response.json().data.usage_count).toBe(3);
  });

  it('answers 404 for a missing rule and 422 with the messages', async () => {
    expect((await admin.put('/api/discounts/999999', ruleBody())).statusCode).toBe(404);
    expect((await admin.put('/api/discounts/abc', ruleBody())).statusCode).toBe(404);
    const rule = await createRule();
    await expect422(await admin.put(`/api/discounts/${rule.id}`, resaveBody(rule, { type: 'category' })), {
      category_ids: [DISCOUNT_MESSAGES.categoryRequired],
    });
  });

  it('also takes the form post with _method=PUT', async () => {
    const rule = await createRule();
    const response = await admin.post(`/api/discounts/${rule.id}`, {
      ...resaveBody(rule, { priority: 9 }),
      _method: 'PUT',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.priority).toBe(9);
  });
});

describe('DELETE /api/discounts/{id}', () => {
  it('deletes the rule and its links, with an audit row; a second delete is a 404', async () => {
    const product = await createProduct('Soon unlinked');
    const rule = await createRule({ type: 'product', product_ids: [product.id] });
    const response = await admin.delete(`/api/discounts/${rule.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Discount rule deleted successfully.' });
    expect((await admin.get(`/api/discounts/${rule.id}`)).statusCode).toBe(404);
    const links = await t.ctx.db
      .select()
      .from(discountRuleProducts)
      .where(eq(discountRuleProducts.discountRuleId, rule.id));
    expect(links).toEqual([]);
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'discount_rule.deleted'), eq(auditLog.subjectId, String(rule.id))));
    expect(row!.data).toMatchObject({ name: rule.name, type: 'product' });
    const again = await admin.delete(`/api/discounts/${rule.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: DISCOUNT_MESSAGES.notFound });
    expect((await admin.delete('/api/discounts/abc')).statusCode).toBe(404);
  });
});

describe('GET /api/discounts', () => {
  it('pages 10 at a time, newest first, with each rule’s products and categories', async () => {
    const prefix = word();
    const product = await createProduct(`Paged ${prefix}`);
    const category = await createCategory(`Paged cat ${prefix}`);
    for (let i = 1; i <= 12; i += 1) {
      await createRule({
        name: `${prefix} ${String(i).padStart(2, '0')}`,
        type: i % 2 === 0 ? 'product' : 'category',
        product_ids: [product.id],
        category_ids: [category.id],
        priority: i,
      });
      t.advance(1000);
    }
    const first = (await admin.get(`/api/discounts?search=${prefix}`)).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12, from: 1, to: 10 });
    expect(first.data.map((r: DiscountRuleReply) => r.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${prefix} ${String(12 - i).padStart(2, '0')}`),
    );
    expect(first.data[0]).toMatchObject({ type: 'product', products: [{ id: product.id }], categories: [] });
    expect(first.data[1]).toMatchObject({
      type: 'category',
      products: [],
      categories: [{ id: category.id }],
    });
    const second = (await admin.get(`/api/discounts?search=${prefix}&page=2`)).json();
    expect(second).toMatchObject({ current_page: 2, total: 12, from: 11, to: 12 });
    expect(second.data.map((r: DiscountRuleReply) => r.name)).toEqual([`${prefix} 02`, `${prefix} 01`]);

    const byPriority = (
      await admin.get(`/api/discounts?search=${prefix}&sort=priority&direction=asc&per_page=3`)
    ).json();
    expect(byPriority.data.map((r: DiscountRuleReply) => r.priority)).toEqual([1, 2, 3]);
    const productsOnly = (await admin.get(`/api/discounts?search=${prefix}&type=product`)).json();
    expect(productsOnly.total).toBe(6);
    expect(productsOnly.data.every((r: DiscountRuleReply) => r.type === 'product')).toBe(true);
  });

  it('searches the description too, literally', async () => {
    const needle = word();
    const rule = await createRule({ description: `For the ${needle} fair` });
    expect(
      (await admin.get(`/api/discounts?search=${needle.toUpperCase()}`))
        .json()
        .data.map((r: DiscountRuleReply) => r.id),
    ).toEqual([rule.id]);
    expect((await admin.get('/api/discounts?search=%25%25%25')).json().total).toBe(0);
  });

  it('answers 422 for a sort or filter it does not know', async () => {
    expect((await admin.get('/api/discounts?sort=usage_count')).statusCode).toBe(422);
    expect((await admin.get('/api/discounts?type=coupon')).statusCode).toBe(422);
    expect((await admin.get('/api/discounts?is_active=maybe')).statusCode).toBe(422);
  });
});

describe('the product and category selectors', () => {
  it('need 2 characters and answer at most 10 live products, chosen ones left out', async () => {
    const needle = word();
    const made = [];
    for (let i = 1; i <= 12; i += 1)
      made.push(await createProduct(`${needle} lamp ${String(i).padStart(2, '0')}`));
    await createProduct(`${needle} lamp deleted`, { deletedAt: new Date() });
    await createProduct('zzz unrelated', { sku: `${needle}-SKU` });

    const short = await admin.get('/api/discounts/selector/products?search=a');
    await expect422(short, { search: [DISCOUNT_MESSAGES.searchTooShort] });
    await expect422(await admin.get('/api/discounts/selector/products'), {
      search: [DISCOUNT_MESSAGES.searchTooShort],
    });

    const found = (await admin.get(`/api/discounts/selector/products?search=${needle}&per_page=10`)).json();
    expect(found.data).toHaveLength(10);
    expect(found.data[0]).toEqual({ id: made[0]!.id, name: `${needle} lamp 01`, sku: null, is_active: true });
    const all = (await admin.get(`/api/discounts/selector/products?search=${needle}&per_page=50`)).json();
    expect(all.data.map((p: { name: string }) => p.name)).not.toContain(`${needle} lamp deleted`);
    expect(all.data.map((p: { name: string }) => p.name)).toContain('zzz unrelated');
    expect(all.data).toHaveLength(13);

    const exclude = `${made[0]!.id},${made[1]!.id}`;
    const rest = (
      await admin.get(`/api/discounts/selector/products?search=${needle}&exclude=${exclude}`)
    ).json();
    expect(rest.data[0].name).toBe(`${needle} lamp 03`);
    expect((await admin.get(`/api/discounts/selector/products?search=${needle}&exclude=x`)).statusCode).toBe(
      422,
    );
  });

  it('finds categories by their name or their parent’s, with the path', async () => {
    const needle = word();
    const top = await createCategory(`${needle} Garden`);
    const child = await createCategory('Hoses', top.id);
    const found = (await admin.get(`/api/discounts/selector/categories?search=${needle}`)).json();
    expect(found.data).toEqual([
      { id: top.id, name: `${needle} Garden`, parent_id: null, path: `${needle} Garden` },
      { id: child.id, name: 'Hoses', parent_id: top.id, path: `${needle} Garden › Hoses` },
    ]);
    await expect422(await admin.get('/api/discounts/selector/categories?search= x '), {
      search: [DISCOUNT_MESSAGES.searchTooShort],
    });
  });
});

describe('a product’s discount rules (GET /api/products/{id}/discount-rules, /applicable-discount-rules)', () => {
  // Rules apply shop-wide, so each case starts from none.
  beforeEach(async () => {
    await t.ctx.db.delete(discountRules);
  });

  it('answers 404 for a product that does not exist or was deleted', async () => {
    const gone = await createProduct('Gone', { deletedAt: new Date() });
    for (const url of [
      `/api/products/${gone.id}/discount-rules`,
      `/api/products/${gone.id}/applicable-discount-rules`,
      '/api/products/999999/discount-rules',
      '/api/products/999999/applicable-discount-rules?show_all=true',
      '/api/products/abc/discount-rules',
    ]) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await admin.get('/api/products/999999/discount-rules')).json()).toEqual({
      message: DISCOUNT_MESSAGES.productNotFound,
    });
  });

  it('uses the product’s own discount when no rule applies', async () => {
    const product = await createProduct('Own discount', {
      hasDiscount: true,
      discount: '20',
      discountType: 'percent',
    });
    expect((await admin.get(`/api/products/${product.id}/discount-rules`)).json()).toEqual({
      success: true,
      has_global_discounts: false,
      highest_priority_rule: null,
    });
    expect((await admin.get(`/api/products/${product.id}/applicable-discount-rules`)).json()).toEqual({
      rules: [],
      has_global_discounts: false,
      applied_discount: {
        source: 'product',
        rule: null,
        original_price: 100,
        final_price: 80,
        discount_amount: 20,
        discount_percentage: 20,
      },
    });
  });

  it('lets a global rule beat the product’s own discount, even a smaller one (spec 2 §4)', async () => {
    const product = await createProduct('Own 20 %', {
      hasDiscount: true,
      discount: '20',
      discountType: 'percent',
    });
    const global = await createRule({ name: 'Everything 5', type: 'global', discount_value: 5 });
    const summary = {
      id: global.id,
      name: 'Everything 5',
      type: 'global',
      priority: 1,
      discount_type: 'percent',
      discount_value: 5,
    };
    expect((await admin.get(`/api/products/${product.id}/discount-rules`)).json()).toEqual({
      success: true,
      has_global_discounts: true,
      highest_priority_rule: summary,
    });
    const applicable = (await admin.get(`/api/products/${product.id}/applicable-discount-rules`)).json();
    expect(applicable).toEqual({
      rules: [
        {
          ...summary,
          applicable_roles: [],
          start_date: null,
          end_date: null,
          min_quantity: null,
          applies: true,
          is_applied: true,
          reason_codes: [],
          reasons: [],
          reason: null,
        },
      ],
      has_global_discounts: true,
      applied_discount: {
        source: 'rule',
        rule: summary,
        original_price: 100,
        final_price: 95,
        discount_amount: 5,
        discount_percentage: 5,
      },
    });
  });

  it('prices with the highest priority, not the biggest discount; a parent category covers its children', async () => {
    const top = await createCategory('Kitchen');
    const child = await createCategory('Knives', top.id);
    const product = await createProduct('Chef knife', { price: '80.00' }, [child.id]);
    await createRule({ name: 'Global 30', type: 'global', discount_value: 30, priority: 1 });
    const kitchen = await createRule({
      name: 'Kitchen 10',
      type: 'category',
      category_ids: [top.id],
      discount_value: 10,
      priority: 3,
    });
    await createRule({
      name: 'Fixed 5',
      type: 'product',
      product_ids: [product.id],
      discount_type: 'fixed',
      discount_value: 5,
      priority: 2,
    });

    const rules = (await admin.get(`/api/products/${product.id}/discount-rules`)).json();
    expect(rules.highest_priority_rule).toMatchObject({ id: kitchen.id, priority: 3 });
    expect(rules.has_global_discounts).toBe(true);
    const applicable = (await admin.get(`/api/products/${product.id}/applicable-discount-rules`)).json();
    expect(applicable.rules.map((r: { name: string }) => r.name)).toEqual([
      'Kitchen 10',
      'Fixed 5',
      'Global 30',
    ]);
    expect(applicable.rules.map((r: { is_applied: boolean }) => r.is_applied)).toEqual([true, false, false]);
    expect(applicable.rules[1]).toMatchObject({ discount_type: 'fixed', discount_value: 5 });
    expect(applicable.applied_discount).toMatchObject({ final_price: 72, rule: { id: kitchen.id } });
  });

  it('applies a role rule only to the session’s active role', async () => {
    const partnerRole = await t.ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'partner'));
    const ordersManage = await t.ctx.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.name, 'orders.manage'));
    // The order form's permission, given to partners for this test only.
    await t.ctx.db
      .insert(rolePermissions)
      .values({ roleId: partnerRole[0]!.id, permissionId: ordersManage[0]!.id })
      .onConflictDoNothing();
    const product = await createProduct('Role priced');
    const partnerRule = await createRule({
      name: 'Partner 12',
      type: 'role_based',
      applicable_roles: ['partner'],
      discount_value: 12,
      priority: 5,
    });

    const both = await t.signedIn(['admin', 'partner']);
    const asAdmin = (await both.get(`/api/products/${product.id}/discount-rules`)).json();
    expect(asAdmin.highest_priority_rule).toBeNull();
    const shown = (
      await both.get(`/api/products/${product.id}/applicable-discount-rules?show_all=true`)
    ).json();
    expect(shown.rules).toEqual([
      expect.objectContaining({
        id: partnerRule.id,
        applies: false,
        reason_codes: ['role'],
        reasons: [{ code: 'role', message: 'Only for partner.' }],
        reason: 'Only for partner.',
      }),
    ]);

    const switched = await both.post('/api/user/roles/switch', { role: 'partner' });
    expect(switched.statusCode, switched.body).toBe(200);
    both.csrfToken = switched.json().data.csrf_token;
    const asPartner = (await both.get(`/api/products/${product.id}/discount-rules`)).json();
    expect(asPartner).toEqual({
      success: true,
      has_global_discounts: false,
      highest_priority_rule: expect.objectContaining({
        id: partnerRule.id,
        type: 'role_based',
        discount_value: 12,
      }),
    });
    const applied = (await both.get(`/api/products/${product.id}/applicable-discount-rules`)).json();
    expect(applied.applied_discount).toMatchObject({ source: 'rule', final_price: 88 });
  });

  it('does not apply a rule dated from tomorrow today, and does once the day comes', async () => {
    const product = await createProduct('Tomorrow priced', { hasDiscount: true, discount: '10' });
    const tomorrow = addDays(shopToday(), 1);
    const rule = await createRule({
      name: 'From tomorrow',
      type: 'product',
      product_ids: [product.id],
      start_date: tomorrow,
      discount_value: 25,
    });
    const today = (await admin.get(`/api/products/${product.id}/applicable-discount-rules`)).json();
    expect(today.rules).toEqual([]);
    expect(today.applied_discount).toMatchObject({ source: 'product', final_price: 90 });
    expect(
      (await admin.get(`/api/products/${product.id}/discount-rules`)).json().highest_priority_rule,
    ).toBeNull();
    const all = (
      await admin.get(`/api/products/${product.id}/applicable-discount-rules?show_all=true`)
    ).json();
    expect(all.rules).toEqual([
      expect.objectContaining({
        id: rule.id,
        applies: false,
        is_applied: false,
        start_date: tomorrow,
        reason_codes: ['not_started'],
        reason: `Starts on ${formatIsoDate(tomorrow, 'DD/MM/YYYY')}.`,
      }),
    ]);

    t.advance(DAY);
    // A day later the old session has idled out; a fresh admin looks.
    const later = await t.signedIn(['admin']);
    const next = (await later.get(`/api/products/${product.id}/applicable-discount-rules`)).json();
    expect(next.rules).toEqual([expect.objectContaining({ id: rule.id, applies: true, is_applied: true })]);
    expect(next.applied_discount).toMatchObject({ source: 'rule', final_price: 75, rule: { id: rule.id } });
    expect(
      (await later.get(`/api/products/${product.id}/discount-rules`)).json().highest_priority_rule,
    ).toMatchObject({
      id: rule.id,
    });
    admin = later;
  });

  it('show_all lists every switched-on rule that targets the product, with why it does not apply', async () => {
    const product = await createProduct('Show all');
    const other = await createProduct('Other product');
    const today = shopToday();
    const make = (name: string, overrides: Record<string, unknown>) =>
      createRule({ name, type: 'product', product_ids: [product.id], discount_value: 5, ...overrides });
    const ended = await make('Ended', { start_date: addDays(today, -10), end_date: addDays(today, -1) });
    const bulk = await make('Bulk', { min_quantity: 3, priority: 4 });
    const used = await make('Used up', { total_usage_limit: 2, priority: 3 });
    await t.ctx.db.update(discountRules).set({ usageCount: 2 }).where(eq(discountRules.id, used.id));
    const doctors = await make('Doctors later', {
      applicable_roles: ['doctor'],
      start_date: addDays(today, 2),
      priority: 2,
    });
    const live = await make('Live', { priority: 1 });
    await make('Elsewhere', { product_ids: [other.id] });
    await make('Switched off', { is_active: false });

    const all = (
      await admin.get(`/api/products/${product.id}/applicable-discount-rules?show_all=true`)
    ).json();
    const verdicts = all.rules.map((r: { id: number; applies: boolean; reason_codes: RuleReason[] }) => [
      r.id,
      r.applies,
      r.reason_codes,
    ]);
    expect(verdicts).toEqual([
      [bulk.id, false, ['min_quantity']],
      [used.id, false, ['usage_limit']],
      [doctors.id, false, ['not_started', 'role']],
      // Equal priorities: the older rule first.
      [ended.id, false, ['ended']],
      [live.id, true, []],
    ]);
    expect(all.rules.find((r: { id: number }) => r.id === bulk.id).reason).toBe('Needs at least 3 items.');
    expect(all.rules.find((r: { id: number }) => r.id === used.id).reason).toBe(
      'Its usage limit of 2 has been reached.',
    );
    expect(all.rules.find((r: { id: number }) => r.id === ended.id).reason).toBe(
      `Ended on ${formatIsoDate(addDays(today, -1), 'DD/MM/YYYY')}.`,
    );
    expect(all.applied_discount).toMatchObject({ rule: { id: live.id } });

    // Without show_all only what applies; with a quantity of 3 the bulk rule does and outranks.
    const plain = (await admin.get(`/api/products/${product.id}/applicable-discount-rules`)).json();
    expect(plain.rules.map((r: { id: number }) => r.id)).toEqual([live.id]);
    const three = (
      await admin.get(`/api/products/${product.id}/applicable-discount-rules?quantity=3`)
    ).json();
    expect(three.rules.map((r: { id: number }) => r.id)).toEqual([bulk.id, live.id]);
    expect(three.applied_discount.rule.id).toBe(bulk.id);
  });

  it('stops applying a rule switched off by re-saving it', async () => {
    const product = await createProduct('Switch priced');
    const rule = await createRule({ type: 'global', discount_value: 50 });
    expect(
      (await admin.get(`/api/products/${product.id}/discount-rules`)).json().highest_priority_rule,
    ).not.toBeNull();
    await admin.put(`/api/discounts/${rule.id}`, resaveBody(rule, { is_active: false }));
    expect((await admin.get(`/api/products/${product.id}/discount-rules`)).json()).toEqual({
      success: true,
      has_global_discounts: false,
      highest_priority_rule: null,
    });
  });
});

describe('seedDemoDiscounts', () => {
  beforeEach(async () => {
    await t.ctx.db.delete(discountRules);
  });

  it('adds the store-wide, partner and a from-tomorrow rule once', async () => {
    const category = await createCategory('Aaa demo category');
    await t.ctx.db.update(categories).set({ sortOrder: -1 }).where(eq(categories.id, category.id));
    const now = t.ctx.now();
    const added = await seedDemoDiscounts(t.ctx.db, now);
    expect(added).toEqual(['Store-wide 5 %', 'Partner price 12 %', 'Aaa demo category: 15 % from tomorrow']);
    expect(await seedDemoDiscounts(t.ctx.db, now)).toEqual([]);
    const rows = await t.ctx.db.select().from(discountRules).orderBy(discountRules.id);
    expect(rows.map((r) => [r.type, r.priority, r.isActive, r.applicableRoles])).toEqual([
      ['global', 1, true, []],
      ['role_based', 5, true, ['partner']],
      ['category', 10, true, []],
    ]);
    expect(rows[2]!.startDate).toBe(addDays(isoDateInZone(now, 'Indian/Mauritius'), 1));
    const listed = (await admin.get('/api/discounts')).json();
    expect(listed.data.find((r: DiscountRuleReply) => r.type === 'category').categories).toEqual([
      expect.objectContaining({ id: category.id }),
    ]);
  });
});
