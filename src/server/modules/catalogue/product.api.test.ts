import { and, asc, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_MESSAGES as M,
  type ProductAttributesReply,
  type ProductInput,
  type ProductReply,
  type ProductVariantsReply,
} from '../../../contracts/catalogue';
import { MONEY_DECIMALS_MESSAGE } from '../../../contracts/common';
import { combinations } from '../../../domain/catalogue/product-rules';
import { createProduct, createUser } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { files } from '../files';
import { stockMovements } from '../stock/stock.tables';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  colors,
  discountRuleProducts,
  discountRules,
  productImages,
  productStocks,
  products,
  vats,
} from './catalogue.tables';

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

const db = () => t.ctx.db;

/** A word no other test of this file uses (the database is shared by the file). */
function uniqueWord(): string {
  tag += 1;
  return `zq${Date.now().toString(36)}x${tag}`;
}

async function brand() {
  const word = uniqueWord();
  const [row] = await db()
    .insert(brands)
    .values({ name: `Brand ${word}`, slug: `brand-${word}` })
    .returning();
  return row!;
}

async function category(parentId: number | null = null) {
  const word = uniqueWord();
  const [row] = await db()
    .insert(categories)
    .values({ name: `Category ${word}`, slug: `category-${word}`, parentId })
    .returning();
  return row!;
}

async function vat() {
  const [row] = await db()
    .insert(vats)
    .values({ name: `VAT ${uniqueWord()}`, type: 'percentage', rate: '15' })
    .returning();
  return row!;
}

async function color(code = '#ff0000') {
  const [row] = await db()
    .insert(colors)
    .values({ name: `Colour ${uniqueWord()}`, code })
    .returning();
  return row!;
}

/** An attribute with these values, in order. */
async function attribute(name: string, values: string[]) {
  const [row] = await db()
    .insert(attributes)
    .values({ name: `${name} ${uniqueWord()}` })
    .returning();
  const rows = await db()
    .insert(attributeValues)
    .values(values.map((value, sortOrder) => ({ attributeId: row!.id, value, sortOrder })))
    .returning();
  return { ...row!, values: rows };
}

async function image(name = 'photo.png') {
  const word = uniqueWord();
  const [row] = await db()
    .insert(files)
    .values({
      name,
      path: `files/2026/11/${word}-${name}`,
      size: 100,
      mimeType: 'image/png',
      extension: 'png',
    })
    .returning();
  return row!;
}

async function supplier() {
  return createUser(db(), {
    roles: ['supplier'],
    userType: 'company',
    companyName: `Supplies ${uniqueWord()}`,
  });
}

/** The smallest valid form: a name and a price. */
function form(overrides: Partial<ProductInput> = {}): ProductInput {
  return { name: `Lamp ${uniqueWord()}`, price: 12.5, ...overrides };
}

async function create(body: unknown, agent: Agent = admin): Promise<ProductReply> {
  const response = await agent.post('/admin/products', body as Record<string, unknown>);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product;
}

/** The form's update: POST with the PUT override, as the browser sends it. */
function update(id: number | string, body: Record<string, unknown>, agent: Agent = admin) {
  return agent.post(`/admin/products/${id}`, { _method: 'PUT', ...body });
}

async function read(id: number): Promise<ProductReply> {
  const response = await admin.get(`/api/products/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function expect422(response: LightMyRequestResponse, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().errors[field]).toEqual([message]);
}

/** A visitor with a session and its CSRF token, so a change is refused for being signed out (401), not 419. */
async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

async function deletedProduct() {
  return createProduct(db(), { deletedAt: new Date() });
}

describe('POST /admin/products', () => {
  it('creates a simple product from the whole form and answers it (201)', async () => {
    const word = uniqueWord();
    const [acme, top, thumb, photo, seoImage, rate, maker] = await Promise.all([
      brand(),
      category(),
      image('thumb.png'),
      image('gallery.png'),
      image('seo.png'),
      vat(),
      supplier(),
    ]);
    const child = await category(top.id);
    const response = await admin.post('/admin/products', {
      name: `Garden chair ${word}`,
      sku: `GC-${word}`,
      brand_id: acme.id,
      category_ids: [child.id, top.id],
      supplier_id: maker.id,
      vat_id: rate.id,
      description: 'A chair for the garden.',
      price: '49.90',
      buy_price: 20,
      unit_selling_label: 'piece',
      weight: '2.5',
      is_rental_product: true,
      rental_price: '5',
      has_discount: true,
      discount_type: 'percent',
      discount: 10,
      discount_start_date: '2026-01-01',
      discount_end_date: '2099-12-31',
      shop_visibility: ['guest', 'partner'],
      is_featured: '1',
      stock_quantity: '7',
      low_stock_threshold: 3,
      enable_shipping_features: true,
      is_free_shipping: true,
      shipping_days: 4,
      enable_seo_features: true,
      seo: { title: 'Chair', description: 'Sit well', image_id: seoImage.id, robots: 'index,follow' },
      thumbnail_id: thumb.id,
      gallery_images: [photo.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { success, message, product } = response.json();
    expect({ success, message }).toEqual({ success: true, message: M.created });
    expect(product).toMatchObject({
      name: `Garden chair ${word}`,
      slug: `garden-chair-${word}`,
      sku: `GC-${word}`,
      brand_id: acme.id,
      brand: { id: acme.id, name: acme.name },
      supplier_id: maker.id,
      supplier: { id: maker.id },
      vat_id: rate.id,
      vat_info: { type: 'percentage', rate: 15 },
      price: 49.9,
      buy_price: 20,
      weight: 2.5,
      is_active: true,
      is_variable_product: false,
      is_rental_product: true,
      rental_price: 5,
      has_discount: true,
      discount_type: 'percent',
      discount: 10,
      discount_start_date: '2026-01-01',
      discount_end_date: '2099-12-31',
      shop_visibility: ['guest', 'partner'],
      shop_visibility_label: 'Guest Visitors, Partner',
      is_featured: true,
      stock_quantity: 7,
      low_stock_threshold: 3,
      stock_status: 'in_stock',
      is_free_shipping: true,
      is_cash_on_delivery: true,
      shipping_days: 4,
      seo: { title: 'Chair', description: 'Sit well', image_id: seoImage.id, robots: 'index,follow' },
      thumbnail_id: thumb.id,
      thumbnail: { id: thumb.id, name: 'thumb.png' },
      gallery_images: [{ id: photo.id, name: 'gallery.png' }],
      variations: [],
      min_variant_price: null,
      max_variant_price: null,
      has_price_range: false,
      // The product's own 10 % off, through the pricing engine.
      discount_data: { has_discount: true, final_price: 44.91, original_price: 49.9, source: 'product' },
      total_discount_percentage: 10,
    });
    expect(product.seo.image).toMatchObject({ id: seoImage.id });
    expect([...product.category_ids].sort()).toEqual([child.id, top.id].sort());
    expect(product.categories).toEqual(
      expect.arrayContaining([
        { id: top.id, name: top.name, parent_id: null },
        { id: child.id, name: child.name, parent_id: top.id },
      ]),
    );
    expect(await read(product.id)).toEqual(product);

    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.created'), eq(auditLog.subjectId, String(product.id))));
    expect(row).toMatchObject({ actorUserId: admin.user.id, subjectType: 'product' });
  });

  it('applies the defaults of spec 2 §9 to the smallest form', async () => {
    const product = await create(form());
    expect(product).toMatchObject({
      is_active: true,
      shop_visibility: ['guest'],
      low_stock_threshold: 5,
      stock_quantity: 0,
      stock_status: 'out_of_stock',
      discount_type: 'percent',
      discount_data: { has_discount: false, source: 'none', final_price: 12.5 },
    });
  });

  it('makes the slug from the name when empty, unique with -2, -3', async () => {
    const word = uniqueWord();
    const first = await create(form({ name: `Crème Brûlée & Co ${word}` }));
    const second = await create(form({ name: `Crème Brûlée & Co ${word}`, slug: '' }));
    const third = await create(form({ name: `creme brulee and co ${word}` }));
    expect([first.slug, second.slug, third.slug]).toEqual([
      `creme-brulee-and-co-${word}`,
      `creme-brulee-and-co-${word}-2`,
      `creme-brulee-and-co-${word}-3`,
    ]);
  });

  it('counts the slug of a deleted product as taken (its row stays)', async () => {
    const word = uniqueWord();
    await createProduct(db(), { name: `Old ${word}`, slug: `old-${word}`, deletedAt: new Date() });
    expect((await create(form({ name: `Old ${word}` }))).slug).toBe(`old-${word}-2`);
    expect422(await admin.post('/admin/products', form({ slug: `old-${word}` })), 'slug', M.slugTaken);
  });

  it('refuses a slug that is taken, and asks for one when the name has no letters to make it', async () => {
    const taken = await create(form());
    expect422(await admin.post('/admin/products', form({ slug: taken.slug })), 'slug', M.slugTaken);
    expect422(await admin.post('/admin/products', form({ name: '日本茶' })), 'slug', M.slugEmpty);
    expect((await create(form({ name: '日本茶', slug: `nihon-cha-${uniqueWord()}` }))).name).toBe('日本茶');
  });

  it('clears the shop visibility of an inactive product (spec 2 §4)', async () => {
    const product = await create(form({ is_active: false, shop_visibility: ['guest', 'customer'] }));
    expect(product).toMatchObject({ is_active: false, shop_visibility: [], shop_visibility_label: 'Hidden' });
  });

  it.each([
    ['name missing', { name: '' }, 'name', M.name],
    ['no name at all', { name: undefined }, 'name', M.name],
    ['negative price', { price: -1 }, 'price', M.price],
    // issue 11: a third decimal is refused, never rounded; Number()'s other readings are no numbers.
    ['a price with three decimals', { price: '12.345' }, 'price', MONEY_DECIMALS_MESSAGE],
    ['a price with three decimals as a number', { price: 12.345 }, 'price', MONEY_DECIMALS_MESSAGE],
    ['a hexadecimal price', { price: '0x10' }, 'price', M.price],
    ['a stock in hexadecimal', { stock_quantity: '0x10' }, 'stock_quantity', M.variationQty],
    ['a stock in exponent form', { stock_quantity: '1e3' }, 'stock_quantity', M.variationQty],
    ['a weight with four decimals', { weight: '1.2345' }, 'weight', M.weightDecimals],
    [
      'variable without variations',
      { is_variable_product: true, variations: [] },
      'variations',
      M.variationsRequired,
    ],
    [
      'a percent discount over 100',
      { has_discount: true, discount_type: 'percent', discount: 150 },
      'discount',
      M.percentDiscount,
    ],
    ['a discount without an amount', { has_discount: true }, 'discount', M.discountRequired],
    [
      'an end date before the start',
      { discount_start_date: '2026-05-10', discount_end_date: '2026-05-09' },
      'discount_end_date',
      M.discountDates,
    ],
    ['a malformed slug', { slug: 'Not A Slug' }, 'slug', M.slugFormat],
    ['a weight beyond the column', { weight: 10_000_000 }, 'weight', M.weight],
    ['a stock beyond the limit', { stock_quantity: 3_000_000_000 }, 'stock_quantity', M.quantityMax],
    [
      'a threshold beyond the limit',
      { low_stock_threshold: 1_000_001 },
      'low_stock_threshold',
      M.quantityMax,
    ],
    [
      'a variation quantity beyond the limit',
      { is_variable_product: true, variations: [{ variant: 'Big', price: 1, qty: 1_000_001 }] },
      'variations.0.qty',
      M.quantityMax,
    ],
    ['an unknown visibility role', { shop_visibility: ['admin'] }, 'shop_visibility.0', M.visibility],
    ['a rental without a rental price', { is_rental_product: true }, 'rental_price', M.rentalPrice],
  ] as const)('refuses %s (422)', async (_case, overrides, field, message) => {
    const response = await admin.post('/admin/products', { ...form(), ...overrides });
    expect422(response, field, message);
  });

  it('refuses ids that name nothing: brand, category, VAT, files, a supplier who is not one', async () => {
    const [top, notASupplier] = await Promise.all([category(), createUser(db(), { roles: ['customer'] })]);
    const response = await admin.post(
      '/admin/products',
      form({
        brand_id: 999_999,
        category_ids: [top.id, 999_998],
        supplier_id: notASupplier.id,
        vat_id: 999_997,
        thumbnail_id: 999_996,
        gallery_images: [999_995],
        seo: { image_id: 999_994 },
      }),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      message: M.unknownReference,
      errors: {
        brand_id: [M.unknownReference],
        category_ids: [M.unknownReference],
        supplier_id: [M.unknownReference],
        vat_id: [M.unknownReference],
        thumbnail_id: [M.unknownReference],
        gallery_images: [M.unknownReference],
        'seo.image_id': [M.unknownReference],
      },
    });
    expect422(
      await admin.post('/admin/products', form({ supplier_id: 999_993 })),
      'supplier_id',
      M.unknownReference,
    );
  });

  it('refuses unknown attribute values, colours and images on a variation, keyed by its place', async () => {
    const size = await attribute('Size', ['S']);
    const red = await color();
    const response = await admin.post(
      '/admin/products',
      form({
        is_variable_product: true,
        variations: [
          { variant: 'S', price: 1, qty: 1, attribute_values: [size.values[0]!.id], color_ids: [red.id] },
          {
            variant: 'Ghost',
            price: 1,
            qty: 1,
            attribute_values: [999_999],
            color_ids: [999_998],
            file_id: 999_997,
            gallery_images: [999_996],
          },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      'variations.1.file_id': [M.unknownReference],
      'variations.1.gallery_images': [M.unknownReference],
      'variations.1.attribute_values': [M.unknownReference],
      'variations.1.color_ids': [M.unknownReference],
    });
  });

  it('refuses variation fields the contract checks (name, price, quantity)', async () => {
    const response = await admin.post(
      '/admin/products',
      form({ is_variable_product: true, variations: [{ variant: ' ', price: -2, qty: 1.5 }] }),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toMatchObject({
      'variations.0.variant': [M.variationName],
      'variations.0.price': [M.variationPrice],
      'variations.0.qty': [M.variationQty],
    });
  });

  it('creates a variable product with 2 attributes × 2 values = 4 variations and reads it back', async () => {
    const size = await attribute('Size', ['S', 'M']);
    const colour = await attribute('Colour', ['Red', 'Blue']);
    const [red, blue, picture, extra] = await Promise.all([
      color('#ff0000'),
      color('#0000ff'),
      image(),
      image(),
    ]);
    const combos = combinations([size.values, colour.values]);
    expect(combos).toHaveLength(4);
    const variations = combos.map((combo, i) => ({
      variant: combo.map((v) => v.value).join(' / '),
      sku: i === 0 ? '' : `SKU-${i}`,
      price: 10 + i,
      qty: i + 1,
      file_id: i === 0 ? picture.id : null,
      gallery_images: i === 0 ? [extra.id] : [],
      attribute_values: combo.map((v) => v.id),
      color_ids: combo[1]!.value === 'Red' ? [red.id] : [blue.id],
      metadata: { position: i },
    }));
    const created = await create(
      form({ price: 0, is_variable_product: true, stock_quantity: 99, variations }),
    );
    expect(created).toMatchObject({
      price: 0,
      is_variable_product: true,
      // The sum of the variations' quantities, not what the form said.
      stock_quantity: 1 + 2 + 3 + 4,
      min_variant_price: 10,
      max_variant_price: 13,
      has_price_range: true,
      discount_data: { final_price: 10, original_price: 10 },
    });
    const [row] = await db().select().from(products).where(eq(products.id, created.id));
    expect(row!.stockQuantity).toBe(10);

    const product = await read(created.id);
    expect(product).toEqual(created);
    expect(product.variations.map((v) => v.variant)).toEqual(variations.map((v) => v.variant));
    const first = product.variations[0]!;
    expect(first).toMatchObject({
      variant: 'S / Red',
      sku: null,
      price: 10,
      qty: 1,
      file_id: picture.id,
      image: { id: picture.id },
      gallery_images: [{ id: extra.id }],
      color_ids: [red.id],
      colors: [{ id: red.id, name: red.name, code: '#ff0000' }],
      metadata: { position: 0 },
      discount_data: { has_discount: false, final_price: 10, source: 'none' },
    });
    expect([...first.attribute_values].sort()).toEqual([size.values[0]!.id, colour.values[0]!.id].sort());
    expect(first.attribute_data).toEqual(
      expect.arrayContaining([
        { id: size.values[0]!.id, attribute_id: size.id, attribute: size.name, value: 'S', color_code: null },
        {
          id: colour.values[0]!.id,
          attribute_id: colour.id,
          attribute: colour.name,
          value: 'Red',
          color_code: null,
        },
      ]),
    );
    expect(product.variations[3]).toMatchObject({ variant: 'M / Blue', sku: 'SKU-3', price: 13, qty: 4 });

    const attributesReply = await admin.get(`/admin/products/${created.id}/attributes`);
    expect(attributesReply.statusCode, attributesReply.body).toBe(200);
    expect((attributesReply.json() as ProductAttributesReply).data).toEqual([
      {
        id: colour.id,
        name: colour.name,
        values: [
          { id: colour.values[0]!.id, value: 'Red', color_code: null },
          { id: colour.values[1]!.id, value: 'Blue', color_code: null },
        ],
      },
      {
        id: size.id,
        name: size.name,
        values: [
          { id: size.values[0]!.id, value: 'S', color_code: null },
          { id: size.values[1]!.id, value: 'M', color_code: null },
        ],
      },
    ]);
  });

  it('prices variations with the discount rules of the one pricing engine', async () => {
    const product = await create(
      form({
        is_variable_product: true,
        variations: [
          { variant: 'Small', price: 20, qty: 1 },
          { variant: 'Large', price: 40, qty: 1 },
        ],
      }),
    );
    const [rule] = await db()
      .insert(discountRules)
      .values({ name: `Quarter off ${uniqueWord()}`, type: 'product', discountValue: '25' })
      .returning();
    await db().insert(discountRuleProducts).values({ discountRuleId: rule!.id, productId: product.id });
    const variants = await admin.get(`/api/products/${product.id}/variants`);
    expect(variants.statusCode, variants.body).toBe(200);
    const data = (variants.json() as ProductVariantsReply).data;
    expect(data.map((v) => v.discount_data)).toEqual([
      expect.objectContaining({
        final_price: 15,
        original_price: 20,
        source: 'rule',
        rule: expect.objectContaining({ id: rule!.id }),
      }),
      expect.objectContaining({ final_price: 30, original_price: 40, source: 'rule' }),
    ]);
    expect((await read(product.id)).discount_data).toMatchObject({
      final_price: 15,
      total_discount_percentage: 25,
    });
  });

  it('accepts the same flat fields as a urlencoded form, and the PUT override in it', async () => {
    const word = uniqueWord();
    const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
    const response = await admin.post(
      '/admin/products',
      `name=Stool+${word}&price=3.50&is_featured=on`,
      urlencoded,
    );
    expect(response.statusCode, response.body).toBe(201);
    const { product } = response.json() as { product: ProductReply };
    expect(product).toMatchObject({
      name: `Stool ${word}`,
      slug: `stool-${word}`,
      price: 3.5,
      is_featured: true,
    });
    const updated = await admin.post(
      `/admin/products/${product.id}`,
      `_method=PUT&name=Bench&price=4`,
      urlencoded,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().product).toMatchObject({ id: product.id, name: 'Bench', price: 4, slug: 'bench' });
  });

  it('answers 401 signed out and 403 to a customer', async () => {
    const visitor = await guest();
    const signedOut = await visitor.post('/admin/products', form());
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await customer.post('/admin/products', form())).statusCode).toBe(403);
  });

  it('answers 419 without the CSRF token', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/admin/products',
      payload: form(),
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('PUT /admin/products/:id (POST with _method=PUT)', () => {
  it('changes one variant price, removes another, adds a new one, and keeps the ids it was sent', async () => {
    const size = await attribute('Size', ['S', 'M', 'L']);
    const created = await create(
      form({
        is_variable_product: true,
        variations: size.values.slice(0, 2).map((value, i) => ({
          variant: value.value,
          price: 10,
          qty: 5,
          attribute_values: [value.id],
          sku: `V-${i}`,
        })),
      }),
    );
    const [small, medium] = created.variations;
    const response = await update(created.id, {
      ...form({ name: created.name, slug: created.slug }),
      is_variable_product: true,
      variations: [
        {
          id: small!.id,
          variant: 'S',
          price: '12.75',
          qty: 3,
          attribute_values: [size.values[0]!.id],
          sku: 'V-0',
        },
        { variant: 'L', price: 15, qty: 2, attribute_values: [size.values[2]!.id] },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { success, message, product } = response.json() as {
      success: boolean;
      message: string;
      product: ProductReply;
    };
    expect({ success, message }).toEqual({ success: true, message: M.saved });
    expect(product.variations).toHaveLength(2);
    // An existing variation's stock changes on the stock sheet, not in the form (decision 0022).
    expect(product.variations[0]).toMatchObject({
      id: small!.id,
      variant: 'S',
      price: 12.75,
      qty: 5,
      sku: 'V-0',
    });
    expect(product.variations[1]).toMatchObject({
      variant: 'L',
      price: 15,
      qty: 2,
      attribute_values: [size.values[2]!.id],
    });
    expect(product.variations[1]!.id).not.toBe(medium!.id);
    expect(product.stock_quantity).toBe(7);
    const remaining = await db()
      .select({ id: productStocks.id })
      .from(productStocks)
      .where(eq(productStocks.id, medium!.id));
    expect(remaining).toEqual([]);
    expect(await read(created.id)).toEqual(product);

    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.updated'), eq(auditLog.subjectId, String(created.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.data).toMatchObject({ variations: { added: 1, updated: 1, removed: 1 } });
  });

  it('updates the whole form: fields, categories, gallery; its own slug is not "taken"', async () => {
    const [first, second, photo, other] = await Promise.all([category(), category(), image(), image()]);
    const created = await create(
      form({ category_ids: [first.id], gallery_images: [photo.id], stock_quantity: 3 }),
    );
    const response = await update(created.id, {
      name: 'Renamed lamp',
      slug: created.slug,
      price: 20,
      category_ids: [second.id],
      gallery_images: [other.id, photo.id],
      stock_quantity: 8,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product).toMatchObject({
      name: 'Renamed lamp',
      slug: created.slug,
      price: 20,
      category_ids: [second.id],
      gallery_images: [{ id: other.id }, { id: photo.id }],
      // Not applied: an existing product's stock changes on the stock sheet (decision 0022).
      stock_quantity: 3,
    });
  });

  it('makes a new slug from the name when the slug is emptied, and accepts a real PUT too', async () => {
    const created = await create(form());
    const word = uniqueWord();
    const response = await admin.put(`/admin/products/${created.id}`, {
      name: `Desk ${word}`,
      slug: '',
      price: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product.slug).toBe(`desk-${word}`);
  });

  it('clears the visibility when the product is made inactive', async () => {
    const created = await create(form({ shop_visibility: ['customer', 'doctor'] }));
    const response = await update(created.id, {
      name: created.name,
      price: 1,
      is_active: '0',
      shop_visibility: ['customer', 'doctor'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product).toMatchObject({ is_active: false, shop_visibility: [] });
  });

  it('drops the variations of a product saved as simple, and takes its stock from the form', async () => {
    const created = await create(
      form({ is_variable_product: true, variations: [{ variant: 'One', price: 3, qty: 4 }] }),
    );
    const response = await update(created.id, {
      name: created.name,
      price: 3,
      is_variable_product: false,
      stock_quantity: 6,
      variations: created.variations.map((v) => ({
        id: v.id,
        variant: v.variant,
        price: v.price,
        qty: v.qty,
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product).toMatchObject({
      is_variable_product: false,
      variations: [],
      stock_quantity: 6,
    });
  });

  it("refuses another product's variation id, and the same id twice", async () => {
    const other = await createProduct(db(), { variants: [{ variant: 'Theirs' }] });
    const created = await create(
      form({ is_variable_product: true, variations: [{ variant: 'Mine', price: 1, qty: 1 }] }),
    );
    const mine = created.variations[0]!.id;
    const foreign = await update(created.id, {
      name: created.name,
      price: 1,
      is_variable_product: true,
      variations: [{ id: other.variants[0]!.id, variant: 'Stolen', price: 1, qty: 1 }],
    });
    expect422(foreign, 'variations.0.id', M.unknownReference);
    const twice = await update(created.id, {
      name: created.name,
      price: 1,
      is_variable_product: true,
      variations: [
        { id: mine, variant: 'Mine', price: 1, qty: 1 },
        { id: mine, variant: 'Mine again', price: 1, qty: 1 },
      ],
    });
    expect422(twice, 'variations.1.id', M.unknownReference);
    const onCreate = await admin.post(
      '/admin/products',
      form({ is_variable_product: true, variations: [{ id: mine, variant: 'Copy', price: 1, qty: 1 }] }),
    );
    expect422(onCreate, 'variations.0.id', M.unknownReference);
    // Nothing changed.
    expect((await read(created.id)).variations.map((v) => [v.id, v.variant])).toEqual([[mine, 'Mine']]);
  });

  it("refuses another product's slug", async () => {
    const [one, two] = [await create(form()), await create(form())];
    expect422(await update(two.id, { name: two.name, price: 1, slug: one.slug }), 'slug', M.slugTaken);
  });

  it('validates the whole form with the same messages', async () => {
    const created = await create(form());
    expect422(await update(created.id, { name: '', price: 1 }), 'name', M.name);
    expect422(
      await update(created.id, { name: 'x', price: 1, has_discount: true, discount: 101 }),
      'discount',
      M.percentDiscount,
    );
  });

  describe('single-field updates (spec 2 §7)', () => {
    it('sets the brand alone, leaving every other field', async () => {
      const [acme, top] = await Promise.all([brand(), category()]);
      const created = await create(form({ category_ids: [top.id], stock_quantity: 4, sku: 'KEEP' }));
      const response = await update(created.id, { brand_id: acme.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ success: true, message: M.saved });
      const after = await read(created.id);
      expect(after).toMatchObject({ brand_id: acme.id, brand: { id: acme.id, name: acme.name } });
      expect({ ...after, brand_id: null, brand: null, updated_at: '' }).toEqual({
        ...created,
        updated_at: '',
      });
      // null clears it.
      expect((await update(created.id, { brand_id: null })).json().product.brand_id).toBeNull();
    });

    it('sets the VAT rate alone', async () => {
      const rate = await vat();
      const created = await create(form());
      const response = await update(created.id, { vat_id: String(rate.id) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().product).toMatchObject({
        vat_id: rate.id,
        vat_info: { type: 'percentage', rate: 15 },
      });
    });

    it('sets the supplier alone, only to a user with the supplier role', async () => {
      const [maker, notASupplier] = await Promise.all([supplier(), createUser(db(), { roles: ['partner'] })]);
      const created = await create(form());
      const response = await update(created.id, { supplier_id: maker.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().product).toMatchObject({ supplier_id: maker.id, supplier: { id: maker.id } });
      expect422(
        await update(created.id, { supplier_id: notASupplier.id }),
        'supplier_id',
        M.unknownReference,
      );
      expect((await read(created.id)).supplier_id).toBe(maker.id);
    });

    it('refuses an unknown brand or VAT rate', async () => {
      const created = await create(form());
      expect422(await update(created.id, { brand_id: 999_999 }), 'brand_id', M.unknownReference);
      expect422(await update(created.id, { vat_id: 999_999 }), 'vat_id', M.unknownReference);
    });

    it('treats a body with more than one field as the whole form', async () => {
      const created = await create(form());
      const acme = await brand();
      expect422(await update(created.id, { brand_id: acme.id, vat_id: null }), 'name', M.name);
    });
  });

  it('answers 404 for a missing, deleted or non-numeric product', async () => {
    const gone = await deletedProduct();
    for (const id of ['999999', String(gone.id), 'abc']) {
      expect((await update(id, form())).statusCode, id).toBe(404);
      expect((await update(id, { brand_id: null })).statusCode, id).toBe(404);
    }
  });

  it('answers 401 signed out and 403 to a customer', async () => {
    const created = await create(form());
    expect((await update(created.id, form(), await guest())).statusCode).toBe(401);
    expect((await update(created.id, form(), customer)).statusCode).toBe(403);
    expect((await update(created.id, { brand_id: null }, customer)).statusCode).toBe(403);
  });
});

describe('GET /api/products/:id', () => {
  it('answers 404 for a missing, deleted or non-numeric product', async () => {
    const gone = await deletedProduct();
    for (const id of ['999999', String(gone.id), 'abc', '0']) {
      const response = await admin.get(`/api/products/${id}`);
      expect(response.statusCode, id).toBe(404);
    }
  });

  it('answers 401 signed out and 403 to a customer', async () => {
    const product = await createProduct(db());
    expect((await t.agent().get(`/api/products/${product.id}`)).statusCode).toBe(401);
    expect((await customer.get(`/api/products/${product.id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/products/:id/variants and /admin/products/:id/variants', () => {
  it('answers the variations, the same on both URLs', async () => {
    const created = await create(
      form({
        is_variable_product: true,
        variations: [
          { variant: 'A', price: 5, qty: 1 },
          { variant: 'B', price: 6, qty: 2 },
        ],
      }),
    );
    const api = await admin.get(`/api/products/${created.id}/variants`);
    const fallback = await admin.get(`/admin/products/${created.id}/variants`);
    expect(api.statusCode, api.body).toBe(200);
    expect(fallback.statusCode, fallback.body).toBe(200);
    expect(api.json()).toEqual({ data: created.variations });
    expect(fallback.json()).toEqual(api.json());
  });

  it('answers an empty list for a simple product', async () => {
    const product = await createProduct(db());
    expect((await admin.get(`/api/products/${product.id}/variants`)).json()).toEqual({ data: [] });
  });

  it.each(['/api/products', '/admin/products'])('%s/:id/variants: 404, 401, 403', async (prefix) => {
    const gone = await deletedProduct();
    for (const id of ['999999', String(gone.id), 'abc']) {
      expect((await admin.get(`${prefix}/${id}/variants`)).statusCode, id).toBe(404);
    }
    const product = await createProduct(db());
    expect((await t.agent().get(`${prefix}/${product.id}/variants`)).statusCode).toBe(401);
    expect((await customer.get(`${prefix}/${product.id}/variants`)).statusCode).toBe(403);
  });
});

describe('GET /admin/products/:id/attributes', () => {
  it('answers an empty list for a product whose variations use no attribute', async () => {
    const product = await createProduct(db(), { variants: [{ variant: 'Plain' }] });
    const response = await admin.get(`/admin/products/${product.id}/attributes`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('answers 404, 401 and 403', async () => {
    const gone = await deletedProduct();
    for (const id of ['999999', String(gone.id), 'abc']) {
      expect((await admin.get(`/admin/products/${id}/attributes`)).statusCode, id).toBe(404);
    }
    const product = await createProduct(db());
    expect((await t.agent().get(`/admin/products/${product.id}/attributes`)).statusCode).toBe(401);
    expect((await customer.get(`/admin/products/${product.id}/attributes`)).statusCode).toBe(403);
  });
});

describe('POST /api/products/:id/reorder-images', () => {
  it('makes the first image the thumbnail and the rest the gallery, in order', async () => {
    const [a, b, c] = await Promise.all([image('a.png'), image('b.png'), image('c.png')]);
    const created = await create(form({ thumbnail_id: a.id, gallery_images: [b.id, c.id] }));
    const response = await admin.post(`/api/products/${created.id}/reorder-images`, {
      image_order: [c.id, a.id, b.id, a.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: M.imagesReordered,
      thumbnail_id: c.id,
      gallery_images: [a.id, b.id],
    });
    const product = await read(created.id);
    expect(product.thumbnail_id).toBe(c.id);
    expect(product.gallery_images.map((f) => f.id)).toEqual([a.id, b.id]);
    const rows = await db().select().from(productImages).where(eq(productImages.productId, created.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses an empty order and unknown images (422)', async () => {
    const [a] = await Promise.all([image()]);
    const created = await create(form({ thumbnail_id: a!.id }));
    expect422(
      await admin.post(`/api/products/${created.id}/reorder-images`, { image_order: [] }),
      'image_order',
      'Send the images in their new order.',
    );
    expect422(
      await admin.post(`/api/products/${created.id}/reorder-images`, { image_order: [a!.id, 999_999] }),
      'image_order',
      M.unknownReference,
    );
    expect((await read(created.id)).thumbnail_id).toBe(a!.id);
  });

  it('answers 404, 401 and 403', async () => {
    const [a] = await Promise.all([image()]);
    const gone = await deletedProduct();
    for (const id of ['999999', String(gone.id), 'abc']) {
      const response = await admin.post(`/api/products/${id}/reorder-images`, { image_order: [a!.id] });
      expect(response.statusCode, id).toBe(404);
    }
    const product = await createProduct(db());
    const url = `/api/products/${product.id}/reorder-images`;
    expect((await (await guest()).post(url, { image_order: [a!.id] })).statusCode).toBe(401);
    expect((await customer.post(url, { image_order: [a!.id] })).statusCode).toBe(403);
  });
});

describe('the product form and stock (decision 0022: every change goes through the stock service)', () => {
  const movementsOf = (productId: number) =>
    db()
      .select({
        variantId: stockMovements.variantId,
        reason: stockMovements.reason,
        type: stockMovements.movementType,
        before: stockMovements.quantityBefore,
        after: stockMovements.quantityAfter,
        userId: stockMovements.userId,
      })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
      .orderBy(asc(stockMovements.id));

  it('gives a new simple product its quantity as initial stock, with one movement by the user', async () => {
    const created = await create(form({ stock_quantity: 4 }));
    expect(created.stock_quantity).toBe(4);
    expect(await movementsOf(created.id)).toEqual([
      {
        variantId: null,
        reason: 'initial_stock',
        type: 'increase',
        before: 0,
        after: 4,
        userId: admin.user.id,
      },
    ]);
    const untouched = await create(form({ stock_quantity: 0 }));
    expect(await movementsOf(untouched.id)).toEqual([]);
  });

  it("records new variations as initial stock and takes a removed variation's stock out", async () => {
    const size = await attribute('Size', ['S', 'M', 'L']);
    const created = await create(
      form({
        is_variable_product: true,
        variations: size.values.slice(0, 2).map((value) => ({
          variant: value.value,
          price: 10,
          qty: value.value === 'S' ? 6 : 2,
          attribute_values: [value.id],
        })),
      }),
    );
    expect(created.stock_quantity).toBe(8);
    const [small] = created.variations;
    const response = await update(created.id, {
      ...form({ name: created.name, slug: created.slug }),
      is_variable_product: true,
      variations: [
        { id: small!.id, variant: 'S', price: 10, qty: 99, attribute_values: [size.values[0]!.id] },
        { variant: 'L', price: 10, qty: 3, attribute_values: [size.values[2]!.id] },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const product = response.json().product as ProductReply;
    const large = product.variations[1]!;
    expect(product.variations.map((v) => v.qty)).toEqual([6, 3]);
    expect(product.stock_quantity).toBe(9);
    expect(await movementsOf(created.id)).toEqual([
      {
        variantId: small!.id,
        reason: 'initial_stock',
        type: 'increase',
        before: 0,
        after: 6,
        userId: admin.user.id,
      },
      // The removed variation's movements keep their history; its variant id is cleared with the row.
      {
        variantId: null,
        reason: 'initial_stock',
        type: 'increase',
        before: 0,
        after: 2,
        userId: admin.user.id,
      },
      {
        variantId: null,
        reason: 'stock_adjustment',
        type: 'decrease',
        before: 2,
        after: 0,
        userId: admin.user.id,
      },
      {
        variantId: large.id,
        reason: 'initial_stock',
        type: 'increase',
        before: 0,
        after: 3,
        userId: admin.user.id,
      },
    ]);
  });

  it("takes a simple product's own stock out when it becomes variable, and back in when it is simple again", async () => {
    const size = await attribute('Size', ['S']);
    const created = await create(form({ stock_quantity: 5 }));
    const variable = await update(created.id, {
      ...form({ name: created.name, slug: created.slug }),
      is_variable_product: true,
      variations: [{ variant: 'S', price: 10, qty: 2, attribute_values: [size.values[0]!.id] }],
    });
    expect(variable.statusCode, variable.body).toBe(200);
    expect(variable.json().product.stock_quantity).toBe(2);
    const simple = await update(created.id, {
      ...form({ name: created.name, slug: created.slug }),
      is_variable_product: false,
      stock_quantity: 7,
    });
    expect(simple.statusCode, simple.body).toBe(200);
    expect(simple.json().product.stock_quantity).toBe(7);
    const [row] = await db()
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, created.id));
    expect(row!.stock).toBe(7);
    expect((await movementsOf(created.id)).map((m) => [m.reason, m.before, m.after])).toEqual([
      ['initial_stock', 0, 5],
      ['stock_adjustment', 5, 0],
      ['initial_stock', 0, 2],
      ['stock_adjustment', 2, 0],
      ['initial_stock', 0, 7],
    ]);
  });
});
