import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_MESSAGES as M, type MenuItemReply } from '../../../contracts/menus';
import { createProduct } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { categories, products } from '../catalogue';
import { menuItems } from './menus.tables';

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

async function create(body: Record<string, unknown>, agent: Agent = admin): Promise<MenuItemReply> {
  const response = await agent.post('/api/menu-items', { target_type: 'url', url: '/', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function tree(agent: Agent = admin): Promise<MenuItemReply[]> {
  const response = await agent.get('/api/menu-items?with_children=true');
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const find = (nodes: MenuItemReply[], id: number): MenuItemReply | undefined =>
  nodes.flatMap((n) => [n, ...n.children.flatMap((c) => [c, ...c.children])]).find((n) => n.id === id);

describe('menu items', () => {
  it('creates items linking to a URL, a page, a category and a product, and answers them as a tree', async () => {
    const [category] = await t.ctx.db
      .insert(categories)
      .values({ name: 'Lamps', slug: `lamps-${Date.now()}` })
      .returning();
    const product = await createProduct(t.ctx.db, { name: 'Oak lamp', slug: `oak-lamp-${Date.now()}` });
    const shop = await create({ label: 'Shop', target_type: 'page', page: 'products' });
    const lamps = await create({
      label: 'Lamps',
      target_type: 'category',
      category_id: category!.id,
      parent_id: shop.id,
    });
    const oak = await create({
      label: 'Oak lamp',
      target_type: 'product',
      product_id: product.id,
      parent_id: lamps.id,
    });
    const blog = await create({ label: 'Blog', target_type: 'url', url: 'https://blog.example.com/' });

    expect(shop).toMatchObject({
      url: '/products',
      menu_url: '/products',
      level: 0,
      parent_id: null,
      is_active: true,
    });
    const read = await tree();
    const shopNode = find(read, shop.id)!;
    expect(shopNode.children.map((c) => c.id)).toEqual([lamps.id]);
    expect(shopNode.children[0]).toMatchObject({
      level: 1,
      menu_url: `/category/${category!.slug}`,
      category_name: 'Lamps',
    });
    expect(shopNode.children[0]!.children[0]).toMatchObject({
      id: oak.id,
      level: 2,
      menu_url: `/products/${product.slug}`,
    });
    expect(find(read, blog.id)).toMatchObject({ menu_url: 'https://blog.example.com/' });

    const flat = (await admin.get('/api/menu-items')).json().data as MenuItemReply[];
    expect(flat.every((n) => n.children.length === 0)).toBe(true);
    expect(flat.map((n) => n.id)).toEqual(expect.arrayContaining([shop.id, lamps.id, oak.id]));
  });

  it.each([
    [{ label: '' }, 'label', M.label],
    [{ label: 'x'.repeat(101) }, 'label', M.labelLong],
    [{ target_type: 'file' }, 'target_type', M.targetType],
    [{ target_type: 'url', url: 'javascript:alert(1)' }, 'url', M.url],
    [{ target_type: 'url', url: '//evil.example' }, 'url', M.url],
    [{ target_type: 'page', page: 'admin' }, 'page', M.page],
    [{ target_type: 'category' }, 'category_id', M.category],
    [{ target_type: 'category', category_id: 999_999 }, 'category_id', M.categoryUnknown],
    [{ target_type: 'product', product_id: 999_999 }, 'product_id', M.productUnknown],
    [{ parent_id: 999_999 }, 'parent_id', M.parentUnknown],
  ])('refuses %j with its message on %s', async (body, field, message) => {
    const response = await admin.post('/api/menu-items', {
      label: 'Item',
      target_type: 'url',
      url: '/',
      ...body,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('refuses a parent change that would make a cycle, at any depth, and changes nothing', async () => {
    const a = await create({ label: 'A' });
    const b = await create({ label: 'B', parent_id: a.id });
    const c = await create({ label: 'C', parent_id: b.id });
    const d = await create({ label: 'D', parent_id: c.id });

    const edit = await admin.put(`/api/menu-items/${a.id}`, {
      label: 'A',
      target_type: 'url',
      url: '/',
      parent_id: d.id,
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.parent_id).toEqual([M.circular]);
    const self = await admin.put(`/api/menu-items/${b.id}`, {
      label: 'B',
      target_type: 'url',
      url: '/',
      parent_id: b.id,
    });
    expect(self.json().errors.parent_id).toEqual([M.circular]);

    const order = await admin.post('/api/menu-items/update-order', {
      items: [
        { id: a.id, order: 0, parent_id: c.id },
        { id: d.id, order: 0, parent_id: null },
      ],
    });
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ message: M.circular, errors: { items: [M.circular] } });
    const [row] = await t.ctx.db.select().from(menuItems).where(eq(menuItems.id, a.id));
    expect(row!.parentId).toBeNull();
    const [dRow] = await t.ctx.db.select().from(menuItems).where(eq(menuItems.id, d.id));
    expect(dRow!.parentId).toBe(c.id);
  });

  it('saves a drag and drop: new order and parents of several items at once', async () => {
    const x = await create({ label: 'X' });
    const y = await create({ label: 'Y' });
    const z = await create({ label: 'Z', parent_id: x.id });
    const saved = await staff.post('/api/menu-items/update-order', {
      items: [
        { id: y.id, order: 0, parent_id: x.id },
        { id: z.id, order: 1, parent_id: x.id },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: M.orderSaved });
    expect(find(await tree(), x.id)!.children.map((n) => n.id)).toEqual([y.id, z.id]);

    const unknown = await admin.post('/api/menu-items/update-order', {
      items: [{ id: 999_999, order: 0, parent_id: null }],
    });
    expect(unknown.json().errors.items).toEqual([M.itemUnknown]);
    const empty = await admin.post('/api/menu-items/update-order', { items: [] });
    expect(empty.json().errors.items).toEqual([M.items]);
  });

  it('hides an item and its children from the shop, shows everything to the menu manager', async () => {
    const parent = await create({ label: 'Hidden parent' });
    const child = await create({ label: 'Child', parent_id: parent.id });
    const off = await admin.post(`/api/menu-items/${parent.id}/status`, { is_active: false });
    expect(off.json()).toEqual({ success: true, message: M.deactivated });
    const publicTree = await tree(t.agent());
    expect(find(publicTree, parent.id)).toBeUndefined();
    expect(find(publicTree, child.id)).toBeUndefined();
    expect(find(await tree(customer), parent.id)).toBeUndefined();
    expect(find(await tree(), parent.id)).toMatchObject({
      is_active: false,
      children: [expect.objectContaining({ id: child.id })],
    });
    expect((await admin.post(`/api/menu-items/${parent.id}/status`, { is_active: 'maybe' })).statusCode).toBe(
      422,
    );
  });

  it('leaves an item whose product was deleted out of the shop, flagged for the manager', async () => {
    const product = await createProduct(t.ctx.db, { name: 'Gone soon' });
    const item = await create({ label: 'Gone soon', target_type: 'product', product_id: product.id });
    await t.ctx.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, product.id));
    expect(find(await tree(t.agent()), item.id)).toBeUndefined();
    expect(find(await tree(), item.id)).toMatchObject({ menu_url: null, url: `/products/${product.slug}` });
  });

  it('deletes an item with its children, audited', async () => {
    const parent = await create({ label: 'Doomed' });
    const child = await create({ label: 'Doomed child', parent_id: parent.id });
    const response = await admin.delete(`/api/menu-items/${parent.id}`);
    expect(response.json()).toEqual({ success: true, message: M.deleted });
    const left = await t.ctx.db.select().from(menuItems).where(eq(menuItems.id, child.id));
    expect(left).toEqual([]);
    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'menu_item.deleted'));
    expect(row!.data).toMatchObject({ label: 'Doomed', with_children: 1 });
    expect((await admin.delete(`/api/menu-items/${parent.id}`)).statusCode).toBe(404);
  });
});

describe('who may change the menu (menus.manage)', () => {
  const writes: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/menu-items', { label: 'X', target_type: 'url', url: '/' }],
    ['PUT', '/api/menu-items/1', { label: 'X', target_type: 'url', url: '/' }],
    ['POST', '/api/menu-items/update-order', { items: [{ id: 1, order: 0, parent_id: null }] }],
    ['POST', '/api/menu-items/1/status', { is_active: true }],
    ['DELETE', '/api/menu-items/1', {}],
  ];
  it.each(writes)('%s %s: 401 signed out, 403 for a customer', async (method, url, body) => {
    const guest = t.agent();
    await guest.visit();
    expect((await guest.request({ method: method as 'POST', url, payload: body })).statusCode).toBe(401);
    expect((await customer.request({ method: method as 'POST', url, payload: body })).statusCode).toBe(403);
  });

  it('answers 404 for an item that does not exist', async () => {
    expect(
      (await admin.put('/api/menu-items/999999', { label: 'X', target_type: 'url', url: '/' })).statusCode,
    ).toBe(404);
    expect((await admin.post('/api/menu-items/999999/status', { is_active: true })).statusCode).toBe(404);
    expect((await admin.delete('/api/menu-items/999999')).statusCode).toBe(404);
  });
});
