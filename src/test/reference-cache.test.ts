import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../server/platform/db/database';
import {
  cachedReference,
  referenceCachedTransaction,
  withReferenceCache,
} from '../server/platform/db/reference-cache';
import { getSetting } from '../server/platform/settings/settings-store';
import { freshDatabase } from './test-database';

/**
 * The per-process reference cache (docs/decisions/0064): a request reuses what the process loaded
 * at the current version, and any committed write of reference data, by any path, is seen by the
 * next request.
 */

let database: Database;

beforeAll(async () => {
  database = await freshDatabase(inject('templatePath'));
});
afterAll(async () => {
  await database?.close();
});

async function version(): Promise<number> {
  const result = (await database.db.execute(sql`select version from reference_data_version`)) as unknown as {
    rows: { version: string | number }[];
  };
  return Number(result.rows[0]!.version);
}

/** A request's read of `key` through the cache, counting how often it reached the loader. */
function counter() {
  let loads = 0;
  const read = (key: string) =>
    withReferenceCache(database.db, () =>
      cachedReference(database.db, key, async () => {
        loads += 1;
        return { loads };
      }),
    );
  return { read, loads: () => loads };
}

describe('reference data version', () => {
  it('moves once per transaction that writes reference data, however many rows', async () => {
    const before = await version();
    await database.db.execute(sql`
      insert into categories (name, slug) select 'Cached ' || g, 'cached-' || g from generate_series(1, 25) g`);
    expect(await version()).toBe(before + 1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update settings set value = value where key = 'app_timezone'`);
      await tx.execute(sql`insert into brands (name, slug) values ('Cached brand', 'cached-brand')`);
    });
    expect(await version()).toBe(before + 2);
  });

  it('is left alone by a rolled-back write and by stock and price updates of products', async () => {
    await database.db.execute(sql`insert into products (name, slug) values ('Stocked', 'stocked')`);
    const before = await version();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into colors (name, code) values ('Rolled back', '#000000')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.db.execute(sql`update products set stock_quantity = 7, price = 12 where slug = 'stocked'`);
    expect(await version()).toBe(before);
    await database.db.execute(sql`update products set name = 'Stocked renamed' where slug = 'stocked'`);
    expect(await version()).toBe(before + 1);
  });

  it('moves on every write of what the checkout reads from the cache (decision 0111)', async () => {
    // Each write by plain SQL, as a script or another process would make it.
    const writes = [
      sql`insert into countries (name, code, status) values ('Cacheland', 'CL', 1)`,
      sql`insert into states (name, country_id, status) select 'Cache State', id, 1 from countries where code = 'CL'`,
      sql`update states set status = 0 where name = 'Cache State'`,
      sql`update countries set name = 'Cacheland renamed' where code = 'CL'`,
      sql`insert into shipping_methods (name, price) values ('Cache post', 5)`,
      sql`insert into shipping_zones (name) values ('Cache zone')`,
      sql`insert into shipping_zone_countries (zone_id, country_id)
        select z.id, c.id from shipping_zones z, countries c where z.name = 'Cache zone' and c.code = 'CL'`,
      sql`insert into shipping_zone_states (zone_id, state_id)
        select z.id, s.id from shipping_zones z, states s where z.name = 'Cache zone' and s.name = 'Cache State'`,
      sql`insert into shipping_zone_rates (zone_id, method_id, rate)
        select z.id, m.id, 3 from shipping_zones z, shipping_methods m where z.name = 'Cache zone' and m.name = 'Cache post'`,
      sql`update shipping_zone_rates set rate = 4 where rate = 3`,
      sql`delete from shipping_zone_states where state_id in (select id from states where name = 'Cache State')`,
      sql`update shipping_methods set price = 6 where name = 'Cache post'`,
      sql`insert into payment_methods (name, code) values ('Cache pay', 'cache_pay')`,
      sql`update payment_methods set display_order = display_order + 1 where code = 'cache_pay'`,
    ];
    for (const [index, write] of writes.entries()) {
      const before = await version();
      await database.db.execute(write);
      expect(await version(), `write ${index}`).toBe(before + 1);
    }
  });

  it('moves when a rule’s uses reach its total limit, not on every use', async () => {
    await database.db.execute(sql`
      insert into discount_rules (name, type, discount_value, total_usage_limit, usage_count)
      values ('Limited', 'product', 10, 3, 0)`);
    const before = await version();
    await database.db.execute(
      sql`update discount_rules set usage_count = usage_count + 1 where name = 'Limited'`,
    );
    await database.db.execute(
      sql`update discount_rules set usage_count = usage_count + 1 where name = 'Limited'`,
    );
    expect(await version()).toBe(before);
    await database.db.execute(
      sql`update discount_rules set usage_count = usage_count + 1 where name = 'Limited'`,
    );
    expect(await version()).toBe(before + 1);
    await database.db.execute(
      sql`update discount_rules set usage_count = usage_count - 1 where name = 'Limited'`,
    );
    expect(await version()).toBe(before + 2);
  });
});

describe('cachedReference', () => {
  it('loads once per version inside request scopes, and again after any committed write', async () => {
    const { read, loads } = counter();
    expect(await read('test:a')).toEqual({ loads: 1 });
    expect(await read('test:a')).toEqual({ loads: 1 });
    expect(loads()).toBe(1);
    await database.db.execute(sql`
      insert into settings (key, value) values ('site_name', '"Cached shop"'::jsonb)
      on conflict (key) do update set value = excluded.value`);
    expect(await read('test:a')).toEqual({ loads: 2 });
    expect(loads()).toBe(2);
  });

  it('does not cache outside a request scope or inside a transaction', async () => {
    const { loads } = counter();
    let direct = 0;
    const load = async () => ({ n: ++direct });
    await cachedReference(database.db, 'test:b', load);
    await cachedReference(database.db, 'test:b', load);
    expect(direct).toBe(2);
    await withReferenceCache(database.db, () =>
      database.db.transaction(async (tx) => {
        await cachedReference(tx, 'test:b', load);
        await cachedReference(tx, 'test:b', load);
      }),
    );
    expect(direct).toBe(4);
    expect(loads()).toBe(0);
  });

  it('serves a transaction opened for it from the process cache, at the version it was given', async () => {
    const { read, loads } = counter();
    const inRequest = await read('test:c');
    const known = await version();
    const inTransaction = await referenceCachedTransaction(database.db, known, (tx) =>
      cachedReference(tx, 'test:c', async () => ({ loads: -1 })),
    );
    expect(inTransaction).toBe(inRequest);
    expect(loads()).toBe(1);
    // A committed write is seen at the next version.
    await database.db.execute(
      sql`insert into brands (name, slug) values ('Versioned brand', 'versioned-brand')`,
    );
    const loaded = await referenceCachedTransaction(database.db, undefined, (tx) =>
      cachedReference(tx, 'test:c', async () => ({ loads: -2 })),
    );
    expect(loaded).toEqual({ loads: -2 });
    expect(await read('test:c')).toBe(loaded);
  });

  it('answers a setting written by plain SQL on the next request', async () => {
    const read = () => withReferenceCache(database.db, () => getSetting(database.db, 'app_timezone'));
    const first = await read();
    const other = first === 'Europe/Paris' ? 'Europe/Berlin' : 'Europe/Paris';
    await database.db.execute(sql`
      insert into settings (key, value) values ('app_timezone', ${JSON.stringify(other)}::jsonb)
      on conflict (key) do update set value = excluded.value`);
    expect(await read()).toBe(other);
  });
});
