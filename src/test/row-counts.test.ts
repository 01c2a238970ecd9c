import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../server/platform/db/database';
import { rowCount } from '../server/platform/db/row-counts';
import { freshDatabase } from './test-database';

/**
 * The kept counts that unfiltered list totals read (docs/decisions/0044) always equal the count
 * they stand for: after inserts, soft deletes, restores, hard deletes and a rolled-back write.
 */

let database: Database;

beforeAll(async () => {
  database = await freshDatabase(inject('templatePath'));
});
afterAll(async () => {
  await database?.close();
});

async function counted(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

async function expectKeptCountsRight() {
  const db = database.db;
  expect(await rowCount(db, 'products')).toBe(
    await counted(sql`select count(*) as n from products where deleted_at is null`),
  );
  expect(await rowCount(db, 'orders')).toBe(
    await counted(sql`select count(*) as n from orders where deleted_at is null`),
  );
  expect(await rowCount(db, 'users')).toBe(await counted(sql`select count(*) as n from users`));
}

describe('row counts kept by triggers', () => {
  it('follow inserts, soft deletes, restores and deletes', async () => {
    const db = database.db;
    await expectKeptCountsRight();
    await db.execute(sql`
      insert into users (email) select 'count' || g || '@example.test' from generate_series(1, 5) g`);
    await db.execute(sql`
      insert into products (name, slug) select 'Counted ' || g, 'counted-' || g from generate_series(1, 6) g`);
    await db.execute(sql`
      insert into orders (order_code, customer_email)
      select 'CNT-' || g, 'count1@example.test' from generate_series(1, 4) g`);
    await expectKeptCountsRight();
    const before = await rowCount(db, 'products');

    await db.execute(sql`update products set deleted_at = now() where slug in ('counted-1', 'counted-2')`);
    // Deleting again, or touching a deleted row, changes nothing.
    await db.execute(sql`update products set deleted_at = now() where slug = 'counted-1'`);
    await db.execute(sql`update orders set deleted_at = now() where order_code = 'CNT-1'`);
    await expectKeptCountsRight();
    expect(await rowCount(db, 'products')).toBe(before - 2);

    await db.execute(sql`update products set deleted_at = null where slug = 'counted-2'`);
    await db.execute(sql`delete from products where slug in ('counted-1', 'counted-3')`);
    await db.execute(sql`delete from orders where order_code in ('CNT-1', 'CNT-2')`);
    await db.execute(sql`delete from users where email = 'count5@example.test'`);
    await expectKeptCountsRight();
  });

  it('stay as they were when the write is rolled back', async () => {
    const db = database.db;
    const before = await rowCount(db, 'products');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into products (name, slug) values ('Rolled back', 'rolled-back')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowCount(db, 'products')).toBe(before);
    await expectKeptCountsRight();
  });

  it('count a transaction of many rows once each, at its commit', async () => {
    const db = database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into products (name, slug) select 'Bulk ' || g, 'bulk-count-' || g from generate_series(1, 300) g`);
      await tx.execute(sql`update products set deleted_at = now() where slug like 'bulk-count-1%'`);
    });
    await expectKeptCountsRight();
  });
});
