import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import { createUser } from '../../../test/factories';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import {
  attributeValues,
  brands,
  categories,
  productCategories,
  productStockAttributeValues,
  productStockColors,
  productStocks,
  products,
  vats,
} from './catalogue.tables';
import { ensureCatalogueReference, SEEDED_VATS } from './ensure-catalogue-reference';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let customer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  customer = await t.signedIn(['customer']);
});
afterAll(() => t.close());

let counter = 0;
/** A name no other test of this file uses. */
const named = (prefix: string) => `${prefix} ${++counter}`;

async function auditCount(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(auditLog);
  return row!.n;
}

async function auditRows(action: string, subjectId: number) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(subjectId))));
}

/** A guest with a session and CSRF token, but nobody signed in. */
async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

async function created<T = { id: number; name: string }>(url: string, body: Record<string, unknown>) {
  const response = await admin.post(url, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T & { id: number };
}

/** A product row written straight into the table, to make reference data "in use". */
async function product(fields: Partial<typeof products.$inferInsert> = {}) {
  const n = ++counter;
  const [row] = await t.ctx.db
    .insert(products)
    .values({ name: `Product ${n}`, slug: `product-${n}-${Date.now()}`, ...fields })
    .returning({ id: products.id });
  return row!.id;
}

/** A variant of a product holding colours and attribute values. */
async function variant(productId: number, holds: { colorIds?: number[]; valueIds?: number[] }) {
  const [stock] = await t.ctx.db
    .insert(productStocks)
    .values({ productId, variant: `variant ${++counter}` })
    .returning({ id: productStocks.id });
  for (const colorId of holds.colorIds ?? []) {
    await t.ctx.db.insert(productStockColors).values({ productStockId: stock!.id, colorId });
  }
  for (const attributeValueId of holds.valueIds ?? []) {
    await t.ctx.db
      .insert(productStockAttributeValues)
      .values({ productStockId: stock!.id, attributeValueId });
  }
  return stock!.id;
}

describe('who may use the reference data', () => {
  const publicReads = ['/api/brands', '/api/colors', '/api/categories', '/api/attributes'];
  const managerReads = ['/api/vats', '/api/suppliers', '/admin/api/attributes/1/values'];
  const writes: [string, string, Record<string, unknown>][] = [
    ['POST', '/admin/brands', { name: 'Nobody brand' }],
    ['PUT', '/admin/brands/1', { name: 'Nobody brand' }],
    ['DELETE', '/admin/brands/1', {}],
    ['POST', '/admin/categories', { name: 'Nobody category' }],
    ['PUT', '/admin/categories/1', { name: 'Nobody category' }],
    ['DELETE', '/admin/categories/1', {}],
    ['POST', '/admin/colors', { name: 'Nobody colour', code: '#000000' }],
    ['PUT', '/admin/colors/1', { name: 'Nobody colour', code: '#000000' }],
    ['DELETE', '/admin/colors/1', {}],
    ['POST', '/admin/attributes', { name: 'Nobody attribute' }],
    ['PUT', '/admin/attributes/1', { name: 'Nobody attribute' }],
    ['DELETE', '/admin/attributes/1', {}],
    ['POST', '/admin/attributes/1/values', { value: 'XL' }],
    ['PUT', '/admin/attributes/1/values/1', { value: 'XL' }],
    ['DELETE', '/admin/attributes/1/values/1', {}],
    ['POST', '/admin/vats', { name: 'Nobody VAT', type: 'exempt' }],
    ['PUT', '/admin/vats/1', { name: 'Nobody VAT', type: 'exempt' }],
    ['DELETE', '/admin/vats/1', {}],
  ];

  it.each(publicReads)('GET %s is open to guests and customers', async (url) => {
    expect((await t.agent().get(url)).statusCode).toBe(200);
    expect((await customer.get(url)).statusCode).toBe(200);
  });

  it.each(managerReads)('GET %s answers 401 signed out and 403 for a customer', async (url) => {
    const out = await t.agent().get(url);
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthenticated.' });
    const forbidden = await customer.get(url);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it.each(writes)(
    '%s %s answers 401 signed out, 403 for a customer, 419 without CSRF',
    async (method, url, body) => {
      const before = await auditCount();
      const out = await (await guest()).request({ method: method as 'POST', url, payload: body });
      expect(out.statusCode).toBe(401);
      const forbidden = await customer.request({ method: method as 'POST', url, payload: body });
      expect(forbidden.statusCode).toBe(403);
      const noToken = await admin.request({ method: method as 'POST', url, payload: body, csrf: false });
      expect(noToken.statusCode).toBe(419);
      expect(noToken.json()).toEqual({ message: 'CSRF token mismatch.' });
      expect(await auditCount()).toBe(before);
    },
  );

  it('lets staff (who hold catalogue.manage) read and change it', async () => {
    const response = await staff.post('/admin/brands', { name: named('Staff brand') });
    expect(response.statusCode).toBe(200);
    expect((await staff.get('/api/vats')).statusCode).toBe(200);
    expect((await staff.get('/api/suppliers')).statusCode).toBe(200);
  });
});

describe('brands', () => {
  it('creates a brand with a slug made from its name, and an audit row', async () => {
    const response = await admin.post('/admin/brands', { name: '  Café Noël  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: M.brandCreated,
      data: { name: 'Café Noël', slug: 'cafe-noel', is_active: true, products_count: 0 },
    });
    expect(Object.keys(body.data).sort()).toEqual(
      ['created_at', 'id', 'is_active', 'name', 'products_count', 'slug'].sort(),
    );
    const [row] = await auditRows('brand.created', body.data.id);
    expect(row).toMatchObject({
      subjectType: 'brand',
      data: { name: 'Café Noël', slug: 'cafe-noel', is_active: true },
    });
    expect(row!.actorUserId).not.toBeNull();
  });

  it('tidies a typed slug the same way', async () => {
    const brand = await created<{ slug: string }>('/admin/brands', {
      name: named('Typed'),
      slug: ' My Own Slug! ',
      is_active: false,
    });
    expect(brand).toMatchObject({ slug: 'my-own-slug', is_active: false });
  });

  it.each([
    [{}, { name: [M.nameRequired] }],
    [{ name: '   ' }, { name: [M.nameRequired] }],
    [{ name: 'x'.repeat(256) }, { name: [M.nameTooLong] }],
    [{ name: '日本' }, { slug: [M.slugEmpty] }],
    [{ name: 'Brand', slug: 'y'.repeat(256) }, { slug: [M.slugTooLong] }],
  ])('answers 422 for %j', async (body, errors) => {
    const before = await auditCount();
    const response = await admin.post('/admin/brands', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: Object.values(errors)[0]![0], errors });
    expect(await auditCount()).toBe(before);
  });

  it('keeps names (ignoring case) and slugs unique', async () => {
    const name = named('Unique Brand');
    await created('/admin/brands', { name });
    const again = await admin.post('/admin/brands', { name: name.toUpperCase() });
    expect(again.statusCode).toBe(422);
    // The slug made from that name clashes too, but the name's message is the one that helps.
    expect(again.json()).toEqual({ message: M.nameTaken, errors: { name: [M.nameTaken] } });
    const slugOnly = await admin.post('/admin/brands', { name: named('Other'), slug: name });
    expect(slugOnly.json()).toEqual({ message: M.slugTaken, errors: { slug: [M.slugTaken] } });
    const sameSlug = await admin.post('/admin/brands', { name: `${name}!` });
    const slug = name.toLowerCase().replaceAll(' ', '-');
    expect(sameSlug.json()).toEqual({
      message: M.slugFromNameTaken(slug),
      errors: { slug: [M.slugFromNameTaken(slug)] },
    });
  });

  it('lets only one of two simultaneous creates with the same name win', async () => {
    const name = named('Twin Brand');
    const [one, two] = await Promise.all([
      admin.post('/admin/brands', { name }),
      admin.post('/admin/brands', { name }),
    ]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 422]);
  });

  it('updates a brand, makes a new slug when the slug is cleared, and records what changed', async () => {
    const brand = await created<{ name: string; slug: string }>('/admin/brands', {
      name: named('Old Brand'),
    });
    const response = await admin.put(`/admin/brands/${brand.id}`, {
      name: 'Renamed Brand Co',
      slug: '',
      is_active: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: M.brandUpdated,
      data: { id: brand.id, name: 'Renamed Brand Co', slug: 'renamed-brand-co', is_active: false },
    });
    const [row] = await auditRows('brand.updated', brand.id);
    expect(row!.data).toEqual({
      name: { from: brand.name, to: 'Renamed Brand Co' },
      slug: { from: brand.slug, to: 'renamed-brand-co' },
      is_active: { from: true, to: false },
    });
    // Saving itself again is no clash with itself.
    const same = await admin.put(`/admin/brands/${brand.id}`, {
      name: 'Renamed Brand Co',
      slug: 'renamed-brand-co',
    });
    expect(same.statusCode).toBe(200);
  });

  it('accepts a classic form POST with _method=PUT', async () => {
    const brand = await created('/admin/brands', { name: named('Form Brand') });
    const response = await admin.post(`/admin/brands/${brand.id}`, {
      _method: 'PUT',
      name: 'Form Brand Renamed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Form Brand Renamed');
  });

  it('answers 404 for a brand that does not exist', async () => {
    const put = await admin.put('/admin/brands/999999', { name: named('Ghost') });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: M.brandNotFound });
    const del = await admin.delete('/admin/brands/999999');
    expect(del.statusCode).toBe(404);
    expect((await admin.delete('/admin/brands/abc')).statusCode).toBe(404);
  });

  it('deletes an unused brand with an audit row', async () => {
    const brand = await created('/admin/brands', { name: named('Short-lived Brand') });
    const response = await admin.delete(`/admin/brands/${brand.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: M.brandDeleted,
      data: { id: brand.id, name: brand.name },
    });
    expect(await t.ctx.db.select().from(brands).where(eq(brands.id, brand.id))).toEqual([]);
    expect(await auditRows('brand.deleted', brand.id)).toHaveLength(1);
  });

  it('refuses with 409 while products use the brand; deleted products do not count', async () => {
    const brand = await created('/admin/brands', { name: named('Busy Brand') });
    await product({ brandId: brand.id });
    await product({ brandId: brand.id });
    await product({ brandId: brand.id, deletedAt: new Date() });
    const before = await auditCount();
    const response = await admin.delete(`/admin/brands/${brand.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This brand is used by 2 products. Remove it from those products first.',
    });
    expect(await auditCount()).toBe(before);
    const listed = (await admin.get(`/api/brands?search=${encodeURIComponent(brand.name)}`)).json();
    expect(listed.data[0]).toMatchObject({ id: brand.id, products_count: 2 });
  });

  it('lists the whole list without a page, and pages with one', async () => {
    for (let i = 1; i <= 12; i += 1) {
      await created('/admin/brands', { name: `Listing ${String(i).padStart(2, '0')}`, is_active: i !== 3 });
    }
    const all = (await admin.get('/api/brands?search=listing')).json();
    expect(Object.keys(all)).toEqual(['data']);
    expect(all.data.map((b: { name: string }) => b.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Listing ${String(i + 1).padStart(2, '0')}`),
    );
    const first = (await admin.get('/api/brands?search=listing&page=1')).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12, from: 1, to: 10 });
    const second = (await admin.get('/api/brands?search=listing&page=2&per_page=5&direction=desc')).json();
    expect(second).toMatchObject({ current_page: 2, last_page: 3, total: 12, from: 6, to: 10 });
    expect(second.data[0].name).toBe('Listing 07');
    // Shoppers and the storefront see active brands only.
    const shop = (await t.agent().get('/api/brands?search=listing')).json();
    expect(shop.data).toHaveLength(11);
    expect(shop.data.map((b: { name: string }) => b.name)).not.toContain('Listing 03');
    expect((await customer.get('/api/brands?search=listing&page=1')).json().total).toBe(11);
    // % and _ are searched literally.
    expect((await admin.get('/api/brands?search=%25')).json().data).toEqual([]);
  });

  it('answers 422 for a sort it does not know', async () => {
    const response = await admin.get('/api/brands?sort=products_count');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.sort).toBeDefined();
  });
});

describe('categories', () => {
  it('creates a top category and a child, with the parent named in the flat list', async () => {
    const top = await created('/admin/categories', { name: named('Clothing'), sort_order: 3 });
    expect(top).toMatchObject({ parent_id: null, parent_name: null, sort_order: 3, is_active: true });
    const response = await admin.post('/admin/categories', {
      name: 'Summer Dresses',
      parent_id: top.id,
      description: 'Light and bright',
    });
    expect(response.statusCode).toBe(200);
    const child = response.json();
    expect(child).toMatchObject({
      success: true,
      message: M.categoryCreated,
      data: {
        name: 'Summer Dresses',
        slug: 'summer-dresses',
        parent_id: top.id,
        parent_name: top.name,
        description: 'Light and bright',
        children_count: 0,
        products_count: 0,
      },
    });
    const [row] = await auditRows('category.created', child.data.id);
    expect(row!.data).toMatchObject({ name: 'Summer Dresses', parent_id: top.id });
    const flat = (await admin.get('/api/categories?search=summer dresses')).json();
    expect(flat.data).toEqual([expect.objectContaining({ id: child.data.id, parent_name: top.name })]);
    const parent = (await admin.get(`/api/categories?search=${encodeURIComponent(top.name)}`)).json();
    expect(parent.data[0]).toMatchObject({ id: top.id, children_count: 1 });
  });

  it('answers the tree of top categories with their children, in sort order', async () => {
    const tag = named('tree').replace(' ', '');
    const b = await created('/admin/categories', { name: `${tag} B`, sort_order: 2 });
    const a = await created('/admin/categories', { name: `${tag} A`, sort_order: 1 });
    const b2 = await created('/admin/categories', { name: `${tag} B two`, parent_id: b.id, sort_order: 2 });
    const b1 = await created('/admin/categories', { name: `${tag} B one`, parent_id: b.id, sort_order: 1 });

    const response = await t.agent().get(`/api/categories?hierarchical=true&depth=2&search=${tag}`);
    expect(response.statusCode).toBe(200);
    const tree = response.json().data;
    expect(tree.map((c: { id: number }) => c.id)).toEqual([a.id, b.id]);
    expect(tree[0].children).toEqual([]);
    expect(tree[1].children.map((c: { id: number }) => c.id)).toEqual([b1.id, b2.id]);
    expect(tree[1].children[0]).not.toHaveProperty('children');

    // Every top category is in the full tree, and no child is at the top.
    const full = (await t.agent().get('/api/categories?hierarchical=true&depth=2')).json().data;
    expect(full.every((c: { parent_id: number | null }) => c.parent_id === null)).toBe(true);

    const oneLevel = (await admin.get(`/api/categories?hierarchical=true&depth=1&search=${tag}`)).json().data;
    expect(oneLevel.map((c: { children: unknown[] }) => c.children)).toEqual([[], []]);

    // A search that finds a child keeps its parent, with the matching children only.
    const found = (
      await admin.get(`/api/categories?hierarchical=true&search=${encodeURIComponent(`${tag} B one`)}`)
    ).json();
    expect(found.data).toEqual([
      expect.objectContaining({ id: b.id, children: [expect.objectContaining({ id: b1.id })] }),
    ]);

    expect((await admin.get('/api/categories?hierarchical=true&depth=3')).statusCode).toBe(422);
  });

  it('hides inactive categories, and the children of inactive ones, from the storefront', async () => {
    const tag = named('hidden').replace(' ', '');
    const off = await created('/admin/categories', { name: `${tag} off`, is_active: false });
    await created('/admin/categories', { name: `${tag} under off`, parent_id: off.id });
    const on = await created('/admin/categories', { name: `${tag} on` });
    const offChild = await created('/admin/categories', {
      name: `${tag} child off`,
      parent_id: on.id,
      is_active: false,
    });
    const shopTree = (await t.agent().get(`/api/categories?hierarchical=true&search=${tag}`)).json().data;
    expect(shopTree).toEqual([expect.objectContaining({ id: on.id, children: [] })]);
    const shopFlat = (await customer.get(`/api/categories?search=${tag}`)).json().data;
    expect(shopFlat.map((c: { id: number }) => c.id)).toEqual([on.id]);
    const adminTree = (await admin.get(`/api/categories?hierarchical=true&search=${tag}`)).json().data;
    expect(adminTree).toHaveLength(2);
    expect(adminTree.find((c: { id: number }) => c.id === on.id).children[0].id).toBe(offChild.id);
  });

  it('keeps the tree at two levels (spec 2 §9)', async () => {
    const top = await created('/admin/categories', { name: named('Top') });
    const child = await created('/admin/categories', { name: named('Child'), parent_id: top.id });
    const other = await created('/admin/categories', { name: named('Other top') });
    const before = await auditCount();

    const third = await admin.post('/admin/categories', { name: named('Grandchild'), parent_id: child.id });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual({ message: M.parentNotTop, errors: { parent_id: [M.parentNotTop] } });

    const self = await admin.put(`/admin/categories/${top.id}`, { name: top.name, parent_id: top.id });
    expect(self.json()).toEqual({ message: M.parentSelf, errors: { parent_id: [M.parentSelf] } });

    const withChildren = await admin.put(`/admin/categories/${top.id}`, {
      name: top.name,
      parent_id: other.id,
    });
    expect(withChildren.statusCode).toBe(422);
    expect(withChildren.json().errors).toEqual({ parent_id: [M.parentHasChildren] });

    const unknown = await admin.post('/admin/categories', { name: named('Orphan'), parent_id: 999999 });
    expect(unknown.json()).toEqual({ message: M.parentUnknown, errors: { parent_id: [M.parentUnknown] } });
    const malformed = await admin.post('/admin/categories', { name: named('Orphan'), parent_id: 'abc' });
    expect(malformed.json().errors).toEqual({ parent_id: [M.parentUnknown] });
    expect(await auditCount()).toBe(before);

    // A child may move to another top category, and back to the top.
    const moved = await admin.put(`/admin/categories/${child.id}`, { name: child.name, parent_id: other.id });
    expect(moved.json().data).toMatchObject({ parent_id: other.id, parent_name: other.name });
    const lifted = await admin.put(`/admin/categories/${child.id}`, { name: child.name, parent_id: null });
    expect(lifted.json().data).toMatchObject({ parent_id: null });
    const [row] = await auditRows('category.updated', child.id).then((rows) => rows.slice(-1));
    expect(row!.data).toEqual({ parent_id: { from: other.id, to: null } });
  });

  it('cannot grow a third level when two moves cross at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const x = await created('/admin/categories', { name: named('Cross X') });
      const y = await created('/admin/categories', { name: named('Cross Y') });
      const z = await created('/admin/categories', { name: named('Cross Z') });
      // X under Y, and Y under Z: whichever goes first makes the other one a third level.
      const [xUnderY, yUnderZ] = await Promise.all([
        admin.put(`/admin/categories/${x.id}`, { name: x.name, parent_id: y.id }),
        admin.put(`/admin/categories/${y.id}`, { name: y.name, parent_id: z.id }),
      ]);
      expect([xUnderY!.statusCode, yUnderZ!.statusCode].sort()).toEqual([200, 422]);
    }
  });

  it('keeps names unique among siblings and slugs unique everywhere', async () => {
    const men = await created('/admin/categories', { name: named('Men') });
    const women = await created('/admin/categories', { name: named('Women') });
    const name = named('Accessories');
    await created('/admin/categories', { name, parent_id: men.id });
    const sibling = await admin.post('/admin/categories', {
      name: name.toLowerCase(),
      parent_id: men.id,
      slug: 'x-1',
    });
    expect(sibling.json()).toEqual({ message: M.nameTaken, errors: { name: [M.nameTaken] } });
    const cousin = await admin.post('/admin/categories', { name, parent_id: women.id });
    const slug = name.toLowerCase().replaceAll(' ', '-');
    expect(cousin.json()).toEqual({
      message: M.slugFromNameTaken(slug),
      errors: { slug: [M.slugFromNameTaken(slug)] },
    });
    const withSlug = await admin.post('/admin/categories', {
      name,
      parent_id: women.id,
      slug: `women ${name}`,
    });
    expect(withSlug.statusCode).toBe(200);
  });

  it.each([
    [{ name: '' }, { name: [M.nameRequired] }],
    [{ name: 'Sorted', sort_order: -1 }, { sort_order: [M.sortOrder] }],
    [{ name: 'Sorted', sort_order: 1.5 }, { sort_order: [M.sortOrder] }],
    [{ name: 'Described', description: 'd'.repeat(1001) }, { description: [M.descriptionTooLong] }],
  ])('answers 422 for %j', async (body, errors) => {
    const response = await admin.post('/admin/categories', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(errors);
  });

  it('refuses to delete a category with subcategories or products, then deletes it', async () => {
    const top = await created('/admin/categories', { name: named('Parent') });
    const child = await created('/admin/categories', { name: named('Kid'), parent_id: top.id });
    const withChildren = await admin.delete(`/admin/categories/${top.id}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toEqual({
      message: 'This category has 1 subcategory. Move or delete it first.',
    });

    const productId = await product();
    await t.ctx.db.insert(productCategories).values({ productId, categoryId: child.id });
    const used = await admin.delete(`/admin/categories/${child.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({
      message: 'This category is used by 1 product. Remove it from that product first.',
    });

    await t.ctx.db.delete(productCategories).where(eq(productCategories.categoryId, child.id));
    const deleted = await admin.delete(`/admin/categories/${child.id}`);
    expect(deleted.json()).toEqual({
      success: true,
      message: M.categoryDeleted,
      data: { id: child.id, name: child.name },
    });
    expect((await admin.delete(`/admin/categories/${top.id}`)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(categories).where(eq(categories.id, top.id))).toEqual([]);
    expect(await auditRows('category.deleted', top.id)).toHaveLength(1);
  });

  it('answers 404 for a category that does not exist', async () => {
    const put = await admin.put('/admin/categories/999999', { name: named('Ghost') });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: M.categoryNotFound });
    expect((await admin.delete('/admin/categories/999999')).statusCode).toBe(404);
  });
});

describe('colours', () => {
  it('creates a colour with its code stored lower-case', async () => {
    const response = await admin.post('/admin/colors', { name: 'Ocean Blue', code: '#1E90FF' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: M.colorCreated,
      data: { name: 'Ocean Blue', code: '#1e90ff', products_count: 0 },
    });
    expect(await auditRows('color.created', body.data.id)).toHaveLength(1);
    const listed = (await t.agent().get('/api/colors?search=ocean')).json();
    expect(listed.data).toEqual([expect.objectContaining({ id: body.data.id, code: '#1e90ff' })]);
  });

  it.each([
    [{ name: 'No code' }, { code: [M.colorCodeRequired] }],
    [{ name: 'Short', code: '#fff' }, { code: [M.colorCode] }],
    [{ name: 'Word', code: 'red' }, { code: [M.colorCode] }],
    [{ code: '#000000' }, { name: [M.nameRequired] }],
  ])('answers 422 for %j', async (body, errors) => {
    const response = await admin.post('/admin/colors', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(errors);
  });

  it('keeps names unique ignoring case, updates, and answers 404 for a missing colour', async () => {
    const color = await created('/admin/colors', { name: named('Crimson'), code: '#dc143c' });
    const again = await admin.post('/admin/colors', { name: color.name.toUpperCase(), code: '#000000' });
    expect(again.json()).toEqual({ message: M.nameTaken, errors: { name: [M.nameTaken] } });
    const updated = await admin.put(`/admin/colors/${color.id}`, { name: color.name, code: '#B22222' });
    expect(updated.json()).toMatchObject({ message: M.colorUpdated, data: { code: '#b22222' } });
    const [row] = await auditRows('color.updated', color.id);
    expect(row!.data).toEqual({ code: { from: '#dc143c', to: '#b22222' } });
    expect(
      (await admin.put('/admin/colors/999999', { name: named('Ghost'), code: '#000000' })).statusCode,
    ).toBe(404);
    const missing = await admin.delete('/admin/colors/999999');
    expect(missing.json()).toEqual({ message: M.colorNotFound });
  });

  it('refuses to delete a colour variants carry, then deletes it', async () => {
    const color = await created('/admin/colors', { name: named('Teal'), code: '#008080' });
    const productId = await product();
    const stock = await variant(productId, { colorIds: [color.id] });
    await variant(productId, { colorIds: [color.id] });
    const used = await admin.delete(`/admin/colors/${color.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({
      message: 'This colour is used by 1 product. Remove it from that product first.',
    });
    await t.ctx.db.delete(productStocks).where(eq(productStocks.productId, productId));
    expect(stock).toBeGreaterThan(0);
    const deleted = await admin.delete(`/admin/colors/${color.id}`);
    expect(deleted.json()).toEqual({
      success: true,
      message: M.colorDeleted,
      data: { id: color.id, name: color.name },
    });
  });
});

describe('attributes', () => {
  it('creates an attribute and lists it with its values in order', async () => {
    const response = await admin.post('/admin/attributes', { name: 'Size' });
    expect(response.statusCode).toBe(200);
    const size = response.json().data;
    expect(response.json()).toMatchObject({
      message: M.attributeCreated,
      data: { name: 'Size', values: [], values_count: 0, products_count: 0 },
    });
    for (const [value, sort_order] of [
      ['L', 3],
      ['S', 1],
      ['M', 2],
    ] as const) {
      await created(`/admin/attributes/${size.id}/values`, { value, sort_order });
    }
    const list = (await t.agent().get('/api/attributes?search=size')).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: size.id, name: 'Size', values_count: 3 });
    expect(list.data[0].values.map((v: { value: string }) => v.value)).toEqual(['S', 'M', 'L']);
    expect(Object.keys(list.data[0].values[0]).sort()).toEqual(
      ['attribute_id', 'color_code', 'id', 'products_count', 'sort_order', 'value'].sort(),
    );
    const one = await t.agent().get(`/api/attributes/${size.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.values.map((v: { value: string }) => v.value)).toEqual(['S', 'M', 'L']);
    // A search finds an attribute by one of its values too.
    expect((await admin.get('/api/attributes?search=size&page=1')).json()).toMatchObject({ total: 1 });
  });

  it('answers 404 for an attribute that does not exist', async () => {
    const one = await t.agent().get('/api/attributes/999999');
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ message: M.attributeNotFound });
    expect((await t.agent().get('/api/attributes/abc')).statusCode).toBe(404);
    expect((await admin.put('/admin/attributes/999999', { name: named('Ghost') })).statusCode).toBe(404);
    expect((await admin.delete('/admin/attributes/999999')).statusCode).toBe(404);
  });

  it('renames, refuses a taken name, and answers 422 without a name', async () => {
    const attribute = await created('/admin/attributes', { name: named('Material') });
    const other = await created('/admin/attributes', { name: named('Fabric') });
    const taken = await admin.put(`/admin/attributes/${attribute.id}`, { name: other.name.toLowerCase() });
    expect(taken.json()).toEqual({ message: M.nameTaken, errors: { name: [M.nameTaken] } });
    const missing = await admin.post('/admin/attributes', { name: '' });
    expect(missing.json()).toEqual({ message: M.nameRequired, errors: { name: [M.nameRequired] } });
    const renamed = await admin.put(`/admin/attributes/${attribute.id}`, { name: 'Material (outer)' });
    expect(renamed.json()).toMatchObject({ message: M.attributeUpdated, data: { name: 'Material (outer)' } });
  });

  it('deletes an attribute with its values, unless variants hold one of them', async () => {
    const attribute = await created('/admin/attributes', { name: named('Length') });
    const short = await created(`/admin/attributes/${attribute.id}/values`, { value: 'Short' });
    await created(`/admin/attributes/${attribute.id}/values`, { value: 'Long' });
    const productId = await product();
    await variant(productId, { valueIds: [short.id] });
    const used = await admin.delete(`/admin/attributes/${attribute.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(
      'This attribute is used by 1 product. Remove it from that product first.',
    );

    await t.ctx.db.delete(productStocks).where(eq(productStocks.productId, productId));
    const deleted = await admin.delete(`/admin/attributes/${attribute.id}`);
    expect(deleted.json()).toEqual({
      success: true,
      message: M.attributeDeleted,
      data: { id: attribute.id, name: attribute.name },
    });
    expect(
      await t.ctx.db.select().from(attributeValues).where(eq(attributeValues.attributeId, attribute.id)),
    ).toEqual([]);
    const [row] = await auditRows('attribute.deleted', attribute.id);
    expect(row!.data).toEqual({ name: attribute.name, values: ['Long', 'Short'] });
  });
});

describe('attribute values (spec 3 §7)', () => {
  it('creates a value with an optional colour code, answering the spec body fields', async () => {
    const attribute = await created('/admin/attributes', { name: named('Shade') });
    const response = await admin.post(`/admin/attributes/${attribute.id}/values`, {
      value: 'Navy',
      attribute_id: attribute.id,
      color_code: '#000080',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: M.attributeValueCreated,
      data: { attribute_id: attribute.id, value: 'Navy', color_code: '#000080', products_count: 0 },
    });
    const [row] = await auditRows('attribute_value.created', response.json().data.id);
    expect(row!.data).toMatchObject({ attribute: attribute.name, value: 'Navy', color_code: '#000080' });
  });

  it.each([
    [{}, { value: [M.valueRequired] }],
    [{ value: '   ' }, { value: [M.valueRequired] }],
    [{ value: 'Red', color_code: 'red' }, { color_code: [M.colorCode] }],
    [{ value: 'v'.repeat(256) }, { value: [M.valueTooLong] }],
  ])('answers 422 for %j with the spec words', async (body, errors) => {
    const attribute = await created('/admin/attributes', { name: named('Checked') });
    const response = await admin.post(`/admin/attributes/${attribute.id}/values`, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: Object.values(errors)[0]![0], errors });
  });

  it('keeps values unique within their attribute, and the body ids honest', async () => {
    const attribute = await created('/admin/attributes', { name: named('Fit') });
    const other = await created('/admin/attributes', { name: named('Cut') });
    const slim = await created(`/admin/attributes/${attribute.id}/values`, { value: 'Slim' });
    const again = await admin.post(`/admin/attributes/${attribute.id}/values`, { value: 'SLIM' });
    expect(again.json()).toEqual({ message: M.valueTaken, errors: { value: [M.valueTaken] } });
    expect((await admin.post(`/admin/attributes/${other.id}/values`, { value: 'Slim' })).statusCode).toBe(
      200,
    );
    const wrongAttribute = await admin.post(`/admin/attributes/${attribute.id}/values`, {
      value: 'Loose',
      attribute_id: other.id,
    });
    expect(wrongAttribute.json()).toEqual({
      message: M.valueOfOtherAttribute,
      errors: { attribute_id: [M.valueOfOtherAttribute] },
    });
    const wrongId = await admin.put(`/admin/attributes/${attribute.id}/values/${slim.id}`, {
      id: slim.id + 1000,
      value: 'Slim',
    });
    expect(wrongId.json().errors).toEqual({ id: [M.valueIdMismatch] });
  });

  it('pages the values 15 at a time (spec 3 §9)', async () => {
    const attribute = await created('/admin/attributes', { name: named('Shoe size') });
    for (let size = 1; size <= 17; size += 1) {
      await created(`/admin/attributes/${attribute.id}/values`, {
        value: `EU ${size + 30}`,
        sort_order: size,
      });
    }
    const first = await admin.get(`/admin/api/attributes/${attribute.id}/values`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: 15,
      total: 17,
      from: 1,
      to: 15,
    });
    expect(first.json().data[0]).toMatchObject({ value: 'EU 31', sort_order: 1 });
    const second = (await admin.get(`/admin/api/attributes/${attribute.id}/values?page=2`)).json();
    expect(second).toMatchObject({ current_page: 2, from: 16, to: 17 });
    expect(second.data.map((v: { value: string }) => v.value)).toEqual(['EU 46', 'EU 47']);
    const searched = (await admin.get(`/admin/api/attributes/${attribute.id}/values?search=EU 4`)).json();
    expect(searched.total).toBe(8);
    const missing = await admin.get('/admin/api/attributes/999999/values');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: M.attributeNotFound });
  });

  it('updates a value, answers 404 for a value of another attribute, and accepts _method=PUT', async () => {
    const attribute = await created('/admin/attributes', { name: named('Finish') });
    const other = await created('/admin/attributes', { name: named('Coat') });
    const matte = await created(`/admin/attributes/${attribute.id}/values`, { value: 'Matte' });
    const updated = await admin.put(`/admin/attributes/${attribute.id}/values/${matte.id}`, {
      id: matte.id,
      attribute_id: attribute.id,
      value: 'Satin',
      color_code: '#C0C0C0',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: M.attributeValueUpdated,
      data: { id: matte.id, value: 'Satin', color_code: '#c0c0c0' },
    });
    const [row] = await auditRows('attribute_value.updated', matte.id);
    expect(row!.data).toEqual({
      attribute: attribute.name,
      value: { from: 'Matte', to: 'Satin' },
      color_code: { from: null, to: '#c0c0c0' },
    });
    const elsewhere = await admin.put(`/admin/attributes/${other.id}/values/${matte.id}`, { value: 'Gloss' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: M.attributeValueNotFound });
    expect((await admin.post('/admin/attributes/999999/values', { value: 'X' })).statusCode).toBe(404);
    const viaPost = await admin.post(`/admin/attributes/${attribute.id}/values/${matte.id}`, {
      _method: 'PUT',
      value: 'Gloss',
    });
    expect(viaPost.json().data.value).toBe('Gloss');
  });

  it('deletes a value unless variants hold it', async () => {
    const attribute = await created('/admin/attributes', { name: named('Volume') });
    const small = await created(`/admin/attributes/${attribute.id}/values`, { value: '250 ml' });
    const productId = await product({ deletedAt: new Date() });
    await variant(productId, { valueIds: [small.id] });
    const used = await admin.delete(`/admin/attributes/${attribute.id}/values/${small.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({
      message: 'This value is used by 1 product. Remove it from that product first.',
    });

    await t.ctx.db.delete(productStocks).where(eq(productStocks.productId, productId));
    const other = await created('/admin/attributes', { name: named('Weight') });
    expect((await admin.delete(`/admin/attributes/${other.id}/values/${small.id}`)).statusCode).toBe(404);
    const deleted = await admin.delete(`/admin/attributes/${attribute.id}/values/${small.id}`);
    expect(deleted.json()).toEqual({
      success: true,
      message: M.attributeValueDeleted,
      data: { id: small.id, name: '250 ml' },
    });
    expect(await auditRows('attribute_value.deleted', small.id)).toHaveLength(1);
    expect((await admin.delete(`/admin/attributes/${attribute.id}/values/${small.id}`)).statusCode).toBe(404);
  });
});

describe('VAT rates', () => {
  it('seeds one example of each kind into an empty table, once', async () => {
    await t.ctx.db.delete(vats);
    await ensureCatalogueReference(t.ctx.db);
    await ensureCatalogueReference(t.ctx.db);
    const list = (await admin.get('/api/vats?per_page=100&page=1')).json();
    expect(list.total).toBe(SEEDED_VATS.length);
    const byName = new Map(list.data.map((v: { name: string }) => [v.name, v]));
    expect(byName.get('Standard 15%')).toMatchObject({ type: 'percentage', rate: 15, is_default: true });
    expect(byName.get('Reduced 5%')).toMatchObject({ type: 'percentage', rate: 5, is_default: false });
    expect(byName.get('Eco fee')).toMatchObject({ type: 'fixed', rate: 0.5 });
    expect(byName.get('Exempt')).toMatchObject({ type: 'exempt', rate: 0 });
    expect(byName.get('Zero rated')).toMatchObject({ type: 'zero', rate: 0 });

    // A shop that changed its rates keeps them as they are.
    await admin.delete(`/admin/vats/${(byName.get('Eco fee') as { id: number }).id}`);
    await ensureCatalogueReference(t.ctx.db);
    expect((await admin.get('/api/vats')).json().data).toHaveLength(SEEDED_VATS.length - 1);
  });

  it('creates a percentage rate with its VAT info', async () => {
    const response = await admin.post('/admin/vats', {
      name: 'Hotel 12.5%',
      type: 'percentage',
      rate: '12.5',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: M.vatCreated,
      data: {
        name: 'Hotel 12.5%',
        type: 'percentage',
        rate: 12.5,
        is_active: true,
        is_default: false,
        vat_info: { vat_status: 'active', type: 'percentage', rate: 12.5 },
        products_count: 0,
      },
    });
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'created_at',
        'id',
        'is_active',
        'is_default',
        'name',
        'products_count',
        'rate',
        'type',
        'vat_info',
      ].sort(),
    );
    const [row] = await auditRows('vat.created', body.data.id);
    expect(row!.data).toEqual({
      name: 'Hotel 12.5%',
      type: 'percentage',
      rate: 12.5,
      is_active: true,
      is_default: false,
    });
  });

  it('keeps a fixed amount per unit, and no rate for exempt and zero-rated', async () => {
    const fixed = await created<{ rate: number }>('/admin/vats', {
      name: named('Bottle fee'),
      type: 'fixed',
      rate: 0.25,
    });
    expect(fixed.rate).toBe(0.25);
    const exempt = await created<{ rate: number }>('/admin/vats', {
      name: named('Export'),
      type: 'exempt',
      rate: 20,
    });
    expect(exempt.rate).toBe(0);
    const zero = await created<{ rate: number; vat_info: unknown }>('/admin/vats', {
      name: named('Zero'),
      type: 'zero',
      is_active: false,
    });
    expect(zero).toMatchObject({ rate: 0, vat_info: { vat_status: 'inactive', type: 'zero', rate: 0 } });
  });

  it.each([
    [{ name: 'R', type: 'percentage', rate: 100.5 }, { rate: [M.vatPercentageRange] }],
    [{ name: 'R', type: 'percentage', rate: -1 }, { rate: [M.vatPercentageRange] }],
    [{ name: 'R', type: 'percentage' }, { rate: [M.vatRateRequired] }],
    [{ name: 'R', type: 'percentage', rate: 'abc' }, { rate: [M.vatRateRequired] }],
    [{ name: 'R', type: 'percentage', rate: 1.23456 }, { rate: [M.vatRateDecimals] }],
    [{ name: 'R', type: 'fixed', rate: -0.5 }, { rate: [M.vatFixedRange] }],
    [{ name: 'R', type: 'fixed', rate: '' }, { rate: [M.vatAmountRequired] }],
    [{ name: 'R', type: 'luxury', rate: 5 }, { type: [M.vatType] }],
    [{ type: 'exempt' }, { name: [M.nameRequired] }],
    [
      { name: 'R', type: 'exempt', is_active: false, is_default: true },
      { is_default: [M.vatDefaultInactive] },
    ],
  ])('answers 422 for %j', async (body, errors) => {
    const before = await auditCount();
    const response = await admin.post('/admin/vats', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: Object.values(errors)[0]![0], errors });
    expect(await auditCount()).toBe(before);
  });

  async function defaults(): Promise<string[]> {
    const rows = await t.ctx.db.select({ name: vats.name }).from(vats).where(eq(vats.isDefault, true));
    return rows.map((r) => r.name);
  }

  it('has one default at most: making one the default takes it from the others', async () => {
    const first = await created('/admin/vats', {
      name: named('First default'),
      type: 'percentage',
      rate: 10,
      is_default: true,
    });
    expect(await defaults()).toEqual([first.name]);
    const second = await created('/admin/vats', {
      name: named('Second default'),
      type: 'percentage',
      rate: 20,
      is_default: 'true',
    });
    expect(await defaults()).toEqual([second.name]);
    const [row] = await auditRows('vat.created', second.id);
    expect(row!.data).toMatchObject({ is_default: true, default_taken_from: [first.name] });

    const back = await admin.put(`/admin/vats/${first.id}`, {
      name: first.name,
      type: 'percentage',
      rate: 10,
      is_default: true,
    });
    expect(back.json().data).toMatchObject({ is_default: true });
    expect(await defaults()).toEqual([first.name]);
    // Saving the default again keeps it the default.
    await admin.put(`/admin/vats/${first.id}`, {
      name: first.name,
      type: 'percentage',
      rate: 11,
      is_default: true,
    });
    expect(await defaults()).toEqual([first.name]);

    // Several admins making a default at the same moment still leave exactly one.
    const racers = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.post('/admin/vats', { name: named('Race'), type: 'zero', is_default: true }),
      ),
    );
    expect(racers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await defaults()).toHaveLength(1);
  });

  it('updates a rate, records what changed, and answers 404 for a missing one', async () => {
    const vat = await created('/admin/vats', { name: named('Changing'), type: 'percentage', rate: 7 });
    const response = await admin.put(`/admin/vats/${vat.id}`, {
      name: vat.name,
      type: 'fixed',
      rate: 1.5,
      is_active: false,
    });
    expect(response.json()).toMatchObject({
      message: M.vatUpdated,
      data: { type: 'fixed', rate: 1.5, is_active: false, vat_info: { vat_status: 'inactive' } },
    });
    const [row] = await auditRows('vat.updated', vat.id);
    expect(row!.data).toEqual({
      type: { from: 'percentage', to: 'fixed' },
      rate: { from: 7, to: 1.5 },
      is_active: { from: true, to: false },
    });
    const taken = await admin.put(`/admin/vats/${vat.id}`, { name: 'Hotel 12.5%', type: 'exempt' });
    expect(taken.json()).toEqual({ message: M.nameTaken, errors: { name: [M.nameTaken] } });
    const missing = await admin.put('/admin/vats/999999', { name: named('Ghost'), type: 'exempt' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: M.vatNotFound });
    expect((await admin.delete('/admin/vats/999999')).statusCode).toBe(404);
  });

  it('refuses to delete a rate products use, then deletes it', async () => {
    const vat = await created('/admin/vats', { name: named('In use'), type: 'percentage', rate: 3 });
    const productId = await product({ vatId: vat.id });
    const used = await admin.delete(`/admin/vats/${vat.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({
      message: 'This VAT rate is used by 1 product. Remove it from that product first.',
    });
    await t.ctx.db.update(products).set({ vatId: null }).where(eq(products.id, productId));
    const deleted = await admin.delete(`/admin/vats/${vat.id}`);
    expect(deleted.json()).toEqual({
      success: true,
      message: M.vatDeleted,
      data: { id: vat.id, name: vat.name },
    });
    expect(await auditRows('vat.deleted', vat.id)).toHaveLength(1);
  });

  it('searches and sorts', async () => {
    const tag = named('sortable').replace(' ', '');
    await created('/admin/vats', { name: `${tag} high`, type: 'percentage', rate: 30 });
    await created('/admin/vats', { name: `${tag} low`, type: 'percentage', rate: 1 });
    const byRate = (await admin.get(`/api/vats?search=${tag}&sort=rate&direction=desc`)).json();
    expect(byRate.data.map((v: { rate: number }) => v.rate)).toEqual([30, 1]);
  });
});

describe('GET /api/suppliers', () => {
  it('lists the users holding the supplier role, with name, company and e-mail', async () => {
    const supplier = await createUser(t.ctx.db, {
      roles: ['supplier'],
      userType: 'company',
      companyName: 'Zephyr Fabrics Ltd',
      firstName: 'Zoe',
      lastName: 'Zephyr',
    });
    const nameless = await createUser(t.ctx.db, {
      roles: ['supplier', 'customer'],
      userType: 'company',
      companyName: 'Zephyr Dyes',
      firstName: null,
      lastName: null,
    });
    await createUser(t.ctx.db, { roles: ['customer'], companyName: 'Zephyr Shoppers' });
    const response = await admin.get('/api/suppliers?search=zephyr');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: nameless.id, name: 'Zephyr Dyes', company_name: 'Zephyr Dyes', email: nameless.email },
        { id: supplier.id, name: 'Zoe Zephyr', company_name: 'Zephyr Fabrics Ltd', email: supplier.email },
      ],
    });
    const paged = (await admin.get('/api/suppliers?search=zephyr&page=1&per_page=1')).json();
    expect(paged).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
  });
});
