/**
 * `npm run bench`: starts the real server on a large seeded shop and measures requests per second
 * with autocannon. Every figure is also given as a ratio to a baseline measured in the same run
 * (GET /healthz: routing, hooks and one trivial query), so runs on different machines compare.
 * Uses PostgreSQL when DATABASE_URL is set, else the embedded database.
 *   npm run bench -- --users 50000 --products 20000 --seconds 5
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
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

const cases = [
  { name: 'GET /healthz (baseline)', path: '/healthz', cookie: '' },
  { name: 'GET /api/currencies/default', path: '/api/currencies/default', cookie: '' },
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

const results: { name: string; rps: number; p99: number; errors: number }[] = [];
for (const c of cases) {
  const result = await autocannon({
    url: `${base}${c.path}`,
    connections,
    duration: seconds,
    headers: {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(c.cookie ? { cookie: c.cookie } : {}),
    },
  });
  results.push({
    name: c.name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  });
  console.log(`${c.name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
}

const baseline = results[0]!.rps;
console.log(
  `\n${database.kind}, ${users} users, ${products} products, ${orders} orders, ${connections} connections, ${seconds} s each, ${os.cpus().length} cores\n`,
);
console.log('| request | req/s | ratio to baseline | p99 ms | non-2xx |');
console.log('|---|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / baseline).toFixed(2)} | ${r.p99} | ${r.errors} |`,
  );
}
// Let requests still in flight when autocannon stopped finish before the pool closes.
await new Promise((resolve) => setTimeout(resolve, 1000));
await app.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
