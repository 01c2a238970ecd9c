import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopProductDetail } from '../../../contracts/shop-catalogue';
import { createProduct, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { withReferenceCache } from '../../platform/db/reference-cache';
import { files } from '../files/files.tables';
import {
  attributes,
  attributeValues,
  categories,
  colors,
  productStockAttributeValues,
  productStockColors,
  vats,
} from './catalogue.tables';
import { loadBuyerPricing } from './pricing-context';
import { adminProductView, KEPT_PRODUCT_VIEWS, type ShopProductView, shopProductView } from './product-views';
import { loadAdminListPricing } from './products-list.queries';

/**
 * The shop's product presentation kept per process (docs/decisions/0097): a second read in a new
 * request gives the kept view, and every change of what the view shows, made by plain SQL as any
 * process or script could, gives a fresh one equal to an uncached read.
 */
let t: TestApp;
let productId: number;
let slug: string;
let variantIds: number[];
const refs: Record<string, number> = {};

/** One request's read (the reference cache's scope), as the product routes make it. */
const requestRead = (key: { id: number } | { slug: string } = { id: productId }, role = 'guest') =>
  withReferenceCache(t.ctx.db, async () =>
    shopProductView(t.ctx.db, t.ctx.storage, role, await loadBuyerPricing(t.ctx.db, null, new Date()), key),
  );

/** The same read outside a request: nothing kept, nothing reused. */
const uncachedRead = async (key: { id: number } | { slug: string } = { id: productId }) =>
  shopProductView(t.ctx.db, t.ctx.storage, 'guest', await loadBuyerPricing(t.ctx.db, null, new Date()), key);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  const [red, blue] = await db
    .insert(colors)
    .values([
      { name: 'Kept red', code: '#aa0000' },
      { name: 'Kept blue', code: '#0000aa' },
    ])
    .returning();
  const [size] = await db.insert(attributes).values({ name: 'Kept size' }).returning();
  const [small, large] = await db
    .insert(attributeValues)
    .values([
      { attributeId: size!.id, value: 'S', sortOrder: 0 },
      { attributeId: size!.id, value: 'L', sortOrder: 1 },
    ])
    .returning();
  const [category] = await db
    .insert(categories)
    .values({ name: 'Kept chairs', slug: 'kept-chairs' })
    .returning();
  const [image] = await db
    .insert(files)
    .values({
      name: 'chair.jpg',
      path: 'kept/chair.jpg',
      size: 100,
      mimeType: 'image/jpeg',
      extension: 'jpg',
      width: 800,
      height: 600,
    })
    .returning();
  const product = await createProduct(db, {
    name: 'Kept chair',
    price: '50.00',
    variants: [
      { variant: 'Red / S', price: '50.00', qty: 4 },
      { variant: 'Blue / L', price: '55.00', qty: 2 },
    ],
  });
  productId = product.id;
  slug = product.slug;
  variantIds = product.variants.map((v) => v.id);
  await db.insert(productStockColors).values({ productStockId: variantIds[0]!, colorId: red!.id });
  await db
    .insert(productStockAttributeValues)
    .values({ productStockId: variantIds[0]!, attributeValueId: small!.id });
  Object.assign(refs, {
    red: red!.id,
    blue: blue!.id,
    size: size!.id,
    small: small!.id,
    large: large!.id,
    category: category!.id,
    image: image!.id,
  });
});

afterAll(async () => {
  await t.close();
});

describe('shopProductView (docs/decisions/0097)', () => {
  it('gives the kept view to the next request, by id and by slug, when nothing changed', async () => {
    const first = await requestRead();
    expect(first?.presented.product.name).toBe('Kept chair');
    expect(await requestRead()).toBe(first);
    const bySlug = await requestRead({ slug });
    expect(bySlug).toEqual(first);
    expect(await requestRead({ slug })).toBe(bySlug);
    expect(first).toEqual(await uncachedRead());
  });

  const changes: [string, () => SQL, (view: ShopProductDetail) => unknown][] = [
    [
      'the product price',
      () => sql`update products set price = '61.00' where id = ${productId}`,
      (v) => v.product.price,
    ],
    [
      'a variant price',
      () => sql`update product_stocks set price = '57.50' where id = ${variantIds[1]}`,
      (v) => v.product.productStocks.map((s) => s.price),
    ],
    [
      'a variant quantity (a sale)',
      () => sql`update product_stocks set qty = qty - 1 where id = ${variantIds[0]}`,
      (v) => v.product.productStocks.map((s) => s.qty),
    ],
    [
      'a new variant',
      () =>
        sql`insert into product_stocks (product_id, variant, price, qty, sort_order) values (${productId}, 'Green / M', '58.00', 1, 5)`,
      (v) => v.product.productStocks.map((s) => s.variant),
    ],
    [
      'a colour given to a variant',
      () =>
        sql`insert into product_stock_colors (product_stock_id, color_id) values (${variantIds[1]}, ${refs.blue})`,
      (v) => v.colors.map((c) => c.name),
    ],
    [
      'a colour renamed',
      () => sql`update colors set name = 'Kept navy' where id = ${refs.blue}`,
      (v) => v.colors.map((c) => c.name),
    ],
    [
      'an attribute value given to a variant',
      () =>
        sql`insert into product_stock_attribute_values (product_stock_id, attribute_value_id) values (${variantIds[1]}, ${refs.large})`,
      (v) => v.attributeValues.map((a) => a.value),
    ],
    [
      'an attribute value renamed',
      () => sql`update attribute_values set value = 'XL' where id = ${refs.large}`,
      (v) => v.attributeValues.map((a) => a.value),
    ],
    [
      'an attribute renamed',
      () => sql`update attributes set name = 'Kept width' where id = ${refs.size}`,
      (v) => v.attributeValues.map((a) => a.attribute),
    ],
    [
      'an image in the gallery',
      () =>
        sql`insert into product_images (product_id, file_id, sort_order) values (${productId}, ${refs.image}, 0)`,
      (v) => v.galleryImages.product.length,
    ],
    [
      'an image of a variant',
      () =>
        sql`insert into product_stock_images (product_stock_id, file_id, sort_order) values (${variantIds[0]}, ${refs.image}, 0)`,
      (v) => v.galleryImages.variants[String(variantIds[0])]?.length,
    ],
    [
      "an image's size",
      () => sql`update files set width = 1600, height = 1200 where id = ${refs.image}`,
      (v) => JSON.stringify(v.galleryImages.product),
    ],
    [
      'a category given',
      () =>
        sql`insert into product_categories (product_id, category_id) values (${productId}, ${refs.category})`,
      (v) => v.product.categories.map((c) => c.name),
    ],
    [
      'a category renamed',
      () => sql`update categories set name = 'Kept stools' where id = ${refs.category}`,
      (v) => v.product.categories.map((c) => c.name),
    ],
    [
      'a variant removed',
      () => sql`delete from product_stocks where id = ${variantIds[1]}`,
      (v) => v.product.productStocks.map((s) => s.variant),
    ],
    [
      'a store-wide discount rule',
      () =>
        sql`insert into discount_rules (name, type, discount_type, discount_value, is_active) values ('Kept sale', 'global', 'percent', '20', true)`,
      (v) => JSON.stringify(v.product.discount_data),
    ],
  ];

  it.each(changes)('gives a fresh view equal to an uncached read after %s', async (_, change, shown) => {
    const before = await requestRead();
    expect(await requestRead()).toBe(before);
    await t.ctx.db.execute(change());
    const after = await requestRead();
    expect(after).not.toBe(before);
    expect(after).toEqual(await uncachedRead());
    expect(shown(after!.presented)).not.toEqual(shown(before!.presented));
    expect(await requestRead()).toBe(after);
  });

  it('answers null once the product is hidden from the role, and the view again for a role that sees it', async () => {
    expect(await requestRead()).not.toBeNull();
    await t.ctx.db.execute(sql`update products set shop_visibility = '{customer}' where id = ${productId}`);
    expect(await requestRead()).toBeNull();
    expect(await requestRead({ id: productId }, 'customer')).not.toBeNull();
    await t.ctx.db.execute(sql`update products set shop_visibility = '{guest}' where id = ${productId}`);
    expect(await requestRead()).not.toBeNull();
  });

  it('keeps at most KEPT_PRODUCT_VIEWS products, the least recently read dropped first', async () => {
    const first = (await requestRead()) as ShopProductView;
    // Other keys of the same product fill the cache: the role is part of the key.
    for (let i = 0; i < KEPT_PRODUCT_VIEWS; i++) await requestRead({ id: productId }, `role-${i}`);
    expect(await requestRead()).not.toBe(first);
  });

  it('serves the kept view through GET /api/public/products/{id} and a changed one after a sale', async () => {
    const guest = t.agent();
    const before = (await guest.get(`/api/public/products/${productId}`)).json() as ShopProductDetail;
    await t.ctx.db.execute(sql`update product_stocks set qty = qty + 3 where id = ${variantIds[0]}`);
    const after = (await guest.get(`/api/public/products/${productId}`)).json() as ShopProductDetail;
    expect(after.product.productStocks[0]!.qty).toBe(before.product.productStocks[0]!.qty + 3);
  });
});

describe('adminProductView: GET /api/products/{id} kept the same way (docs/decisions/0097)', () => {
  let adminId: number;
  let supplierId: number;
  let vatId: number;

  const adminRead = (scoped = true) => {
    const read = async () =>
      adminProductView(t.ctx.db, t.ctx.storage, await loadAdminListPricing(t.ctx.db, new Date()), adminId);
    return scoped ? withReferenceCache(t.ctx.db, read) : read();
  };

  beforeAll(async () => {
    const supplier = await createUser(t.ctx.db, {
      firstName: 'Sam',
      lastName: 'Supplier',
      roles: ['supplier'],
    });
    const [vat] = await t.ctx.db
      .insert(vats)
      .values({ name: 'Kept VAT', type: 'percentage', rate: '15' })
      .returning();
    supplierId = supplier.id;
    vatId = vat!.id;
    const product = await createProduct(t.ctx.db, {
      name: 'Kept desk',
      price: '120.00',
      supplierId,
      vatId,
      variants: [{ variant: 'Oak', price: '120.00', qty: 3 }],
    });
    adminId = product.id;
  });

  const adminChanges: [string, () => SQL][] = [
    ['the supplier renamed', () => sql`update users set first_name = 'Samira' where id = ${supplierId}`],
    ['the VAT rate changed', () => sql`update vats set rate = '16' where id = ${vatId}`],
    ['a variant price', () => sql`update product_stocks set price = '125.00' where product_id = ${adminId}`],
    ['the product name', () => sql`update products set name = 'Kept writing desk' where id = ${adminId}`],
  ];

  it.each(adminChanges)('gives a fresh view equal to an uncached read after %s', async (_, change) => {
    const before = await adminRead();
    expect(before).not.toBeNull();
    expect(await adminRead()).toBe(before);
    await t.ctx.db.execute(change());
    const after = await adminRead();
    expect(after).not.toBe(before);
    expect(after).toEqual(await adminRead(false));
    expect(after).not.toEqual(before);
  });

  it('answers null for a deleted product', async () => {
    await t.ctx.db.execute(sql`update products set deleted_at = now() where id = ${adminId}`);
    expect(await adminRead()).toBeNull();
  });

  it('serves GET /api/products/{id} to staff, and a renamed supplier at once', async () => {
    await t.ctx.db.execute(sql`update products set deleted_at = null where id = ${adminId}`);
    const admin = await t.signedIn(['admin']);
    const url = `/api/products/${adminId}`;
    const before = (await admin.get(url)).json() as { supplier: { name: string } | null };
    await t.ctx.db.execute(
      sql`update users set company_name = 'Desks Ltd', first_name = null, last_name = null where id = ${supplierId}`,
    );
    const after = (await admin.get(url)).json() as { supplier: { name: string } | null };
    expect(before.supplier?.name).toBe('Samira Supplier');
    expect(after.supplier?.name).toBe('Desks Ltd');
    expect((await admin.get('/api/products/999999')).statusCode).toBe(404);
    // Its row version comes with the session (docs/decisions/0103): a change of the row shows at
    // once, a deleted product is gone, and an id no product can have is a 404, never an error.
    await t.ctx.db.execute(sql`update products set name = 'Desk, renamed' where id = ${adminId}`);
    expect(((await admin.get(url)).json() as { name: string }).name).toBe('Desk, renamed');
    await t.ctx.db.execute(sql`update products set deleted_at = now() where id = ${adminId}`);
    expect((await admin.get(url)).statusCode).toBe(404);
    await t.ctx.db.execute(sql`update products set deleted_at = null where id = ${adminId}`);
    expect((await admin.get(url)).statusCode).toBe(200);
    for (const id of ['99999999999', '-1', '1.5', 'desk']) {
      expect((await admin.get(`/api/products/${id}`)).statusCode).toBe(404);
    }
  });
});
