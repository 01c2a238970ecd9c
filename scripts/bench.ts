/**
 * `npm run bench`: starts the real server on a large seeded shop and measures requests per second
 * with autocannon. Each hot read is measured beside its limit, a bare prepared query returning the
 * same rows, served in the same run from the same database by a minimal HTTP server that runs only
 * that SQL (issue 13); the ratio app/bare is what compares across machines. The table is printed
 * and written to docs/benchmarks.md as a new dated section (`--no-write` to skip).
 * Uses PostgreSQL when DATABASE_URL is set (the database it names, seeded in place: give it a
 * database of its own), else a fresh embedded database in a temporary folder.
 *   npm run bench -- --users 50000 --products 20000 --orders 50000 --seconds 5 [--hot-only]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/platform/db/database';
import { prepareDatabase } from '../src/server/prepare-database';
import { seedDemo } from '../src/server/seed-demo';
import { build, isBuildStale } from './build';
import { seedLargeShop } from './seed-large';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const users = arg('users', 50_000);
const products = arg('products', 20_000);
const orders = arg('orders', 50_000);
const seconds = arg('seconds', 5);
const connections = arg('connections', 10);
const hotOnly = process.argv.includes('--hot-only');
const write = !process.argv.includes('--no-write');

process.env.NODE_ENV ??= 'production';
if (isBuildStale()) build();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'emporium-bench-'));
const config = {
  ...loadConfig({ ...process.env, EMPORIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  port: 0,
};
const database = await openDatabase(config);
await prepareDatabase(database);
const { app, ctx } = await buildApp({ config, database, requireWebBuild: true });
await seedDemo(ctx);
console.log(`Seeding ${users} users, ${products} products and ${orders} orders on ${database.kind}…`);
await seedLargeShop(database.db, { users, products, orders });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

// A returning guest (their session exists) and the demo admin, to measure admin lists.
const visitorPage = await fetch(`${base}/login`);
const visitorCookie = (visitorPage.headers.get('set-cookie') ?? '').split(';')[0]!;
const loginPage = await fetch(`${base}/login`);
const guestCookie = (loginPage.headers.get('set-cookie') ?? '').split(';')[0]!;
const token = /name="csrf-token" content="([^"]+)"/.exec(await loginPage.text())![1]!;
const login = await fetch(`${base}/login`, {
  method: 'POST',
  headers: {
    cookie: guestCookie,
    'x-csrf-token': token,
    'content-type': 'application/json',
    accept: 'application/json',
  },
  body: JSON.stringify({ email: 'admin@demo.test', password: config.demoPassword }),
});
const adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

const [bulkProduct] = (
  (await database.db.execute(sql`select id from products where slug = 'bulk-product-1'`)) as unknown as {
    rows: { id: number }[];
  }
).rows;
const [bulkShop] = (
  (await database.db.execute(sql`select id from store_locations where code = 'BS'`)) as unknown as {
    rows: { id: number }[];
  }
).rows;

const [bulkOrder] = (
  (await database.db.execute(sql`select id from orders where order_code = 'BLK-00000100'`)) as unknown as {
    rows: { id: number }[];
  }
).rows;

const [variableProduct] = (
  (await database.db.execute(sql`select id from products where slug = 'bulk-product-3'`)) as unknown as {
    rows: { id: number }[];
  }
).rows;

/**
 * The limit of each hot read: a bare prepared query returning the same rows (the same page, its
 * total as the list reads it, the product with its categories and variations), served by a
 * minimal HTTP server: no session, no permission check, no presenter.
 */
const SEARCH_TEXT = `(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || u.email || ' ' || coalesce(u.phone, '') || ' ' || coalesce(u.mobile, '') || ' ' || coalesce(u.company_name, ''))`;
const bareQueries: Record<string, { text: string; values: unknown[] }> = {
  product: {
    text: `select p.*,
      (select coalesce(json_agg(c.* order by c.name, c.id), '[]') from product_categories pc
        join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories,
      (select coalesce(json_agg(s.* order by s.sort_order, s.id), '[]') from product_stocks s
        where s.product_id = p.id) as variations
      from products p where p.id = $1 and p.deleted_at is null`,
    values: [variableProduct!.id],
  },
  shopProduct: {
    text: `select p.*,
      (select coalesce(json_agg(c.* order by c.name, c.id), '[]') from product_categories pc
        join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories,
      (select coalesce(json_agg(s.* order by s.sort_order, s.id), '[]') from product_stocks s
        where s.product_id = p.id) as variations
      from products p where p.slug = $1 and p.deleted_at is null and p.is_active
        and p.shop_visibility && array['guest']::text[]`,
    values: ['bulk-product-3'],
  },
  products: {
    text: `select p.id, p.name, p.slug, p.sku, p.price, p.list_price, p.is_active, p.stock_quantity,
        p.created_at, b.name as brand, (select count from row_counts where name = 'products') as total
      from products p left join brands b on b.id = p.brand_id
      where p.deleted_at is null order by p.created_at desc, p.id desc limit $1`,
    values: [15],
  },
  orders: {
    text: `select o.id, o.order_code, o.customer_first_name, o.customer_last_name, o.customer_email,
        o.order_from, o.delivery_status, o.payment_status, o.grand_total, o.amount_paid, o.currency_code,
        o.created_at, (select count(*) from order_items i where i.order_id = o.id) as items_count,
        (select count from row_counts where name = 'orders') as total
      from orders o where o.deleted_at is null order by o.created_at desc, o.id desc limit $1`,
    values: [10],
  },
  sheet: {
    text: `select p.id, p.name, p.sku, p.stock_quantity, p.low_stock_threshold,
        (select coalesce(json_agg(json_build_object('id', s.id, 'variant', s.variant, 'qty', s.qty)
          order by s.sort_order, s.id), '[]') from product_stocks s where s.product_id = p.id) as variants,
        (select coalesce(json_agg(json_build_object('location', ls.store_location_id, 'quantity', ls.quantity)), '[]')
          from location_stocks ls where ls.product_id = p.id) as placements,
        (select count from row_counts where name = 'products') as total
      from products p where p.deleted_at is null order by p.name, p.id limit $1`,
    values: [15],
  },
  customers: {
    text: `select u.id, u.email, u.first_name, u.last_name, u.phone, u.company_name from users u
      where ${SEARCH_TEXT} ilike $1
        and exists (select 1 from user_roles ur where ur.user_id = u.id)
        and not exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
          where ur.user_id = u.id)
      order by u.first_name, u.last_name, u.id limit 20`,
    values: ['%naidoo 12%'],
  },
};
const bareServer = Fastify();
for (const [key, query] of Object.entries(bareQueries)) {
  bareServer.get(`/bare/${key}`, async () =>
    database.kind === 'pglite'
      ? (await database.pglite!.query(query.text, query.values)).rows
      : (await database.pool!.query({ name: `bare_${key}`, text: query.text, values: query.values })).rows,
  );
}
await bareServer.listen({ port: 0, host: '127.0.0.1' });
const bareBase = `http://127.0.0.1:${(bareServer.server.address() as { port: number }).port}`;

type Case = { name: string; path: string; cookie: string; bare?: string };
const cases: Case[] = [
  { name: 'GET /healthz (liveness, no session)', path: '/healthz', cookie: '' },
  {
    name: 'GET /api/products/{id} of a variable product (admin)',
    path: `/api/products/${variableProduct!.id}`,
    cookie: adminCookie,
    bare: 'product',
  },
  { name: 'GET /api/currencies/default', path: '/api/currencies/default', cookie: '' },
  {
    name: 'GET /api/public/products/{id} of a variable product (guest, storefront)',
    path: `/api/public/products/${variableProduct!.id}`,
    cookie: visitorCookie,
    bare: 'product',
  },
  {
    name: 'GET /products/{slug} (SSR product page, returning guest)',
    path: '/products/bulk-product-3',
    cookie: visitorCookie,
    bare: 'shopProduct',
  },
  {
    name: `GET /products page 1 of ${products} (SSR listing, returning guest)`,
    path: '/products',
    cookie: visitorCookie,
  },
  {
    name: 'GET /products page 500 sort=price_asc (SSR listing, returning guest)',
    path: '/products?page=500&sort=price_asc',
    cookie: visitorCookie,
  },
  { name: 'GET /login (SSR page, returning guest)', path: '/login', cookie: visitorCookie },
  { name: 'GET / (SSR page, new visitor: creates a session)', path: '/', cookie: '' },
  { name: 'GET /api/auth/status (admin)', path: '/api/auth/status', cookie: adminCookie },
  {
    name: `GET /api/users page 1 of ${users} (admin)`,
    path: '/api/users?page=1&per_page=15',
    cookie: adminCookie,
  },
  { name: 'GET /api/users page 500 (admin)', path: '/api/users?page=500&per_page=15', cookie: adminCookie },
  {
    name: 'GET /api/users search "naidoo 12" (admin)',
    path: '/api/users?search=naidoo%2012',
    cookie: adminCookie,
  },
  {
    name: 'GET /api/users role=partner sort=email',
    path: '/api/users?role=partner&sort=email',
    cookie: adminCookie,
  },
  {
    name: `GET /admin/products page 1 of ${products} (admin)`,
    path: '/admin/products?page=1&per_page=15',
    cookie: adminCookie,
    bare: 'products',
  },
  {
    name: 'GET /admin/products page 500 sort=price (admin)',
    path: '/admin/products?page=500&per_page=15&sort=price&direction=asc',
    cookie: adminCookie,
  },
  {
    name: 'GET /admin/products search "teak chair" stock=low_stock (admin)',
    path: '/admin/products?search=teak%20chair&stock_status=low_stock',
    cookie: adminCookie,
  },
  {
    name: 'GET /api/order-products search "linen" (admin)',
    path: '/api/order-products?search=linen',
    cookie: adminCookie,
  },
  { name: 'GET /api/stock-sheet/overview (admin)', path: '/api/stock-sheet/overview', cookie: adminCookie },
  {
    name: `GET /api/stock-sheet page 1 of ${products} products (admin)`,
    path: '/api/stock-sheet?page=1&per_page=15',
    cookie: adminCookie,
    bare: 'sheet',
  },
  {
    name: 'GET /api/stock-sheet page 500 (admin)',
    path: '/api/stock-sheet?page=500&per_page=15',
    cookie: adminCookie,
  },
  {
    name: 'GET /api/stock-sheet low_stock at one location (admin)',
    path: `/api/stock-sheet?stock_filter=low_stock&store_location=${bulkShop!.id}`,
    cookie: adminCookie,
  },
  {
    name: 'GET /api/stock-sheet search "oak lamp" out_of_stock (admin)',
    path: '/api/stock-sheet?search=oak%20lamp&stock_filter=out_of_stock',
    cookie: adminCookie,
  },
  {
    name: 'GET /api/stock-history of a product with 500 movements (admin)',
    path: `/api/stock-history/${bulkProduct!.id}?page=2`,
    cookie: adminCookie,
  },
  {
    name: `GET /admin/orders page 1 of ${orders} (admin)`,
    path: '/admin/orders?page=1&per_page=10',
    cookie: adminCookie,
    bare: 'orders',
  },
  {
    name: 'GET /api/customers search "naidoo 12" (admin, order form)',
    path: '/api/customers?search=naidoo%2012',
    cookie: adminCookie,
    bare: 'customers',
  },
  {
    name: 'GET /admin/orders page 500 sort=grand_total (admin)',
    path: '/admin/orders?page=500&per_page=10&sort=grand_total&direction=desc',
    cookie: adminCookie,
  },
  {
    name: 'GET /admin/orders search "naidoo 12" delivery_status=shipped (admin)',
    path: '/admin/orders?search=naidoo%2012&delivery_status=shipped',
    cookie: adminCookie,
  },
  {
    name: 'GET /api/orders/{id} (admin)',
    path: `/api/orders/${bulkOrder!.id}`,
    cookie: adminCookie,
  },
  {
    name: `GET /api/stock/purchase-history of a product in ${Math.floor(orders / 20)} orders (admin)`,
    path: `/api/stock/purchase-history/${bulkProduct!.id}?page=3`,
    cookie: adminCookie,
  },
];

async function measure(url: string, cookie: string) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
    },
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

type Result = { name: string; rps: number; p99: number; errors: number; bare?: { rps: number; p99: number } };
const results: Result[] = [];
for (const c of hotOnly ? cases.filter((x) => x.bare || x.path === '/healthz') : cases) {
  const app_ = await measure(`${base}${c.path}`, c.cookie);
  const bare = c.bare ? await measure(`${bareBase}/bare/${c.bare}`, '') : undefined;
  results.push({ name: c.name, ...app_, ...(bare ? { bare: { rps: bare.rps, p99: bare.p99 } } : {}) });
  console.log(
    `${c.name}: ${app_.rps.toFixed(0)} req/s, p99 ${app_.p99} ms${bare ? `; bare ${bare.rps.toFixed(0)} req/s, ratio ${(app_.rps / bare.rps).toFixed(2)}` : ''}`,
  );
}

const heading = `${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${users} users, ${products} products, ${orders} orders, ${connections} connections, ${seconds} s each, ${os.cpus().length} cores, Node ${process.versions.node}`;
const lines = [
  '| request | req/s | bare query req/s | ratio to bare | p99 ms | bare p99 ms | non-2xx |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...results.map((r) =>
    [
      '',
      r.name,
      r.rps.toFixed(0),
      r.bare ? r.bare.rps.toFixed(0) : '',
      r.bare ? (r.rps / r.bare.rps).toFixed(2) : '',
      r.p99,
      r.bare ? r.bare.p99 : '',
      r.errors,
      '',
    ]
      .join(' | ')
      .trim(),
  ),
];
console.log(`\n${heading}\n\n${lines.join('\n')}`);
if (write) {
  // A new dated section above the older ones, which stay as they were.
  const file = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../docs/benchmarks.md');
  const doc = await fs.readFile(file, 'utf8');
  const at = doc.indexOf('\n## ');
  const section = `\n## ${new Date().toISOString().slice(0, 10)}, npm run bench on ${heading}\n\n${lines.join('\n')}\n`;
  await fs.writeFile(file, at < 0 ? `${doc}${section}` : `${doc.slice(0, at)}${section}${doc.slice(at)}`);
  console.log(`Written to ${file}.`);
}
// Let requests still in flight when autocannon stopped finish before the pool closes.
await new Promise((resolve) => setTimeout(resolve, 1000));
await bareServer.close();
await app.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
