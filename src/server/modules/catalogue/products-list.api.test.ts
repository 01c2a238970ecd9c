import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OrderProduct,
  ProductListItem,
  ProductListReply,
  VariantsBatchReply,
} from '../../../contracts/catalogue';
import { isoDateInZone } from '../../../domain/dates/date-format';
import { createProduct, createUser, type ProductOverrides } from '../../../test/factories';
import { loggedDb } from '../../../test/logged-db';
import { withoutTotal } from '../../../test/rows';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { readWorkbook } from '../../../test/xlsx';
import { auditLog } from '../../platform/audit/audit.tables';
import type { Executor } from '../../platform/db/database';
import { withReferenceCache } from '../../platform/db/reference-cache';
import { files } from '../files';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  discountRuleCategories,
  discountRuleProducts,
  discountRules,
  productStockAttributeValues,
  productStocks,
  products,
  vats,
} from './catalogue.tables';
import { type ProductListRow, productBatch } from './products-list.queries';

let t: TestApp;
let admin: Agent & { user: { id: number; email: string } };
let staff: Agent & { user: { id: number; email: string } };
let customer: Agent;
let tag = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  customer = await t.signedIn(['customer']);
});
afterAll(() => t.close());

/** A word no other test of this file uses, to scope searches (the database is shared by the file). */
function uniqueWord(): string {
  tag += 1;
  return `zq${Date.now().toString(36)}x${tag}`;
}

const db = () => t.ctx.db;

async function product(overrides: ProductOverrides = {}) {
  return createProduct(db(), overrides);
}

async function brand(name: string) {
  const [row] = await db()
    .insert(brands)
    .values({ name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${uniqueWord()}` })
    .returning();
  return row!;
}

async function category(name: string, parentId: number | null = null) {
  const [row] = await db()
    .insert(categories)
    .values({ name, parentId, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${uniqueWord()}` })
    .returning();
  return row!;
}

async function rule(
  fields: Partial<typeof discountRules.$inferInsert> & { productIds?: number[]; categoryIds?: number[] },
) {
  const { productIds = [], categoryIds = [], ...values } = fields;
  const [row] = await db()
    .insert(discountRules)
    .values({ name: `Rule ${uniqueWord()}`, type: 'product', discountValue: '10', ...values })
    .returning();
  if (productIds.length)
    await db()
      .insert(discountRuleProducts)
      .values(productIds.map((productId) => ({ discountRuleId: row!.id, productId })));
  if (categoryIds.length)
    await db()
      .insert(discountRuleCategories)
      .values(categoryIds.map((categoryId) => ({ discountRuleId: row!.id, categoryId })));
  return row!;
}

async function list(agent: Agent, query: string): Promise<ProductListReply> {
  const response = await agent.get(`/admin/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * The statements a read sends as a request does: within the reference cache's scope, after a first
 * read that loaded the reference data a process keeps (the categories by id).
 */
async function selectsOf<T>(read: (db: Executor) => Promise<T>): Promise<{ result: T; selects: number }> {
  const { db, sent } = loggedDb(t.database);
  return withReferenceCache(db, async () => {
    await read(db);
    sent.length = 0;
    const result = await read(db);
    return { result, selects: sent.filter((q) => /^\s*select/i.test(q)).length };
  });
}

const idsOf = (page: { data: { id: number }[] }) => page.data.map((p) => p.id);
const itemOf = async (id: number, word: string): Promise<ProductListItem> => {
  const page = await list(admin, `search=${word}&per_page=100`);
  const item = page.data.find((p) => p.id === id);
  expect(item, `product ${id} in the list`).toBeDefined();
  return item!;
};

/** A visitor with a session and its CSRF token, so a change is refused for being signed out (401), not 419. */
async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

function expect422(response: LightMyRequestResponse, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().errors[field]).toContain(message);
}

describe('GET /admin/products', () => {
  it('answers a page of 10 (spec 2 §9) in the house paged shape, newest first, and the next page', async () => {
    const word = uniqueWord();
    const made: number[] = [];
    for (let i = 0; i < 17; i += 1) made.push((await product({ name: `Lamp ${word} ${i}` })).id);

    const first = await list(admin, `search=${word}`);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 17, from: 1, to: 10 });
    expect(idsOf(first)).toEqual([...made].reverse().slice(0, 10));

    const second = await list(admin, `search=${word}&page=2`);
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 17, from: 11, to: 17 });
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(17);

    const beyond = await list(admin, `search=${word}&page=9`);
    expect(beyond).toMatchObject({ data: [], total: 17, from: null, to: null });
  });

  it('describes each product: brand, categories, supplier, thumbnail, stock, visibility', async () => {
    const word = uniqueWord();
    const acme = await brand(`Acme ${word}`);
    const chairs = await category(`Chairs ${word}`);
    const outdoor = await category(`Outdoor ${word}`);
    const supplier = await createUser(db(), {
      roles: ['supplier'],
      userType: 'company',
      companyName: `Island Supplies ${word}`,
    });
    const [file] = await db()
      .insert(files)
      .values({
        name: 'chair.png',
        path: `files/2026/11/${word}-chair.png`,
        previewPath: `files/2026/11/${word}-chair.webp`,
        size: 100,
        mimeType: 'image/png',
        extension: 'png',
      })
      .returning();
    const chair = await product({
      name: `Garden chair ${word}`,
      sku: `GC-${word}`,
      price: '49.90',
      brandId: acme.id,
      supplierId: supplier.id,
      thumbnailId: file!.id,
      categoryIds: [outdoor.id, chairs.id],
      stockQuantity: 3,
      lowStockThreshold: 5,
      isRentalProduct: true,
      rentalPrice: '5.00',
      shopVisibility: ['guest', 'customer', 'partner', 'doctor'],
    });
    const bare = await product({ name: `Bare stool ${word}`, stockQuantity: 40 });

    const item = await itemOf(chair.id, word);
    expect(item).toEqual({
      id: chair.id,
      name: `Garden chair ${word}`,
      slug: chair.slug,
      sku: `GC-${word}`,
      thumbnail_url: `/uploads/files/2026/11/${word}-chair.webp`,
      price: 49.9,
      final_price: 49.9,
      min_variant_price: null,
      max_variant_price: null,
      has_price_range: false,
      brand: `Acme ${word}`,
      categories: [`Chairs ${word}`, `Outdoor ${word}`],
      supplier: `Island Supplies ${word}`,
      is_active: true,
      is_variable_product: false,
      is_rental_product: true,
      variant_count: 0,
      stock_quantity: 3,
      stock_status: 'low_stock',
      shop_visibility: ['guest', 'customer', 'partner', 'doctor'],
      shop_visibility_label: 'Guest Visitors, Customer +2',
      discount_data: {
        has_discount: false,
        final_price: 49.9,
        original_price: 49.9,
        total_discount_percentage: 0,
        total_discount_amount: 0,
        source: 'none',
        rule: null,
      },
      created_at: chair.createdAt.toISOString(),
    });
    expect(await itemOf(bare.id, word)).toMatchObject({
      brand: null,
      categories: [],
      supplier: null,
      thumbnail_url: null,
      stock_status: 'in_stock',
      shop_visibility_label: 'Guest Visitors',
    });
  });

  it('gives a variable product its variant count, price range, and the sum of its variants as stock', async () => {
    const word = uniqueWord();
    const shirt = await product({
      name: `Shirt ${word}`,
      price: '0',
      stockQuantity: 999,
      lowStockThreshold: 5,
      variants: [
        { variant: 'S', price: '20.00', qty: 1 },
        { variant: 'M', price: '25.00', qty: 2 },
        { variant: 'L', price: '30.00', qty: 1 },
      ],
    });
    const empty = await product({
      name: `Sold out ${word}`,
      stockQuantity: 50,
      variants: [
        { variant: 'One', price: '12.00', qty: 0 },
        { variant: 'Two', price: '12.00', qty: 0 },
      ],
    });
    expect(await itemOf(shirt.id, word)).toMatchObject({
      is_variable_product: true,
      variant_count: 3,
      price: 20,
      final_price: 20,
      min_variant_price: 20,
      max_variant_price: 30,
      has_price_range: true,
      stock_quantity: 4,
      stock_status: 'low_stock',
    });
    expect(await itemOf(empty.id, word)).toMatchObject({
      variant_count: 2,
      min_variant_price: 12,
      max_variant_price: 12,
      has_price_range: false,
      stock_quantity: 0,
      stock_status: 'out_of_stock',
    });
  });

  it('searches name and SKU, ignoring case, as literal text', async () => {
    const word = uniqueWord();
    const byName = await product({ name: `Teapot ${word}` });
    const bySku = await product({ name: 'Kettle', sku: `SKU-${word}-01` });
    await product({ name: `Teacup ${uniqueWord()}` });

    expect(idsOf(await list(admin, `search=${word.toUpperCase()}`)).sort()).toEqual(
      [byName.id, bySku.id].sort(),
    );
    expect(idsOf(await list(admin, `search=SKU-${word}`))).toEqual([bySku.id]);
    expect(idsOf(await list(admin, `search=teapot%20${word}`))).toEqual([byName.id]);
    // "%" and "_" are text, not patterns.
    expect((await list(admin, 'search=%25')).total).toBe(0);
    expect((await list(admin, `search=${word.slice(0, 3)}_${word.slice(4)}`)).total).toBe(0);
  });

  it('filters by category (with its children), brand, supplier, active, rental and stock status', async () => {
    const word = uniqueWord();
    const furniture = await category(`Furniture ${word}`);
    const tables = await category(`Tables ${word}`, furniture.id);
    const other = await category(`Other ${word}`);
    const acme = await brand(`Acme ${word}`);
    const zenith = await brand(`Zenith ${word}`);
    const supplier = await createUser(db(), { roles: ['supplier'] });

    const inParent = await product({ name: `Sofa ${word}`, categoryIds: [furniture.id], brandId: acme.id });
    const inChild = await product({
      name: `Desk ${word}`,
      categoryIds: [tables.id],
      brandId: zenith.id,
      supplierId: supplier.id,
      stockQuantity: 2,
    });
    const elsewhere = await product({
      name: `Rug ${word}`,
      categoryIds: [other.id],
      isActive: false,
      shopVisibility: [],
      isRentalProduct: true,
      stockQuantity: 0,
    });
    const plenty = await product({ name: `Shelf ${word}`, stockQuantity: 100, lowStockThreshold: 5 });
    const variable = await product({
      name: `Lamp ${word}`,
      stockQuantity: 0,
      lowStockThreshold: 2,
      variants: [
        { variant: 'Red', qty: 2 },
        { variant: 'Blue', qty: 1 },
      ],
    });

    const ids = async (filter: string) => idsOf(await list(admin, `search=${word}&${filter}`)).sort();
    const sorted = (...products: { id: number }[]) => products.map((p) => p.id).sort();

    expect(await ids(`category_id=${furniture.id}`)).toEqual(sorted(inParent, inChild));
    expect(await ids(`category_id=${tables.id}`)).toEqual(sorted(inChild));
    expect(await ids(`brand_id=${acme.id}`)).toEqual(sorted(inParent));
    expect(await ids(`supplier_id=${supplier.id}`)).toEqual(sorted(inChild));
    expect(await ids('is_active=0')).toEqual(sorted(elsewhere));
    expect(await ids('is_active=1')).toEqual(sorted(inParent, inChild, plenty, variable));
    expect(await ids('is_rental=1')).toEqual(sorted(elsewhere));
    expect(await ids('is_rental=0')).toEqual(sorted(inParent, inChild, plenty, variable));
    // Factory products hold 0 stock unless told; the variable one holds 3, above its threshold of 2.
    expect(await ids('stock_status=out_of_stock')).toEqual(sorted(inParent, elsewhere));
    expect(await ids('stock_status=low_stock')).toEqual(sorted(inChild));
    expect(await ids('stock_status=in_stock')).toEqual(sorted(plenty, variable));
    expect(await ids(`brand_id=${zenith.id}&stock_status=low_stock&category_id=${furniture.id}`)).toEqual(
      sorted(inChild),
    );

    // The SQL filter agrees with the rule every row is labelled by.
    for (const status of ['in_stock', 'low_stock', 'out_of_stock'] as const) {
      const page = await list(admin, `search=${word}&stock_status=${status}`);
      for (const item of page.data) expect(item.stock_status).toBe(status);
    }
    expect(await ids(`category_id=2147483647`)).toEqual([]);
  });

  it('sorts by name, price, stock and creation, either way', async () => {
    const word = uniqueWord();
    const b = await product({ name: `B ${word}`, price: '30.00', stockQuantity: 5 });
    const a = await product({ name: `A ${word}`, price: '20.00', stockQuantity: 50 });
    // Variable: priced from its cheapest variant (10), holding the sum of its variants (7).
    const c = await product({
      name: `C ${word}`,
      price: '99.00',
      stockQuantity: 0,
      variants: [
        { price: '10.00', qty: 3 },
        { price: '40.00', qty: 4 },
      ],
    });
    const order = async (query: string) => idsOf(await list(admin, `search=${word}&${query}`));

    expect(await order('sort=name&direction=asc')).toEqual([a.id, b.id, c.id]);
    expect(await order('sort=name&direction=desc')).toEqual([c.id, b.id, a.id]);
    expect(await order('sort=price&direction=asc')).toEqual([c.id, a.id, b.id]);
    expect(await order('sort=price&direction=desc')).toEqual([b.id, a.id, c.id]);
    expect(await order('sort=stock_quantity&direction=asc')).toEqual([b.id, c.id, a.id]);
    expect(await order('sort=stock_quantity&direction=desc')).toEqual([a.id, c.id, b.id]);
    expect(await order('sort=created_at&direction=asc')).toEqual([b.id, a.id, c.id]);
    expect(await order('')).toEqual([c.id, a.id, b.id]);
  });

  it('sorts by the stored list price, which follows every change of a variant or the product', async () => {
    const word = uniqueWord();
    const plain = await product({ name: `P ${word}`, price: '25.00' });
    const variable = await product({
      name: `V ${word}`,
      price: '99.00',
      variants: [
        { price: '10.00', qty: 1 },
        { price: '40.00', qty: 1 },
      ],
    });
    const order = async () => idsOf(await list(admin, `search=${word}&sort=price&direction=asc`));
    const listPrice = async (id: number) =>
      (await t.ctx.db.select({ p: products.listPrice }).from(products).where(eq(products.id, id)))[0]!.p;
    expect(await listPrice(variable.id)).toBe('10.00');
    expect(await order()).toEqual([variable.id, plain.id]);

    const variants = await t.ctx.db
      .select({ id: productStocks.id, price: productStocks.price })
      .from(productStocks)
      .where(eq(productStocks.productId, variable.id));
    const cheap = variants.find((v) => v.price === '10.00')!;
    // Any write path: the cheap variant becomes dear, then goes; the product's own price moves.
    await t.ctx.db.update(productStocks).set({ price: '50.00' }).where(eq(productStocks.id, cheap.id));
    expect(await listPrice(variable.id)).toBe('40.00');
    expect(await order()).toEqual([plain.id, variable.id]);
    const dear = variants.find((v) => v.price === '40.00')!;
    await t.ctx.db.delete(productStocks).where(eq(productStocks.id, dear.id));
    expect(await listPrice(variable.id)).toBe('50.00');
    await t.ctx.db.update(products).set({ price: '60.00' }).where(eq(products.id, plain.id));
    expect(await listPrice(plain.id)).toBe('60.00');
    expect(await order()).toEqual([variable.id, plain.id]);
  });

  it('shows the price the pricing engine gives a signed-in customer (docs/decisions/0014)', async () => {
    const word = uniqueWord();
    const parent = await category(`Garden ${word}`);
    const child = await category(`Tools ${word}`, parent.id);
    const own = await product({
      name: `Own ${word}`,
      price: '80.00',
      hasDiscount: true,
      discountType: 'percent',
      discount: '25',
    });
    const forCustomers = await product({ name: `Customers ${word}`, price: '50.00' });
    const forPartners = await product({ name: `Partners ${word}`, price: '50.00' });
    const limited = await product({ name: `Limited ${word}`, price: '40.00' });
    const byCategory = await product({ name: `Spade ${word}`, price: '20.00', categoryIds: [child.id] });
    const variable = await product({
      name: `Hose ${word}`,
      variants: [{ price: '30.00' }, { price: '15.00' }],
      hasDiscount: true,
      discountType: 'fixed',
      discount: '5.00',
    });
    const customersRule = await rule({
      productIds: [forCustomers.id],
      applicableRoles: ['customer'],
      discountValue: '10',
    });
    await rule({ productIds: [forPartners.id], applicableRoles: ['partner'], discountValue: '50' });
    // A per-person limit does not hide a rule from the list: nobody has used it yet.
    await rule({ productIds: [limited.id], maxUsagePerUser: 1, discountValue: '50' });
    await rule({ type: 'category', categoryIds: [parent.id], discountValue: '50' });

    expect(await itemOf(own.id, word)).toMatchObject({
      price: 80,
      final_price: 60,
      discount_data: { has_discount: true, source: 'product', total_discount_percentage: 25 },
    });
    expect(await itemOf(forCustomers.id, word)).toMatchObject({
      price: 50,
      final_price: 45,
      discount_data: {
        has_discount: true,
        source: 'rule',
        rule: { id: customersRule.id, name: customersRule.name, type: 'product' },
        total_discount_amount: 5,
      },
    });
    expect(await itemOf(forPartners.id, word)).toMatchObject({ final_price: 50 });
    expect((await itemOf(forPartners.id, word)).discount_data.has_discount).toBe(false);
    expect(await itemOf(limited.id, word)).toMatchObject({ final_price: 20 });
    // A rule on the top category covers the products of its children.
    expect(await itemOf(byCategory.id, word)).toMatchObject({ price: 20, final_price: 10 });
    // A variable product is shown from its cheapest variant.
    expect(await itemOf(variable.id, word)).toMatchObject({ price: 15, final_price: 10 });
  });

  it('reads a page in two statements, whatever its size (ids first, then those rows with their details)', async () => {
    const word = uniqueWord();
    const shelf = await category(`Shelves ${word}`);
    for (let i = 0; i < 15; i += 1) {
      await product({
        name: `Rack ${word} ${i}`,
        categoryIds: [shelf.id],
        brandId: (await brand(`Brand ${word} ${i}`)).id,
        variants: [{ qty: i }, { qty: 1 }],
      });
    }
    const selectsFor = async (limit: number) => {
      // Every statement sent, prepared or not (a prepared one builds no query builder again).
      const { result, selects } = await selectsOf((db) =>
        productBatch(db, { search: word, sort: 'stock_quantity', direction: 'desc' }, limit, 0),
      );
      return { selects, rows: result.length };
    };
    const small = await selectsFor(2);
    const full = await selectsFor(15);
    expect(small.rows).toBe(2);
    expect(full.rows).toBe(15);
    // The ids; then the rows with brand, supplier, picture, categories, variants and the
    // categories' parents as columns.
    expect(small.selects).toBe(2);
    expect(full.selects).toBe(2);
  });

  it("reads the whole list's first page in one statement, in the order and with the total the next pages have", async () => {
    for (let i = 0; i < 10; i += 1) {
      await product({
        name: `First page ${uniqueWord()}`,
        price: `${10 + (i % 3)}.00`,
        stockQuantity: i % 2,
      });
    }
    for (const sort of ['created_at', 'name', 'price', 'stock_quantity'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const query = { search: undefined, sort, direction };
        const { result: first, selects } = await selectsOf((db) => productBatch(db, query, 10, 0));
        expect(selects).toBe(1);
        // The same ten as a first page of one (a size the lists do not offer: read as a later
        // page is) and a later page of nine, two statements each.
        const other = await selectsOf(async (db) => [
          await productBatch(db, query, 1, 0),
          await productBatch(db, query, 9, 1),
        ]);
        expect(other.selects).toBe(4);
        const [one, rest] = other.result as [ProductListRow[], ProductListRow[]];
        expect(first).toHaveLength(10);
        expect(first.map((r) => r.id)).toEqual([...one, ...rest].map((r) => r.id));
        expect(first.map(withoutTotal)).toEqual([...one, ...rest]);
      }
    }
    const page = await list(admin, 'per_page=10');
    const count = (await t.ctx.db.select({ n: products.id }).from(products).where(isNull(products.deletedAt)))
      .length;
    expect(page.total).toBe(count);
    expect(page.data).toHaveLength(10);
  });

  it('shows categories renamed, added and removed by plain SQL at the next read (they are kept per reference version)', async () => {
    const word = uniqueWord();
    const lamps = await category(`Lamps ${word}`);
    const lamp = await product({ name: `Kept category lamp ${word}`, categoryIds: [lamps.id] });
    const categoriesOf = async () =>
      (await list(admin, `search=${word}`)).data.find((p) => p.id === lamp.id)!.categories;
    expect(await categoriesOf()).toEqual([`Lamps ${word}`]);
    await db().execute(sql`update categories set name = ${`Zinc lamps ${word}`} where id = ${lamps.id}`);
    expect(await categoriesOf()).toEqual([`Zinc lamps ${word}`]);
    await db().execute(
      sql`with c as (insert into categories (name, slug) values (${`Brass ${word}`}, ${`brass-${word}`}) returning id)
        insert into product_categories (product_id, category_id) select ${lamp.id}, id from c`,
    );
    // In the order of names, as the database sorts them.
    expect(await categoriesOf()).toEqual([`Brass ${word}`, `Zinc lamps ${word}`]);
    await db().execute(sql`delete from product_categories where category_id = ${lamps.id}`);
    expect(await categoriesOf()).toEqual([`Brass ${word}`]);
  });

  it('leaves deleted products out', async () => {
    const word = uniqueWord();
    const kept = await product({ name: `Kept ${word}` });
    await product({ name: `Gone ${word}`, deletedAt: new Date() });
    expect(idsOf(await list(admin, `search=${word}`))).toEqual([kept.id]);
  });

  it('refuses an unknown sort, direction or stock status with 422', async () => {
    expect((await admin.get('/admin/products?sort=cost')).statusCode).toBe(422);
    expect((await admin.get('/admin/products?direction=up')).statusCode).toBe(422);
    expect((await admin.get('/admin/products?stock_status=plenty')).statusCode).toBe(422);
    expect((await admin.get('/admin/products?category_id=abc')).statusCode).toBe(422);
    expect((await admin.get('/admin/products?per_page=500')).statusCode).toBe(422);
  });

  it('answers staff, 401 signed out and 403 to a customer', async () => {
    expect((await staff.get('/admin/products')).statusCode).toBe(200);
    expect((await t.agent().get('/admin/products')).statusCode).toBe(401);
    expect((await customer.get('/admin/products')).statusCode).toBe(403);
  });
});

describe('GET /admin/products/export', () => {
  it('streams the filtered list in its order as xlsx, with the list prices, formulas escaped', async () => {
    const word = uniqueWord();
    const acme = await brand(`Acme ${word}`);
    const cat = await category(`Kitchen ${word}`);
    const first = await product({
      name: `=HYPERLINK("http://evil.test") ${word}`,
      sku: `+SKU-${word}`,
      price: '100.00',
      brandId: acme.id,
      categoryIds: [cat.id],
      stockQuantity: 12,
      isRentalProduct: true,
    });
    const second = await product({
      name: `Bowl ${word}`,
      price: '8.50',
      hasDiscount: true,
      discount: '10',
      stockQuantity: 0,
      isActive: false,
      shopVisibility: [],
    });
    const third = await product({
      name: `Other ${word}`,
      price: '500.00',
      brandId: (await brand(`Other ${word}`)).id,
    });

    const response = await admin.get(`/admin/products/export?search=${word}&sort=price&direction=asc`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="products_\d{4}-\d{2}-\d{2}_\d{6}\.xlsx"$/,
    );
    const rows = await readWorkbook(response);
    expect(rows[0]).toEqual([
      'ID',
      'Name',
      'SKU',
      'Brand',
      'Categories',
      'Supplier',
      'Price',
      'Final price',
      'Stock',
      'Status',
      'Active',
      'Rental',
      'Variable',
      'Created',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[1]!.slice(0, 13)).toEqual([
      second.id,
      `Bowl ${word}`,
      undefined,
      undefined,
      undefined,
      undefined,
      8.5,
      7.65,
      0,
      'Out of stock',
      'No',
      'No',
      'No',
    ]);
    expect(rows[2]!.slice(0, 13)).toEqual([
      first.id,
      `'=HYPERLINK("http://evil.test") ${word}`,
      `'+SKU-${word}`,
      `Acme ${word}`,
      `Kitchen ${word}`,
      undefined,
      100,
      100,
      12,
      'In stock',
      'Yes',
      'Yes',
      'No',
    ]);
    expect(rows[2]![13]).toBeInstanceOf(Date);
    expect(rows[3]![0]).toBe(third.id);

    const filtered = await readWorkbook(
      await admin.get(`/admin/products/export?search=${word}&brand_id=${acme.id}`),
    );
    expect(filtered.slice(1).map((r) => r[0])).toEqual([first.id]);
  });

  it('refuses a bad filter with 422, answers 401 signed out and 403 to a customer', async () => {
    expect((await admin.get('/admin/products/export?stock_status=some')).statusCode).toBe(422);
    expect((await t.agent().get('/admin/products/export')).statusCode).toBe(401);
    expect((await customer.get('/admin/products/export')).statusCode).toBe(403);
  });
});

describe('DELETE /admin/products/{id}', () => {
  it('deletes softly with an audit row; the product is gone from the lists and cannot be deleted again', async () => {
    const word = uniqueWord();
    const doomed = await product({ name: `Doomed ${word}`, variants: [{ variant: 'One', qty: 3 }] });
    const kept = await product({ name: `Kept ${word}` });

    const response = await admin.delete(`/admin/products/${doomed.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Product deleted successfully.' });

    const [row] = await db().select().from(products).where(eq(products.id, doomed.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'product'), eq(auditLog.subjectId, String(doomed.id))))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ action: 'product.deleted', actorUserId: admin.user.id });

    expect(idsOf(await list(admin, `search=${word}`))).toEqual([kept.id]);
    const exported = await readWorkbook(await admin.get(`/admin/products/export?search=${word}`));
    expect(exported.slice(1).map((r) => r[0])).toEqual([kept.id]);
    expect(idsOf(await staff.get(`/api/order-products?search=${word}`).then((r) => r.json()))).toEqual([
      kept.id,
    ]);
    const batch = await staff.post('/api/products/variants/batch', { product_ids: [doomed.id, kept.id] });
    expect(Object.keys(batch.json())).toEqual([String(kept.id)]);

    expect((await admin.delete(`/admin/products/${doomed.id}`)).statusCode).toBe(404);
    const bulk = await admin.post('/admin/products/bulk-status', {
      product_ids: [doomed.id],
      is_active: true,
    });
    expect(bulk.json()).toMatchObject({ updated_count: 0 });
  });

  it('also deletes through POST with _method=DELETE (spec 2 §7)', async () => {
    const gone = await product();
    const response = await admin.post(`/admin/products/${gone.id}`, { _method: 'DELETE' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await admin.delete(`/admin/products/${gone.id}`)).statusCode).toBe(404);
  });

  it('answers 404, 419, 401 and 403', async () => {
    const target = await product();
    expect((await admin.delete('/admin/products/999999')).statusCode).toBe(404);
    expect((await admin.delete('/admin/products/abc')).statusCode).toBe(404);
    expect((await admin.delete('/admin/products/99999999999')).statusCode).toBe(404);
    const noCsrf = await admin.request({
      method: 'DELETE',
      url: `/admin/products/${target.id}`,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
    expect((await (await guest()).delete(`/admin/products/${target.id}`)).statusCode).toBe(401);
    expect((await customer.delete(`/admin/products/${target.id}`)).statusCode).toBe(403);
    const [row] = await db().select().from(products).where(eq(products.id, target.id));
    expect(row!.deletedAt).toBeNull();
  });
});

describe('POST /admin/products/bulk-status', () => {
  it('deactivates many in one go, clearing their shop visibility, with one audit row', async () => {
    const word = uniqueWord();
    const one = await product({ name: `One ${word}`, shopVisibility: ['guest', 'partner'] });
    const two = await product({ name: `Two ${word}`, shopVisibility: ['doctor'] });
    const untouched = await product({ name: `Three ${word}`, shopVisibility: ['guest'] });

    const response = await admin.post('/admin/products/bulk-status', {
      product_ids: [one.id, two.id, one.id, 999_999],
      is_active: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '2 products deactivated.', updated_count: 2 });

    const rows = await db()
      .select()
      .from(products)
      .where(inArray(products.id, [one.id, two.id, untouched.id]))
      .orderBy(products.id);
    expect(rows.map((r) => [r.isActive, r.shopVisibility])).toEqual([
      [false, []],
      [false, []],
      [true, ['guest']],
    ]);
    expect((await itemOf(one.id, word)).shop_visibility_label).toBe('Hidden');

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.bulk_deactivated'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      data: {
        is_active: false,
        products: [
          { id: one.id, was_active: true, shop_visibility_before: ['guest', 'partner'] },
          { id: two.id, was_active: true, shop_visibility_before: ['doctor'] },
        ],
      },
    });
  });

  it('activates, keeping whatever visibility each product has', async () => {
    const word = uniqueWord();
    const hidden = await product({ name: `Hidden ${word}`, isActive: false, shopVisibility: [] });
    const chosen = await product({ name: `Chosen ${word}`, isActive: false, shopVisibility: ['partner'] });
    const response = await admin.post('/admin/products/bulk-status', {
      product_ids: [hidden.id, chosen.id],
      is_active: '1',
    });
    expect(response.json()).toEqual({ success: true, message: '2 products activated.', updated_count: 2 });
    expect(await itemOf(hidden.id, word)).toMatchObject({ is_active: true, shop_visibility_label: 'Hidden' });
    expect(await itemOf(chosen.id, word)).toMatchObject({ is_active: true, shop_visibility: ['partner'] });
    const single = await admin.post('/admin/products/bulk-status', {
      product_ids: [chosen.id],
      is_active: true,
    });
    expect(single.json().message).toBe('1 product activated.');
  });

  it('answers 422 with the words, 419, 401 and 403', async () => {
    const target = await product();
    expect422(
      await admin.post('/admin/products/bulk-status', { product_ids: [], is_active: false }),
      'product_ids',
      'Select at least one product.',
    );
    expect422(
      await admin.post('/admin/products/bulk-status', { product_ids: [target.id] }),
      'is_active',
      'Choose whether to activate or deactivate.',
    );
    expect(
      (await admin.post('/admin/products/bulk-status', { product_ids: ['x'], is_active: true })).statusCode,
    ).toBe(422);
    const body = { product_ids: [target.id], is_active: false };
    const noCsrf = await admin.request({
      method: 'POST',
      url: '/admin/products/bulk-status',
      payload: body,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
    expect((await (await guest()).post('/admin/products/bulk-status', body)).statusCode).toBe(401);
    expect((await customer.post('/admin/products/bulk-status', body)).statusCode).toBe(403);
    const [row] = await db().select().from(products).where(eq(products.id, target.id));
    expect(row!.isActive).toBe(true);
  });
});

describe('GET /api/order-products', () => {
  it('needs at least 2 characters', async () => {
    for (const search of ['', 'a', '%20b%20']) {
      expect422(
        await staff.get(`/api/order-products?search=${search}`),
        'search',
        'Type at least 2 characters to search.',
      );
    }
    expect422(await staff.get('/api/order-products'), 'search', 'Type at least 2 characters to search.');
  });

  it('finds active products by name or SKU, names starting with the text first, at most 20', async () => {
    const word = uniqueWord();
    const later = await product({ name: `Big ${word} bag` });
    const first = await product({ name: `${word} basket` });
    const bySku = await product({ name: 'Crate', sku: `${word}-CR` });
    await product({ name: `Inactive ${word}`, isActive: false, shopVisibility: [] });
    await product({ name: `Deleted ${word}`, deletedAt: new Date() });

    const response = await staff.get(`/api/order-products?search=${word}`);
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json().data as OrderProduct[];
    expect(found.map((p) => p.id)).toEqual([first.id, later.id, bySku.id]);

    const many = uniqueWord();
    for (let i = 0; i < 22; i += 1) await product({ name: `Pen ${many} ${String(i).padStart(2, '0')}` });
    expect((await staff.get(`/api/order-products?search=${many}`)).json().data).toHaveLength(20);
    expect((await staff.get(`/api/order-products?search=${many}&per_page=5`)).json().data).toHaveLength(5);
  });

  it('answers the order form fields with variants and VAT', async () => {
    const word = uniqueWord();
    const [vat] = await db()
      .insert(vats)
      .values({ name: `VAT 15 ${word}`, type: 'percentage', rate: '15' })
      .returning();
    const [offVat] = await db()
      .insert(vats)
      .values({ name: `Old VAT ${word}`, type: 'fixed', rate: '2.50', isActive: false })
      .returning();
    const shirt = await product({
      name: `Shirt ${word}`,
      price: '0',
      vatId: vat!.id,
      unitSellingLabel: 'piece',
      hasDiscount: true,
      discount: '10',
      discountStartDate: '2020-01-01',
      discountEndDate: '2999-12-31',
      variants: [
        { variant: 'Small', sku: `SH-S-${word}`, price: '20.00', qty: 4 },
        { variant: 'Large', sku: null, price: '30.00', qty: 1 },
      ],
    });
    const mug = await product({ name: `Mug ${word}`, price: '6.00', stockQuantity: 9, vatId: offVat!.id });

    const found = (await staff.get(`/api/order-products?search=${word}`)).json().data as OrderProduct[];
    const byId = new Map(found.map((p) => [p.id, p]));
    expect(byId.get(shirt.id)).toEqual({
      id: shirt.id,
      name: `Shirt ${word}`,
      sku: null,
      price: 0,
      discount: 10,
      has_discount: true,
      discount_start_date: '2020-01-01',
      discount_end_date: '2999-12-31',
      unit_selling_label: 'piece',
      is_variable_product: true,
      min_variant_price: 20,
      max_variant_price: 30,
      has_price_range: true,
      product_stocks: [
        {
          id: shirt.variants[0]!.id,
          variant: 'Small',
          sku: `SH-S-${word}`,
          price: 20,
          final_price: 18,
          qty: 4,
        },
        { id: shirt.variants[1]!.id, variant: 'Large', sku: null, price: 30, final_price: 27, qty: 1 },
      ],
      vat_id: vat!.id,
      vat_info: { vat_status: 'active', type: 'percentage', rate: 15 },
      total_discount_percentage: 10,
      final_price: 18,
      stock_quantity: 5,
      thumbnail_url: null,
    });
    expect(byId.get(mug.id)).toMatchObject({
      is_variable_product: false,
      product_stocks: [],
      min_variant_price: null,
      has_price_range: false,
      final_price: 6,
      stock_quantity: 9,
      vat_info: { vat_status: 'inactive', type: 'fixed', rate: 2.5 },
    });
  });

  it('prices and shows products for the order’s customer, a guest without one — never for the staff member (issue 12)', async () => {
    const word = uniqueWord();
    const item = await product({
      name: `Gauze ${word}`,
      price: '10.00',
      shopVisibility: ['guest', 'partner'],
    });
    const partnersOnly = await product({
      name: `Gauze pro ${word}`,
      price: '20.00',
      shopVisibility: ['partner'],
    });
    await rule({ productIds: [item.id], applicableRoles: ['staff'], discountValue: '30' });
    await rule({ productIds: [item.id], applicableRoles: ['partner'], discountValue: '20' });
    const partner = await createUser(db(), { roles: ['partner'] });

    const asGuest = (await staff.get(`/api/order-products?search=${word}`)).json().data as OrderProduct[];
    expect(asGuest.map((p) => p.id)).toEqual([item.id]);
    expect(asGuest[0]).toMatchObject({ price: 10, final_price: 10, total_discount_percentage: 0 });

    const forPartner = (
      await staff.get(`/api/order-products?search=${word}&customer_id=${partner.id}`)
    ).json().data as OrderProduct[];
    expect(forPartner.map((p) => p.id).sort()).toEqual([item.id, partnersOnly.id].sort());
    expect(forPartner.find((p) => p.id === item.id)).toMatchObject({
      final_price: 8,
      total_discount_percentage: 20,
    });

    const batch = await staff.post('/api/products/variants/batch', {
      product_ids: [item.id],
      customer_id: partner.id,
    });
    expect(batch.statusCode).toBe(200);
  });

  it('refuses a customer_id that is not a customer account (staff, admin or nobody) on the field', async () => {
    for (const id of [admin.user.id, staff.user.id, 999_999]) {
      const response = await staff.get(`/api/order-products?search=ab&customer_id=${id}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.customer_id).toEqual(['The selected customer does not exist.']);
    }
  });

  it('answers 401 signed out and 403 to a customer', async () => {
    expect((await t.agent().get('/api/order-products?search=ab')).statusCode).toBe(401);
    expect((await customer.get('/api/order-products?search=ab')).statusCode).toBe(403);
  });
});

describe('POST /api/products/variants/batch', () => {
  it('maps each product to its variants, priced for the customer (a guest here), with attribute values', async () => {
    const word = uniqueWord();
    const [size] = await db()
      .insert(attributes)
      .values({ name: `Size ${word}` })
      .returning();
    const [small, large] = await db()
      .insert(attributeValues)
      .values([
        { attributeId: size!.id, value: 'S' },
        { attributeId: size!.id, value: 'L' },
      ])
      .returning();
    const shirt = await product({
      name: `Shirt ${word}`,
      variants: [
        { variant: 'S', sku: 'SH-S', price: '20.00', qty: 3 },
        { variant: 'L', sku: 'SH-L', price: '24.00', qty: 0 },
      ],
    });
    await db()
      .insert(productStockAttributeValues)
      .values([
        { productStockId: shirt.variants[0]!.id, attributeValueId: small!.id },
        { productStockId: shirt.variants[1]!.id, attributeValueId: large!.id },
      ]);
    await rule({ productIds: [shirt.id], applicableRoles: [], discountValue: '50' });
    const simple = await product({ name: `Simple ${word}`, isActive: false, shopVisibility: [] });

    const response = await staff.post('/api/products/variants/batch', {
      product_ids: [shirt.id, simple.id, 999_999],
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as VariantsBatchReply;
    expect(reply).toEqual({
      [shirt.id]: [
        {
          id: shirt.variants[0]!.id,
          variant: 'S',
          sku: 'SH-S',
          price: 20,
          final_price: 10,
          qty: 3,
          attribute_values: [small!.id],
        },
        {
          id: shirt.variants[1]!.id,
          variant: 'L',
          sku: 'SH-L',
          price: 24,
          final_price: 12,
          qty: 0,
          attribute_values: [large!.id],
        },
      ],
      [simple.id]: [],
    });
    // The customer decides the price, not who asks: the same for an administrator.
    const asAdmin = (await admin.post('/api/products/variants/batch', { product_ids: [shirt.id] })).json();
    expect(asAdmin[shirt.id].map((v: { final_price: number }) => v.final_price)).toEqual([10, 12]);
  });

  it('answers 422, 419, 401 and 403', async () => {
    expect((await staff.post('/api/products/variants/batch', { product_ids: [] })).statusCode).toBe(422);
    expect((await staff.post('/api/products/variants/batch', {})).statusCode).toBe(422);
    const body = { product_ids: [1] };
    const noCsrf = await staff.request({
      method: 'POST',
      url: '/api/products/variants/batch',
      payload: body,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
    expect((await (await guest()).post('/api/products/variants/batch', body)).statusCode).toBe(401);
    expect((await customer.post('/api/products/variants/batch', body)).statusCode).toBe(403);
  });
});

// Moves the app's clock by days, which ends every session made before: keep this block last.
describe('dated discounts', () => {
  it('shows the discounted final price only inside the discount dates', async () => {
    const word = uniqueWord();
    const day = 24 * 60 * 60 * 1000;
    const shopDay = (offsetDays: number) =>
      isoDateInZone(new Date(t.ctx.now().getTime() + offsetDays * day), 'Indian/Mauritius');
    await product({
      name: `Dated ${word}`,
      price: '40.00',
      hasDiscount: true,
      discount: '50',
      discountStartDate: shopDay(2),
      discountEndDate: shopDay(4),
    });
    const finalPrice = async () => {
      const viewer = await t.signedIn(['admin']);
      return (await list(viewer, `search=${word}`)).data[0]!.final_price;
    };

    expect(await finalPrice()).toBe(40);
    t.advance(2 * day);
    expect(await finalPrice()).toBe(20);
    t.advance(2 * day);
    expect(await finalPrice()).toBe(20);
    t.advance(1 * day);
    expect(await finalPrice()).toBe(40);
  });
});
