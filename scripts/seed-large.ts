/**
 * A large shop for benchmarks (issue 18's scale by default): many users (with roles and
 * addresses, every tenth a partner company) and products (two fifths of them variable with four
 * variants, in categories, some discounted), inserted in SQL in one statement per table so
 * seeding 50 000 rows takes seconds; stock at two store locations with a movement history; orders
 * of those customers spread over the last year with two items each (a twentieth of them buying
 * bulk-product-1, its purchase history) and a payment for each paid or part-paid one; rental
 * bookings with items, two billing periods (items, the first one paid); partners' credit
 * accounts with a ledger of ten movements each.
 * Run alone against DATABASE_URL or the embedded database in EMPORIUM_DATA_DIR:
 *   npm run seed:large -- --users 50000 --products 50000 --orders 200000 --bookings 5000 --partners 2000
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/platform/db/database';

export type LargeShopSize = {
  users: number;
  products: number;
  orders?: number;
  bookings?: number;
  partners?: number;
};

/** Issue 18's large shop. */
export const LARGE_SHOP: Required<LargeShopSize> = {
  users: 50_000,
  products: 50_000,
  orders: 200_000,
  bookings: 5_000,
  partners: 2_000,
};

/**
 * The triggers that keep counts row by row, by table, turned off while the seed fills the tables:
 * the live rows' counts (migration 0017), the orders' change count (0040), the dashboard's sales and
 * payment days (0032, 0033) and the stock sheet's products per location and state (0039).
 */
const COUNTING_TRIGGERS = [
  ['products', 'products_row_count'],
  ['orders', 'orders_row_count'],
  ['users', 'users_row_count'],
  ['orders', 'orders_changed'],
  ['orders', 'orders_listed_columns_changed'],
  ['order_items', 'order_items_changed'],
  ['users', 'users_changed'],
  ['users', 'users_listed_columns_changed'],
  ['user_roles', 'user_roles_changed'],
  ['user_addresses', 'user_addresses_changed'],
  ['orders', 'orders_sales_days'],
  ['order_payments', 'order_payments_days'],
  ['location_stocks', 'location_sheet_products_insert'],
  ['location_stocks', 'location_sheet_products_update'],
  ['location_stocks', 'location_sheet_products_delete'],
] as const;

/**
 * The row-count triggers fire once per row at commit, each updating the same counter row: one
 * statement inserting 200,000 orders made 200,000 versions of one row in one transaction, and the
 * seed ran for many minutes. The seed turns them off while it fills the tables and counts once at
 * the end (the app's writes, a few rows per transaction, keep them).
 */
export async function seedLargeShop(db: Db, options: LargeShopSize): Promise<void> {
  for (const [table, trigger] of COUNTING_TRIGGERS)
    await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  try {
    await seedTables(db, options);
  } finally {
    for (const [table, trigger] of COUNTING_TRIGGERS)
      await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
    await db.execute(sql`select location_sheet_products_rebuild()`);
    await db.execute(sql`select order_sales_days_rebuild(zone) from order_sales_zone where zone is not null`);
    await db.execute(sql`select order_payment_days_rebuild()`);
    await db.execute(sql`
      update row_counts set count = counted.n
      from (select 'products' as name, count(*) as n from products where deleted_at is null
            union all select 'orders', count(*) from orders where deleted_at is null
            union all select 'users', count(*) from users) as counted
      where row_counts.name = counted.name`);
    // The orders and customers changed: what any process kept of a searched orders list (decision
    // 0106) or a customer search (0108) is old.
    await db.execute(sql`update row_counts set changes = changes + 1 where name in ('orders', 'users')`);
  }
  // As autovacuum does within a minute or so of bulk inserts in a running shop: statistics for
  // the planner, and the visibility map that lets deep pages and the stock sheet's state counts
  // read their indexes alone (an index-only scan reads the table for pages not yet marked visible).
  await db.execute(sql`vacuum analyze`);
}

async function seedTables(db: Db, options: LargeShopSize): Promise<void> {
  await db.execute(sql`
    insert into users (email, first_name, last_name, phone, user_type, company_name, created_at)
    select 'bulk' || g || '@example.test',
           (array['Amelia','Noah','Leila','Ravi','Maya','Jonas','Zoe','Omar'])[1 + g % 8],
           (array['Ramgoolam','Dupont','Li','Naidoo','Martin','Khan','Begue','Appadoo'])[1 + g % 8] || ' ' || g,
           '+230 5' || lpad((g % 10000000)::text, 7, '0'),
           case when g % 10 = 0 then 'company' else 'individual' end,
           case when g % 10 = 0 then 'Company ' || g || ' Ltd' end,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${options.users}) as g
    on conflict do nothing`);
  await db.execute(sql`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u join roles r on r.name = case when u.user_type = 'company' then 'partner' else 'customer' end
    where u.email like 'bulk%@example.test'
    on conflict do nothing`);
  await db.execute(sql`
    insert into user_addresses (user_id, address_type, address, city, country, is_default)
    select u.id, 'billing', u.id || ' Royal Road', 'Port Louis', 'Mauritius', true
    from users u where u.email like 'bulk%@example.test'
      and not exists (select 1 from user_addresses a where a.user_id = u.id)`);
  await seedLargeCatalogue(db, options.products);
  await seedLargeStock(db);
  await seedLargeOrders(db, options.orders ?? 0, options.users, options.products);
  await seedLargeRentals(db, options.bookings ?? 0, options.users);
  await seedLargeCredit(db, options.partners ?? 0);
}

async function seedLargeOrders(db: Db, count: number, users: number, products: number): Promise<void> {
  if (count <= 0 || users <= 0 || products <= 0) return;
  await db.execute(sql`
    insert into orders (order_code, user_id, order_from, customer_email, customer_first_name,
                        customer_last_name, delivery_status, status_reason, payment_status,
                        payment_intent, items_total, grand_total, amount_paid, created_at)
    select 'BLK-' || lpad(g::text, 8, '0'), u.id,
           case when g % 3 = 0 then 'web' else 'backend' end,
           u.email, u.first_name, u.last_name,
           (array['pending','confirmed','processing','ready','shipped','in_transit','delivered','failed','cancelled'])[1 + g % 9],
           case when g % 9 in (7, 8) then 'Bulk order' end,
           (array['unpaid','paid','partial'])[1 + g % 3], 'payment_later',
           100 + g % 500, 100 + g % 500,
           case g % 3 when 1 then 100 + g % 500 when 2 then 50 else 0 end,
           now() - (${YEAR_MINUTES}::float8 * g / ${count} || ' minutes')::interval
    from generate_series(1, ${count}) as g
    join users u on u.email = 'bulk' || (1 + g % ${users}) || '@example.test'
    on conflict do nothing`);
  await db.execute(sql`
    insert into order_items (order_id, position, product_id, product_name, quantity, price, line_total)
    select o.id, k, p.id, p.name, 1 + o.id % 3, p.price, p.price * (1 + o.id % 3)
    from orders o
    cross join generate_series(0, 1) as k
    join products p on p.slug = 'bulk-product-' ||
      case when k = 0 and o.id % 20 = 0 then 1 else 1 + (o.id * 7 + k) % ${products} end
    where o.order_code like 'BLK-%'
      and not exists (select 1 from order_items i where i.order_id = o.id)`);
  // One completed payment per paid or part-paid order, on the order's day (the dashboard's
  // payment statistics and the order read).
  await db.execute(sql`
    insert into order_payments (order_id, status, amount, payment_type, payment_date, transaction_id, created_at)
    select o.id, 'completed', o.amount_paid,
           (array['cash','bank_transfer','card'])[1 + o.id % 3],
           o.created_at::date, 'BLK-PAY-' || o.id, o.created_at
    from orders o
    where o.order_code like 'BLK-%' and o.amount_paid > 0
      and not exists (select 1 from order_payments p where p.order_id = o.id)`);
}

const YEAR_MINUTES = 365 * 24 * 60;

/**
 * Rental bookings of bulk customers (numbers RB-2019-…, a year the shop's own numbering never
 * reaches), one or two items of simple bulk products from a start date in the last year, two
 * 30-day billing periods each with the first item, the first period paid.
 */
async function seedLargeRentals(db: Db, count: number, users: number): Promise<void> {
  if (count <= 0 || users <= 0) return;
  await db.execute(sql`
    insert into rental_bookings (booking_number, user_id, status, customer_name, customer_email,
                                 customer_phone, delivery_method, source, created_at)
    select 'RB-2019-' || lpad(g::text, 5, '0'), u.id,
           (array['pending','quoted','ready','in_transit','active','returned','overdue','failed','cancelled'])[1 + g % 9],
           u.first_name || ' ' || u.last_name, u.email, u.phone,
           case when g % 4 = 0 then 'delivery' else 'pickup' end,
           case when g % 5 = 0 then 'public' else 'admin' end,
           now() - (${YEAR_MINUTES}::float8 * g / ${count} || ' minutes')::interval
    from generate_series(1, ${count}) as g
    join users u on u.email = 'bulk' || (1 + (g * 3) % ${users}) || '@example.test'
    on conflict do nothing`);
  await db.execute(sql`
    with simple as (
      select p.id, p.name, p.price, row_number() over (order by p.id) as n, count(*) over () as total
      from products p where p.slug like 'bulk-product-%' and not p.is_variable_product
    )
    insert into rental_items (booking_id, product_id, product_name, quantity, rental_duration,
                              rental_start_date, rental_end_date, daily_rate, total_rental_cost, total_cost)
    select b.id, s.id, s.name, 1 + b.id % 2, 60, b.created_at::date, b.created_at::date + 59,
           s.price, s.price * (1 + b.id % 2) * 60, s.price * (1 + b.id % 2) * 60
    from rental_bookings b
    cross join generate_series(0, 1) as k
    join simple s on s.n = 1 + (b.id * 11 + k * 7) % s.total
    where b.booking_number like 'RB-2019-%' and (k = 0 or b.id % 2 = 0)
      and not exists (select 1 from rental_items i where i.booking_id = b.id)`);
  await db.execute(sql`
    update rental_bookings b set total_estimated_cost = t.total
    from (select booking_id, sum(total_cost) as total from rental_items group by booking_id) t
    where t.booking_id = b.id and b.booking_number like 'RB-2019-%'`);
  await db.execute(sql`
    insert into rental_periods (booking_id, period_number, start_date, end_date, status, invoice_status, created_at)
    select b.id, k, b.created_at::date + (k - 1) * 30, b.created_at::date + k * 30 - 1,
           case when k = 1 then 'active_paid' else 'active_unpaid' end,
           case when k = 1 then 'paid' else 'pending' end, b.created_at
    from rental_bookings b cross join generate_series(1, 2) as k
    where b.booking_number like 'RB-2019-%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into rental_period_items (period_id, product_id, product_name, quantity, daily_rate, amount)
    select p.id, i.product_id, i.product_name, i.quantity, i.daily_rate, i.daily_rate * i.quantity * 30
    from rental_periods p
    join rental_bookings b on b.id = p.booking_id
    join lateral (select * from rental_items i where i.booking_id = b.id order by i.id limit 1) i on true
    where b.booking_number like 'RB-2019-%'
      and not exists (select 1 from rental_period_items x where x.period_id = p.id)`);
  await db.execute(sql`
    insert into rental_payments (booking_id, period_id, amount, payment_type, payment_date, status, created_at)
    select p.booking_id, p.id, t.amount, 'bank_transfer', p.start_date, 'completed', p.created_at
    from rental_periods p
    join rental_bookings b on b.id = p.booking_id
    join (select period_id, sum(amount) as amount from rental_period_items group by period_id) t on t.period_id = p.id
    where b.booking_number like 'RB-2019-%' and p.period_number = 1 and t.amount > 0
      and not exists (select 1 from rental_payments x where x.period_id = p.id)`);
}

/**
 * Credit accounts of the first bulk partners (companies), each with a ledger: 1 000 added, then
 * nine order payments of 50, so the balance is 550 within a 2 000 limit.
 */
async function seedLargeCredit(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  await db.execute(sql`
    insert into credit_accounts (user_id, credit_limit, current_balance, status)
    select u.id, 2000, 550, case when u.id % 50 = 0 then 'suspended' else 'active' end
    from users u
    where u.email like 'bulk%@example.test' and u.user_type = 'company'
    order by u.id limit ${count}
    on conflict do nothing`);
  await db.execute(sql`
    insert into credit_transactions (credit_account_id, type, amount, balance_after, reference, note, created_at)
    select a.id, case when k = 1 then 'credit_added' else 'order_payment' end,
           case when k = 1 then 1000 else 50 end,
           1000 - 50 * (k - 1),
           case when k > 1 then 'BLK-CREDIT-' || a.id || '-' || k end,
           case when k = 1 then 'Opening credit' end,
           now() - ((11 - k) || ' days')::interval
    from credit_accounts a
    join users u on u.id = a.user_id
    cross join generate_series(1, 10) as k
    where u.email like 'bulk%@example.test'
      and not exists (select 1 from credit_transactions t where t.credit_account_id = a.id)`);
}

export async function seedLargeCatalogue(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into categories (name, slug)
    select 'Bulk category ' || g, 'bulk-category-' || g from generate_series(1, 20) as g
    on conflict do nothing`);
  await db.execute(sql`
    insert into products (name, slug, sku, price, stock_quantity, is_variable_product, is_active,
                          has_discount, discount, vat_id, created_at)
    select (array['Teak','Linen','Cotton','Oak','Bamboo','Rattan','Steel','Ceramic'])[1 + g % 8] || ' '
             || (array['chair','table','lamp','cushion','towel','vase','bench','shelf'])[1 + (g / 8) % 8] || ' ' || g,
           'bulk-product-' || g,
           'BULK-' || lpad(g::text, 6, '0'),
           (5 + (g % 400))::numeric(14, 2),
           case when g % 5 in (0, 3) then 0 else g % 50 end,
           g % 5 in (0, 3),
           g % 17 <> 0,
           g % 5 = 0,
           case when g % 5 = 0 then 10 end,
           (select id from vats where is_default limit 1),
           now() - (g || ' minutes')::interval
    from generate_series(1, ${count}) as g
    on conflict do nothing`);
  await db.execute(sql`
    insert into product_categories (product_id, category_id)
    select p.id, c.id from products p
    join categories c on c.slug = 'bulk-category-' || (1 + p.id % 20)
    where p.slug like 'bulk-product-%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into product_stocks (product_id, variant, sku, price, qty, sort_order)
    select p.id, (array['S','M','L','XL'])[v], p.sku || '-' || v, p.price + v, (p.id + v) % 12, v
    from products p cross join generate_series(1, 4) as v
    where p.slug like 'bulk-product-%' and p.is_variable_product
      and not exists (select 1 from product_stocks s where s.product_id = p.id)`);
}

/**
 * Stock for the stock sheet benchmarks: variable products' totals as their variants' sum, two
 * store locations holding half each of every bulk item, an initial movement per item, and a long
 * history (500 movements) on the first bulk product for the history pages.
 */
async function seedLargeStock(db: Db): Promise<void> {
  await db.execute(sql`
    update products p set stock_quantity = (select coalesce(sum(s.qty), 0) from product_stocks s where s.product_id = p.id)
    where p.slug like 'bulk-product-%' and p.is_variable_product`);
  await db.execute(sql`
    insert into store_locations (name, code)
    select v.name, v.code from (values ('Bulk shop', 'BS'), ('Bulk warehouse', 'BW')) as v(name, code)
    where not exists (select 1 from store_locations l where l.code = v.code)`);
  await db.execute(sql`
    with items as (
      select p.id as product_id, null::integer as variant_id, p.stock_quantity as qty
        from products p where p.slug like 'bulk-product-%' and not p.is_variable_product
      union all
      select s.product_id, s.id, s.qty from product_stocks s
        join products p on p.id = s.product_id where p.slug like 'bulk-product-%'
    )
    insert into location_stocks (product_id, variant_id, store_location_id, quantity)
    select i.product_id, i.variant_id, l.id, case when l.code = 'BS' then i.qty / 2 else i.qty - i.qty / 2 end
    from items i cross join store_locations l where l.code in ('BS', 'BW')
    on conflict do nothing`);
  await db.execute(sql`
    insert into stock_movements (product_id, variant_id, movement_type, reason, quantity_changed,
                                 quantity_before, quantity_after, created_at)
    select ls.product_id, ls.variant_id, 'increase', 'initial_stock', ls.quantity, 0, ls.quantity,
           now() - interval '30 days'
    from location_stocks ls join store_locations l on l.id = ls.store_location_id
    where l.code in ('BS', 'BW')
      and not exists (select 1 from stock_movements m where m.product_id = ls.product_id)`);
  await db.execute(sql`
    insert into stock_movements (product_id, movement_type, reason, quantity_changed, quantity_before,
                                 quantity_after, created_at)
    select p.id, 'adjustment', 'inventory_count', 0, p.stock_quantity, p.stock_quantity,
           now() - (g || ' hours')::interval
    from (select id, stock_quantity from products where slug = 'bulk-product-1') p
    cross join generate_series(1, 500) as g
    where (select count(*) from stock_movements m where m.product_id = p.id) < 500`);
}

/** --users, --products, --orders, --bookings, --partners; each defaults to issue 18's figure. */
export function largeShopSizeFromArgs(argv: string[], base = LARGE_SHOP): Required<LargeShopSize> {
  const arg = (name: keyof LargeShopSize) => {
    const index = argv.indexOf(`--${name}`);
    return index > 0 ? Number(argv[index + 1]) : base[name];
  };
  return {
    users: arg('users'),
    products: arg('products'),
    orders: arg('orders'),
    bookings: arg('bookings'),
    partners: arg('partners'),
  };
}

export function describeLargeShop(size: LargeShopSize): string {
  return `${size.users} users, ${size.products} products, ${size.orders ?? 0} orders, ${size.bookings ?? 0} bookings, ${size.partners ?? 0} partners`;
}

const isEntry = process.argv[1]?.endsWith('seed-large.ts');
if (isEntry) {
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/platform/db/database');
  const { prepareDatabase } = await import('../src/server/prepare-database');
  const size = largeShopSizeFromArgs(process.argv);
  const config = loadConfig();
  const database = await openDatabase(config);
  await prepareDatabase(database);
  const started = performance.now();
  await seedLargeShop(database.db, size);
  await database.close();
  console.log(
    `Seeded ${describeLargeShop(size)} on ${database.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}
