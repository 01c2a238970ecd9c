import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedLargeShop } from '../../scripts/seed-large';
import { usersListQuery } from '../contracts/accounts';
import { productListQuery } from '../contracts/catalogue';
import { ordersListQuery } from '../contracts/orders';
import { stockHistoryQuery, stockSheetQuery } from '../contracts/stock';
import type { DateRange } from '../domain/dashboard/dashboard-range';
import { listUsers } from '../server/modules/accounts/accounts.queries';
import { listProducts } from '../server/modules/catalogue/products-list.queries';
import { featuredShopProducts, shopProductPage } from '../server/modules/catalogue/shop-products.queries';
import { searchCustomers } from '../server/modules/customers/customers.queries';
import {
  paymentTypeTotals,
  recentOrders,
  recentPayments,
} from '../server/modules/dashboard/dashboard.queries';
import { listOrders } from '../server/modules/orders/orders-list.queries';
import { movementPage } from '../server/modules/stock/stock-history.queries';
import { stockSheetPage } from '../server/modules/stock/stock-sheet.queries';
import { type Database, type Db, drizzleOnPglite } from '../server/platform/db/database';
import { forgetKeptReads } from '../server/platform/db/kept-by-changes';
import { freshDatabase } from './test-database';

/**
 * Issue 13: every list page query, as the app builds it, is planned over a seeded shop (a few
 * thousand products, orders and users, analysed) and must not read a large table sequentially: a
 * default sort or filter without its index shows up here as a Seq Scan. The queries are captured
 * through drizzle's logger on the same connection, then EXPLAINed with their own parameters.
 * No timings are asserted (docs/benchmarks.md records speed).
 */

const SIZE = 5000;
/** A table with at least this many rows after ANALYZE counts as large. */
const LARGE = 1000;

type Captured = { query: string; params: unknown[] };
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

let database: Database;
let captured: Captured[] = [];
let logged: Db;
let largeTables: Set<string>;
const timeZone = 'Indian/Mauritius';

function loggingDb(base: Database): Db {
  const logger: Logger = { logQuery: (query, params) => captured.push({ query, params }) };
  return (base.kind === 'pglite'
    ? drizzleOnPglite(base.pglite!, logger)
    : drizzleNodePg({ client: base.pool!, logger })) as unknown as Db;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The query's plan with its own parameters. `indexOnly` plans with sequential scans priced out:
 * PostgreSQL prices a trigram (GIN) scan of a several-word search so high that it prefers reading
 * a few thousand rows instead, so for searches the test checks that an index *can* serve them.
 */
async function explain({ query, params }: Captured, indexOnly: boolean): Promise<PlanNode> {
  const text = `explain (format json) ${query}`;
  let raw: unknown;
  if (database.kind === 'pglite') {
    const client = database.pglite!;
    if (indexOnly) await client.exec('set enable_seqscan = off');
    raw = (await client.query<{ 'QUERY PLAN': unknown }>(text, params)).rows[0]!['QUERY PLAN'];
    if (indexOnly) await client.exec('reset enable_seqscan');
  } else {
    const client = await database.pool!.connect();
    try {
      if (indexOnly) await client.query('set enable_seqscan = off');
      raw = (await client.query<{ 'QUERY PLAN': unknown }>(text, params)).rows[0]!['QUERY PLAN'];
      if (indexOnly) await client.query('reset enable_seqscan');
    } finally {
      client.release();
    }
  }
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return plan[0]!.Plan;
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && largeTables.has(node['Relation Name'])) {
    found.push(node['Relation Name']);
  }
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

/**
 * A filtered list's total is an exact count (docs/decisions/0044): counting a filter that matches
 * a large share of a table may rightly read it whole. An unfiltered list's total is checked too:
 * it must be the kept count, not a count of the table.
 */
const isTotal = (query: string) => query.startsWith('select cast(count(*) as integer)');

/** Whether a list's address asks for a subset (a search or a filter), not just a page or an order. */
const isFiltered = (raw: Record<string, string>) =>
  Object.keys(raw).some((key) => !['page', 'per_page', 'sort', 'direction'].includes(key));

/** Runs the list read, then plans every query it sent; answers the large tables read sequentially. */
async function sequentialReads(
  read: (db: Db) => Promise<unknown>,
  options: { search?: boolean; filtered?: boolean } = {},
): Promise<string[]> {
  captured = [];
  // What the process kept of an earlier read (decision 0106) would hide the statements to plan.
  forgetKeptReads(logged);
  await read(logged);
  expect(captured.length).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const query of captured) {
    if (options.filtered && isTotal(query.query)) continue;
    const scans = seqScans(await explain(query, options.search ?? false));
    if (scans.length) problems.push(`${scans.join(', ')} in: ${query.query}`);
  }
  return problems;
}

beforeAll(async () => {
  database = await freshDatabase(inject('templatePath'));
  await seedLargeShop(database.db, { users: SIZE, products: SIZE, orders: SIZE });
  logged = loggingDb(database);
  const large = await rows<{ relname: string }>(
    sql`select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= ${LARGE}`,
  );
  largeTables = new Set(large.map((r) => r.relname));
}, 240_000);

afterAll(async () => {
  await database?.close();
});

const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

describe('list pages read no large table sequentially', () => {
  it('has large tables to plan over', () => {
    for (const table of ['products', 'orders', 'users', 'order_items', 'stock_movements']) {
      expect(largeTables.has(table), table).toBe(true);
    }
  });

  const productCases: [string, Record<string, string>][] = [
    ['page 1, newest first (default)', {}],
    ['page 3', { page: '3' }],
    ['sorted by name', { sort: 'name', direction: 'asc' }],
    ['sorted by price', { sort: 'price', direction: 'asc' }],
    ['a search', { search: 'teak chair 1' }],
    ['a brand', { brand_id: '1' }],
    ['a supplier', { supplier_id: '1' }],
    ['a category', { category_id: 'CATEGORY' }],
  ];
  it.each(productCases)('products list: %s', async (_name, raw) => {
    const category = await one<{ id: number }>(sql`select id from categories where slug = 'bulk-category-3'`);
    const query = productListQuery.parse(
      Object.fromEntries(
        Object.entries(raw).map(([k, v]) => [k, v === 'CATEGORY' ? String(category.id) : v]),
      ),
    );
    expect(
      await sequentialReads((db) => listProducts(db, query), {
        search: 'search' in raw,
        filtered: isFiltered(raw),
      }),
    ).toEqual([]);
  });

  const orderCases: [string, Record<string, string>][] = [
    ['page 1, newest first (default)', {}],
    ['page 3', { page: '3' }],
    ['a search', { search: 'naidoo 12' }],
    ['a delivery status', { delivery_status: 'shipped' }],
    ['a payment status', { payment_status: 'partial' }],
    ['a day', { date_from: '2026-01-01', date_to: '2026-01-01' }],
    ['page 50 by total', { page: '50', sort: 'grand_total', direction: 'desc' }],
    ['page 50 by customer', { page: '50', sort: 'customer', direction: 'asc' }],
  ];
  it.each(orderCases)('orders list: %s', async (_name, raw) => {
    const query = ordersListQuery.parse(raw);
    expect(
      await sequentialReads((db) => listOrders(db, query, timeZone), {
        search: 'search' in raw,
        filtered: isFiltered(raw),
      }),
    ).toEqual([]);
  });

  const sheetCases: [string, Record<string, string>][] = [
    ['page 1, by name (default)', {}],
    ['page 3', { page: '3' }],
    ['a search', { search: 'oak lamp 1' }],
    ['a supplier', { supplier: '1' }],
  ];
  it.each(sheetCases)('stock sheet: %s', async (_name, raw) => {
    const { page, per_page, ...filters } = stockSheetQuery.parse(raw);
    expect(
      await sequentialReads((db) => stockSheetPage(db, filters, page, per_page), {
        search: 'search' in raw,
        filtered: isFiltered(raw),
      }),
    ).toEqual([]);
  });

  it('stock sheet: a state at one location, its count included, through the counted products (decisions 0084, 0105)', async () => {
    const shop = await one<{ id: number }>(sql`select id from store_locations where code = 'BS'`);
    const indexes = {
      low_stock: 'location_sheet_products_low',
      out_of_stock: 'location_sheet_products_out',
      all: 'location_sheet_products_listed',
    };
    for (const [state, index] of Object.entries(indexes)) {
      const { page, per_page, ...filters } = stockSheetQuery.parse({
        stock_filter: state,
        store_location: String(shop.id),
      });
      expect(await sequentialReads((db) => stockSheetPage(db, filters, page, per_page))).toEqual([]);
      // The products in a state at the location, and their count, come from one index entry per
      // product, the state's own partial index.
      const plans = await Promise.all(captured.map((query) => explain(query, false)));
      expect(JSON.stringify(plans)).toContain(index);
    }
  });

  const userCases: [string, Record<string, string>][] = [
    ['page 1, newest first (default)', {}],
    ['a search', { search: 'naidoo 12' }],
    ['an account status', { account_status: 'suspended' }],
  ];
  it.each(userCases)('users list: %s', async (_name, raw) => {
    const query = usersListQuery.parse(raw);
    expect(
      await sequentialReads((db) => listUsers(db, query), {
        search: 'search' in raw,
        filtered: isFiltered(raw),
      }),
    ).toEqual([]);
  });

  it("the order form's customer search", async () => {
    expect(
      await sequentialReads((db) => searchCustomers(db, 'naidoo 12'), { search: true, filtered: true }),
    ).toEqual([]);
  });

  it("a product's stock history, all variants and one variant", async () => {
    const product = await one<{ id: number }>(sql`select id from products where slug = 'bulk-product-1'`);
    const variant = await one<{ id: number; productId: number }>(
      sql`select id, product_id as "productId" from product_stocks order by id limit 1`,
    );
    const { page, per_page, ...filters } = stockHistoryQuery.parse({ page: '2' });
    expect(
      await sequentialReads((db) =>
        movementPage(db, { productId: product.id, variantId: null }, filters, timeZone, page, per_page),
      ),
    ).toEqual([]);
    expect(
      await sequentialReads((db) =>
        movementPage(db, { productId: variant.productId, variantId: variant.id }, filters, timeZone, 1, 20),
      ),
    ).toEqual([]);
  });
});

describe("the storefront's hot reads walk an index (issues 13, 14)", () => {
  it("the home page's featured products", async () => {
    expect(await sequentialReads((db) => featuredShopProducts(db, 'guest', 8))).toEqual([]);
  });

  // The whole listing's total is kept per reference version (decision 0064): its count is left out.
  it.each(['newest', 'price_asc', 'name'] as const)('the whole listing, page 10, %s', async (sort) => {
    expect(
      await sequentialReads(
        (db) => shopProductPage(db, 'guest', { search: undefined, hideOutOfStock: false }, sort, 12, 108),
        {
          filtered: true,
        },
      ),
    ).toEqual([]);
  });
});

/** A parameter written as a literal for EXECUTE (test data only: strings, numbers, integer arrays). */
const literal = (value: unknown): string =>
  Array.isArray(value) ? `'{${value.join(',')}}'` : `'${String(value).replaceAll("'", "''")}'`;

/**
 * How PostgreSQL planned a captured query executed `times` over on one connection, as a prepared
 * statement is by the app: the first five executions are planned with their values, then the plan
 * made without them is kept when it is priced near those (pg_prepared_statements).
 */
async function plansOf({ query, params }: Captured, times: number) {
  const name = `plan_check_${Math.random().toString(36).slice(2)}`;
  const statements = [
    `prepare ${name} as ${query}`,
    ...Array.from({ length: times }, () => `execute ${name}(${params.map(literal).join(', ')})`),
  ];
  const counts = `select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = '${name}'`;
  if (database.kind === 'pglite') {
    const client = database.pglite!;
    for (const statement of statements) await client.exec(statement);
    const result = (await client.query<{ generic: number; custom: number }>(counts)).rows[0]!;
    await client.exec(`deallocate ${name}`);
    return result;
  }
  const client = await database.pool!.connect();
  try {
    for (const statement of statements) await client.query(statement);
    const result = (await client.query<{ generic: number; custom: number }>(counts)).rows[0]!;
    await client.query(`deallocate ${name}`);
    return result;
  } finally {
    client.release();
  }
}

describe('the whole listing is planned once per connection, whatever the role (decision 0109)', () => {
  it.each(['guest', 'customer'])("its first page, and a later page's cards, for %s", async (role) => {
    const filters = { search: undefined, hideOutOfStock: false };
    // Outside a request the total is counted each time (a request keeps it): left out here.
    const pageReads = () => captured.filter((q) => !isTotal(q.query));
    captured = [];
    const first = await shopProductPage(logged, role, filters, 'newest', 12, 0);
    expect(pageReads()).toHaveLength(1);
    const firstPage = pageReads()[0]!;
    captured = [];
    const later = await shopProductPage(logged, role, filters, 'newest', 12, 12);
    // The later page's ids (planned on every execution: its offset is a parameter), then its cards.
    expect(pageReads()).toHaveLength(2);
    expect(first.rows).toHaveLength(12);
    expect(later.rows).toHaveLength(12);
    expect(later.rows[0]!.id).not.toBe(first.rows[0]!.id);
    for (const query of [firstPage, pageReads()[1]!]) {
      const plans = await plansOf(query, 8);
      expect(plans.custom, query.query).toBe(5);
      expect(plans.generic, query.query).toBe(3);
    }
  });

  it.each([
    ['newest', false],
    ['price_asc', true],
    ['name', false],
  ] as const)(
    'its first page in one statement is the page read in two, %s, out of stock hidden: %s',
    async (sort, hideOutOfStock) => {
      const filters = { search: undefined, hideOutOfStock };
      const first = await shopProductPage(logged, 'guest', filters, sort, 12, 0);
      // Pages of six are read as later pages are: their ids, then their cards.
      const halves = [
        ...(await shopProductPage(logged, 'guest', filters, sort, 6, 0)).rows,
        ...(await shopProductPage(logged, 'guest', filters, sort, 6, 6)).rows,
      ];
      expect(first.rows).toHaveLength(12);
      expect(first.rows).toEqual(halves);
      expect(first.total).toBeGreaterThan(12);
    },
  );
});

/** The indexes a plan reads without the table (Index Only Scan), anywhere in it. */
function indexOnlyScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Index Only Scan' && node['Index Name']) found.push(node['Index Name']);
  for (const child of node.Plans ?? []) indexOnlyScans(child, found);
  return found;
}

describe('a deep page finds its ids in its sort index alone (issue 18)', () => {
  // Page 500 of the stock sheet read the 7,500 products before it, row by row, to see whether they
  // were deleted (37 ms among 50,000): the sort indexes hold only live rows, and the page's rows
  // are read by id once the index has given them.
  const deepCases: [string, (db: Db) => Promise<unknown>, string][] = [
    [
      'products list, page 50 by price',
      (db) => listProducts(db, productListQuery.parse({ page: '50', sort: 'price', direction: 'desc' })),
      'products_list_price',
    ],
    [
      'orders list, page 50 newest first',
      (db) => listOrders(db, ordersListQuery.parse({ page: '50' }), timeZone),
      'orders_recent',
    ],
    [
      'orders list, page 50 by total',
      (db) =>
        listOrders(
          db,
          ordersListQuery.parse({ page: '50', sort: 'grand_total', direction: 'desc' }),
          timeZone,
        ),
      'orders_grand_total',
    ],
    [
      'stock sheet, page 50',
      (db) => {
        const { page, per_page, ...filters } = stockSheetQuery.parse({ page: '50' });
        return stockSheetPage(db, filters, page, per_page);
      },
      'products_name',
    ],
  ];
  it.each(deepCases)('%s', async (_name, read, index) => {
    captured = [];
    forgetKeptReads(logged);
    await read(logged);
    const scans: string[] = [];
    for (const query of captured) scans.push(...indexOnlyScans(await explain(query, false)));
    expect(scans).toContain(index);
  });
});

describe('the dashboard reads payments through kept days and an index (issues 17, 18)', () => {
  it('payment method statistics of a month read the kept days and only the deleted orders', async () => {
    // Two years of payments, one or two a day per order, as a shop that has run a while keeps them.
    await database.db.execute(sql`
      insert into order_payments (order_id, status, amount, payment_type, payment_date)
      select o.id, 'completed', 10, (array['card','cod','bank_transfer'])[1 + g % 3],
             date '2026-11-26' - (g % 730)
      from generate_series(1, ${SIZE * 2}) g
      join lateral (select id from orders order by id offset (g % ${SIZE}) limit 1) o on true`);
    await database.db.execute(sql`analyze order_payments`);
    await database.db.execute(sql`analyze order_payment_days`);
    await database.db.execute(sql`analyze orders`);
    const [days] = await rows<{ n: number }>(sql`select count(*)::int as n from order_payment_days`);
    expect(days!.n).toBeGreaterThan(LARGE);
    largeTables.add('order_payment_days');
    const range = { from: '2026-10-28', to: '2026-11-26' } as DateRange;
    expect(await sequentialReads((db) => paymentTypeTotals(db, range))).toEqual([]);
    const plan = JSON.stringify(await explain(captured[0]!, false));
    expect(plan).toContain('orders_deleted');
    // Read on every dashboard load, whatever the range: the newest orders and payments.
    expect(await sequentialReads((db) => recentPayments(db))).toEqual([]);
    expect(await sequentialReads((db) => recentOrders(db))).toEqual([]);
  });
});
