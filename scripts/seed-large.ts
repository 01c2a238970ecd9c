/**
 * A large shop for benchmarks: many users (with roles and addresses), inserted in SQL in one
 * statement per table so seeding 50 000 rows takes seconds. Later areas add products, orders, stock.
 * Run alone against DATABASE_URL or the embedded database in EMPORIUM_DATA_DIR:
 *   npm run seed:large -- --users 50000
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/platform/db/database';

export async function seedLargeShop(db: Db, options: { users: number }): Promise<void> {
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
  await db.execute(sql`analyze`);
}

const isEntry = process.argv[1]?.endsWith('seed-large.ts');
if (isEntry) {
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/platform/db/database');
  const { prepareDatabase } = await import('../src/server/prepare-database');
  const index = process.argv.indexOf('--users');
  const users = index > 0 ? Number(process.argv[index + 1]) : 50_000;
  const config = loadConfig();
  const database = await openDatabase(config);
  await prepareDatabase(database);
  await seedLargeShop(database.db, { users });
  await database.close();
  console.log(`Seeded ${users} users.`);
}
