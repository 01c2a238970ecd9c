import { eq, sql as sqlText } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopListView, ShopProductDetail } from '../../../contracts/shop-catalogue';
import { createProduct } from '../../../test/factories';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp, withSourceRenderer } from '../../../test/test-app';
import { setSettings } from '../../platform/settings/settings-store';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  colors,
  productStockAttributeValues,
  productStockColors,
  products,
} from '../catalogue/catalogue.tables';

/**
 * The storefront catalogue (issue 14): listing, category pages, filters, the product page and its
 * data, SEO and sitemap. The app renders with the storefront's real server renderer (the source
 * entry, loaded by the test runner), so the HTML is what a browser gets before any script runs.
 */
let t: TestApp;
let guest: Agent;
let customer: Agent;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

/** A browser navigation. */
const open = (agent: Agent, url: string) =>
  agent.request({ method: 'GET', url, headers: { accept: 'text/html', 'x-requested-with': '' } });

/** The page's JSON data block: what the page hydrates from. */
function dataOf<T>(body: string): T {
  const json = /<script type="application\/json" id="shop-data">(.*?)<\/script>/s.exec(body)?.[1];
  if (!json) throw new Error('no shop-data block');
  return JSON.parse(json) as T;
}
const listing = (body: string) => dataOf<{ props: ShopListView }>(body).props;
const names = (body: string) => listing(body).products.map((p) => p.name);

beforeAll(async () => {
  t = await createTestApp({ prepareDist: withSourceRenderer });
  const db = t.ctx.db;
  const [home] = await db.insert(categories).values({ name: 'Home', slug: 'home-cat' }).returning();
  const [lamps] = await db
    .insert(categories)
    .values({ name: 'Lamps', slug: 'lamps', parentId: home!.id, description: 'Lamps for every room.' })
    .returning();
  const [garden] = await db.insert(categories).values({ name: 'Garden', slug: 'garden' }).returning();
  await db.insert(categories).values({ name: 'Closed', slug: 'closed', isActive: false });
  const [acme] = await db.insert(brands).values({ name: 'Acme', slug: 'acme' }).returning();
  const [red, blue] = await db
    .insert(colors)
    .values([
      { name: 'Red', code: '#ff0000' },
      { name: 'Blue', code: '#0000ff' },
    ])
    .returning();
  const [size] = await db.insert(attributes).values({ name: 'Size' }).returning();
  const [small, medium] = await db
    .insert(attributeValues)
    .values([
      { attributeId: size!.id, value: 'S', sortOrder: 0 },
      { attributeId: size!.id, value: 'M', sortOrder: 1 },
    ])
    .returning();

  const lamp = await createProduct(db, {
    name: 'Brass lamp',
    price: '40.00',
    stockQuantity: 3,
    brandId: acme!.id,
    categoryIds: [lamps!.id],
    isFeatured: true,
    enableSeoFeatures: true,
    seoTitle: 'The brass lamp',
    seoDescription: 'A warm brass lamp for reading.',
  });
  const shirt = await createProduct(db, {
    name: 'Linen shirt',
    price: '30.00',
    categoryIds: [home!.id],
    hasDiscount: true,
    discountType: 'percent',
    discount: '10',
    variants: [
      { variant: 'Red / S', price: '30.00', qty: 4 },
      { variant: 'Red / M', price: '32.00', qty: 0 },
      { variant: 'Blue / S', price: '45.00', qty: 9 },
    ],
  });
  const [redS, redM, blueS] = shirt.variants;
  await db.insert(productStockColors).values([
    { productStockId: redS!.id, colorId: red!.id },
    { productStockId: redM!.id, colorId: red!.id },
    { productStockId: blueS!.id, colorId: blue!.id },
  ]);
  await db.insert(productStockAttributeValues).values([
    { productStockId: redS!.id, attributeValueId: small!.id },
    { productStockId: redM!.id, attributeValueId: medium!.id },
    { productStockId: blueS!.id, attributeValueId: small!.id },
  ]);
  const hidden = await createProduct(db, {
    name: 'Members rake',
    shopVisibility: ['customer'],
    stockQuantity: 5,
  });
  const inactive = await createProduct(db, { name: 'Retired spade', isActive: false, stockQuantity: 5 });
  const soldOut = await createProduct(db, {
    name: 'Sold-out hose',
    categoryIds: [garden!.id],
    stockQuantity: 0,
  });
  for (let i = 1; i <= 12; i++)
    await createProduct(db, {
      name: `Garden pot ${String(i).padStart(2, '0')}`,
      price: '5.00',
      stockQuantity: 20,
    });
  Object.assign(ids, {
    lamp: lamp.id,
    shirt: shirt.id,
    hidden: hidden.id,
    inactive: inactive.id,
    soldOut: soldOut.id,
    red: red!.id,
  });
  Object.assign(slugs, { lamp: lamp.slug, shirt: shirt.slug, hidden: hidden.slug, inactive: inactive.slug });
  guest = t.agent();
  customer = await t.signedIn(['customer']);
});
afterAll(() => t.close());

describe('GET /products (spec 3 §2)', () => {
  it('lists what guests may see, 12 a page, with the hidden page metadata', async () => {
    const response = await open(guest, '/products');
    expect(response.statusCode).toBe(200);
    const view = listing(response.body);
    expect(view.total).toBe(15);
    expect(view.products).toHaveLength(12);
    expect(view.last_page).toBe(2);
    expect(response.body).toMatch(/data-current-page="1" data-last-page="2"/);
    const all = [...names(response.body), ...names((await open(guest, '/products?page=2')).body)];
    expect(all).toContain('Brass lamp');
    expect(all).not.toContain('Members rake');
    expect(all).not.toContain('Retired spade');
    expect((await open(guest, '/products?page=2')).body).toMatch(/data-current-page="2" data-last-page="2"/);
  });

  it('counts afresh whenever who may see a product changes (the total is kept per reference version)', async () => {
    const total = async (agent: Agent) => listing((await open(agent, '/products?page=2')).body).total;
    expect(await total(guest)).toBe(15);
    expect(await total(customer)).toBe(16);
    // Shown to guests too, then switched off, then back: every change reaches both roles' totals.
    await t.ctx.db
      .update(products)
      .set({ shopVisibility: ['customer', 'guest'] })
      .where(eq(products.id, ids.hidden!));
    expect(await total(guest)).toBe(16);
    await t.ctx.db.update(products).set({ isActive: false }).where(eq(products.id, ids.hidden!));
    expect([await total(guest), await total(customer)]).toEqual([15, 15]);
    await t.ctx.db
      .update(products)
      .set({ isActive: true, shopVisibility: ['customer'] })
      .where(eq(products.id, ids.hidden!));
    expect([await total(guest), await total(customer)]).toEqual([15, 16]);
  });

  it('shows a customer what their role may see too', async () => {
    const response = await open(customer, '/products?search=rake');
    expect(names(response.body)).toEqual(['Members rake']);
  });

  it('prices with the pricing engine: the discounted "from" price of the cheapest variant', async () => {
    const shirt = listing((await open(guest, '/products?search=linen')).body).products[0]!;
    expect(shirt.discount_data).toMatchObject({ has_discount: true, original_price: 30, final_price: 27 });
    expect(shirt.has_price_range).toBe(true);
    expect(shirt.colors.map((c) => c.name)).toEqual(['Blue', 'Red']);
  });

  it.each([
    ['sort=price_asc', (n: string[]) => n[0]!.startsWith('Garden pot')],
    ['sort=price_desc', (n: string[]) => n[0] === 'Brass lamp' && n[1] === 'Linen shirt'],
    ['sort=name', (n: string[]) => n[0] === 'Brass lamp'],
  ])('sorts by %s', async (query, check) => {
    expect(check(names((await open(guest, `/products?${query}`)).body))).toBe(true);
  });

  it.each([
    ['category=home-cat', ['Linen shirt', 'Brass lamp']],
    ['brand=acme', ['Brass lamp']],
    ['color=RED', null],
    ['min_price=35&max_price=50', ['Brass lamp']],
    ['search=brass', ['Brass lamp']],
    ['category=garden&in_stock=1', []],
    ['category=garden', ['Sold-out hose']],
    ['category=nothing-here', []],
    ['brand=&color=&min_price=&max_price=&search=&sort=', null],
  ])('filters by %s', async (query, expected) => {
    const response = await open(guest, `/products?${query}`);
    if (expected === null) {
      expect(response.statusCode).toBe(query.startsWith('color=RED') ? 422 : 200);
      return;
    }
    expect(response.statusCode).toBe(200);
    expect(names(response.body)).toEqual(expected);
  });

  it('filters by colour id', async () => {
    expect(names((await open(guest, `/products?color=${ids.red}`)).body)).toEqual(['Linen shirt']);
  });

  it('leaves out products without stock when the stock settings say hide', async () => {
    await setSettings(t.ctx.db, { out_of_stock_behavior: 'hide' });
    try {
      expect(names((await open(guest, '/products?category=garden')).body)).toEqual([]);
    } finally {
      await setSettings(t.ctx.db, { out_of_stock_behavior: 'show_disabled' });
    }
  });

  it.each([
    'page=abc',
    'page=0',
    'sort=cheapest',
    'min_price=-1',
    'min_price=1.234',
    'min_price=20&max_price=10',
    'color=0',
    'in_stock=yes',
    'category=Not%20A%20Slug',
  ])('refuses ?%s with 422, never 500', async (query) => {
    const response = await guest.get(`/products?${query}`);
    expect(response.statusCode).toBe(422);
  });
});

describe('category pages', () => {
  it('shows the category and its children’s products', async () => {
    const response = await open(guest, '/category/home-cat');
    expect(response.statusCode).toBe(200);
    const view = listing(response.body);
    expect(view.category?.name).toBe('Home');
    expect(view.path).toBe('/category/home-cat');
    expect(view.products.map((p) => p.name).sort()).toEqual(['Brass lamp', 'Linen shirt']);
    expect(response.body).toContain('<link rel="canonical" href="http://localhost:0/category/home-cat" />');
    expect(response.body).toContain('<meta name="description" content="Home at Emporium: 2 products." />');
  });

  it.each(['/category/unknown', '/category/closed'])('%s is 404', async (url) => {
    expect((await open(guest, url)).statusCode).toBe(404);
  });
});

describe('the product page (spec 3 §2, §4)', () => {
  it('is served under /products/{slug} and /product/{slug}, server-rendered with its SEO', async () => {
    for (const url of [`/products/${slugs.lamp}`, `/product/${slugs.lamp}`]) {
      const response = await open(guest, url);
      expect(response.statusCode, url).toBe(200);
      const html = response.body;
      // Before any script: the name and price in the rendered HTML, the JSON-LD in the head.
      const firstScript = html.search(/<script(?! type="application\/(ld\+json|json)")/);
      const before = firstScript === -1 ? html : html.slice(0, firstScript);
      expect(before).toMatch(/<h1[^>]*>Brass lamp<\/h1>/);
      expect(before).toContain('$40.00');
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(before)?.[1];
      expect(JSON.parse(jsonLd!)).toMatchObject({
        '@type': 'Product',
        name: 'Brass lamp',
        brand: { '@type': 'Brand', name: 'Acme' },
        offers: {
          '@type': 'Offer',
          price: '40.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      });
      expect(html).toContain('<title>The brass lamp · Emporium</title>');
      expect(html).toContain('<meta name="description" content="A warm brass lamp for reading." />');
      expect(html).toContain('<meta property="og:title" content="The brass lamp" />');
      expect(html).toContain('<meta property="og:type" content="product" />');
      expect(html).toContain('<meta name="robots" content="index, follow" />');
      expect(html).toContain(`<link rel="canonical" href="http://localhost:0/products/${slugs.lamp}" />`);
      expect(html).toContain('Only 3 left');
    }
  });

  it('shows the stock as the stock settings say', async () => {
    await setSettings(t.ctx.db, { show_low_stock_warning: false, show_stock_quantities: false });
    try {
      const html = (await open(guest, `/products/${slugs.lamp}`)).body;
      expect(html).not.toContain('Only 3 left');
      expect(html).toContain('In stock');
    } finally {
      await setSettings(t.ctx.db, { show_low_stock_warning: true, show_stock_quantities: true });
    }
  });

  it('is 404 for unknown, inactive and hidden products, and the hidden one opens for its role', async () => {
    for (const slug of ['no-such-product', slugs.inactive, slugs.hidden])
      expect((await open(guest, `/products/${slug}`)).statusCode, slug).toBe(404);
    expect((await open(customer, `/products/${slugs.hidden}`)).statusCode).toBe(200);
  });
});

describe('GET /api/public/products/{id} (spec 3 §7)', () => {
  it('answers the product, its attribute values, colours, variants by colour and gallery', async () => {
    const response = await guest.get(`/api/public/products/${ids.shirt}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as ShopProductDetail;
    expect(Object.keys(body).sort()).toEqual(
      [
        'attributeIds',
        'attributeValues',
        'colors',
        'galleryImages',
        'product',
        'variantsByColor',
        'variantsWithoutColors',
      ].sort(),
    );
    expect(body.product).toMatchObject({
      name: 'Linen shirt',
      is_variable_product: true,
      min_variant_price: 30,
      max_variant_price: 45,
      low_stock_threshold: 5,
      stock_quantity: 13,
      is_out_of_stock: false,
      discount_data: { has_discount: true, final_price: 27, original_price: 30 },
    });
    expect(body.product.productStocks.map((v) => [v.price, v.qty, v.discount_data.final_price])).toEqual([
      [30, 4, 27],
      [32, 0, 28.8],
      [45, 9, 40.5],
    ]);
    expect(body.colors.map((c) => c.name)).toEqual(['Blue', 'Red']);
    expect(body.variantsByColor[String(ids.red)]!.map((v) => v.variant)).toEqual(['Red / S', 'Red / M']);
    expect(body.variantsWithoutColors).toEqual([]);
    expect(body.attributeValues.map((a) => `${a.attribute}:${a.value}`).sort()).toEqual(['Size:M', 'Size:S']);
    expect(body.attributeIds).toHaveLength(1);
    expect(body.product.productStocks[0]!.attribute_data[0]).toMatchObject({ attribute: 'Size', value: 'S' });
    expect(body.galleryImages).toEqual({ product: [], variants: expect.any(Object) });
  });

  it('is 404 for hidden, inactive, unknown and impossible ids; the role that may see it gets it', async () => {
    for (const id of [ids.hidden, ids.inactive, 2147483000, 'abc'])
      expect((await guest.get(`/api/public/products/${id}`)).statusCode, String(id)).toBe(404);
    expect((await customer.get(`/api/public/products/${ids.hidden}`)).statusCode).toBe(200);
  });
});

describe('the home page', () => {
  it('shows featured products under the slider, and the menu’s active items', async () => {
    const response = await open(guest, '/');
    expect(response.statusCode).toBe(200);
    const doc = dataOf<{ props: { featured: { name: string }[] } }>(response.body);
    expect(doc.props.featured.map((p) => p.name)).toEqual(['Brass lamp']);
    expect(response.body).toContain('Featured products');
    expect(response.body).toContain('<meta property="og:type" content="website" />');
  });
});

describe('sitemap and robots', () => {
  it('lists the pages guests may see', async () => {
    const response = await guest.get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain(`<loc>http://localhost:0/products/${slugs.lamp}</loc>`);
    expect(response.body).toContain('<loc>http://localhost:0/category/lamps</loc>');
    expect(response.body).not.toContain(slugs.hidden);
    expect(response.body).not.toContain(slugs.inactive);
    expect(response.body).not.toContain('/category/closed');
  });

  it('robots.txt keeps crawlers out of the back office and points at the sitemap', async () => {
    const response = await guest.get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain('Sitemap: http://localhost:0/sitemap.xml');
  });
});

describe('pages without SEO', () => {
  it('ask not to be indexed', async () => {
    expect((await open(guest, '/login')).body).toContain(
      '<meta name="robots" content="noindex, nofollow" />',
    );
  });
});

it('a product deleted later is gone from the shop', async () => {
  const { products } = await import('../catalogue/catalogue.tables');
  const gone = await createProduct(t.ctx.db, { name: 'Gone vase', stockQuantity: 1 });
  await t.ctx.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.id));
  expect((await open(guest, `/products/${gone.slug}`)).statusCode).toBe(404);
});

it('counts a category page afresh whenever its products change (its total is kept per reference version, decision 0110)', async () => {
  const db = t.ctx.db;
  const [tools] = await db.insert(categories).values({ name: 'Tools', slug: 'tools' }).returning();
  const made = [];
  for (let i = 1; i <= 13; i++)
    made.push(await createProduct(db, { name: `Tool ${i}`, categoryIds: [tools!.id], stockQuantity: 2 }));
  const total = async (agent: Agent) => listing((await open(agent, '/category/tools?page=2')).body).total;
  expect([await total(guest), await total(customer)]).toEqual([13, 13]);
  // Each change by plain SQL, as a script or another process would make it.
  await db.execute(
    sqlText`insert into product_categories (product_id, category_id) values (${ids.lamp}, ${tools!.id})`,
  );
  expect(await total(guest)).toBe(14);
  // A product hidden from guests counts for the customer only.
  await db.execute(
    sqlText`insert into product_categories (product_id, category_id) values (${ids.hidden}, ${tools!.id})`,
  );
  expect([await total(guest), await total(customer)]).toEqual([14, 15]);
  await db.execute(
    sqlText`delete from product_categories where product_id = ${ids.lamp} and category_id = ${tools!.id}`,
  );
  expect([await total(guest), await total(customer)]).toEqual([13, 14]);
  // A child category's products are the parent's too.
  await db.execute(sqlText`with child as (
      insert into categories (name, slug, parent_id) values ('Spanners', 'spanners', ${tools!.id}) returning id)
    insert into product_categories (product_id, category_id) select ${ids.shirt}, id from child`);
  expect(await total(guest)).toBe(14);
  await db.execute(sqlText`update products set is_active = false where id = ${made[0]!.id}`);
  expect([await total(guest), await total(customer)]).toEqual([13, 14]);
  // The pages agree with the total.
  const first = listing((await open(guest, '/category/tools')).body);
  const second = listing((await open(guest, '/category/tools?page=2')).body);
  expect(first.products.length + second.products.length).toBe(13);
  expect(first.last_page).toBe(2);
});
