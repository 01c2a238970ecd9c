/**
 * A large shop for benchmarks: many users (with roles and addresses) and products (a third of
 * them variable with four variants, in categories, some discounted), inserted in SQL in one
 * statement per table so seeding 50 000 rows takes seconds; stock at two store locations with a
 * movement history; orders of those customers with two items each, a twentieth of them buying
 * bulk-product-1 (its purchase history).
 * Run alone against DATABASE_URL or the embedded database in EMPORIUM_DATA_DIR:
 *   npm run seed:large -- --users 50000 --products 20000
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/platform/db/database';

export async function seedLargeShop(
  db: Db,
  options: { users: number; products: number; orders?: number },
): Promise<void> {
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
  await db.execute(sql`analyze`);
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
           now() - (g || ' minutes')::interval
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
           case when g % 3 = 0 then 0 else g % 50 end,
           g % 3 = 0,
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

const isEntry = process.argv[1]?.endsWith('seed-large.ts');
if (isEntry) {
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/platform/db/database');
  const { prepareDatabase } = await import('../src/server/prepare-database');
  const arg = (name: string, fallback: number) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? Number(process.argv[index + 1]) : fallback;
  };
  const users = arg('users', 50_000);
  const products = arg('products', 20_000);
  const orders = arg('orders', 50_000);
  const config = loadConfig();
  const database = await openDatabase(config);
  await prepareDatabase(database);
  await seedLargeShop(database.db, { users, products, orders });
  await database.close();
  console.log(`Seeded ${users} users, ${products} products and ${orders} orders.`);
}
