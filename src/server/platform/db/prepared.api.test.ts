import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedDb } from '../../../test/logged-db';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { settings } from '../settings/settings.tables';
import type { Executor } from './database';
import { inIdsPlaceholder, placeholders, preparedStatement } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.ctx.db.execute(sql`drop table if exists test_prepared_samples`);
  await t.close();
});

let builds = 0;
const settingByKey = preparedStatement((db: Executor) => {
  builds++;
  return db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder('key')))
    .prepare('test_prepared_setting_by_key');
});
const read = async (db: Executor, key: string) =>
  (await settingByKey(db).execute({ key })).map((r) => r.value);

describe('preparedStatement', () => {
  it('builds the statement once for the database and every transaction, and runs it on each', async () => {
    await read(t.ctx.db, 'nothing-here');
    for (let i = 0; i < 3; i++) await t.ctx.db.transaction((tx) => read(tx, 'nothing-here'));
    expect(builds).toBe(1);
    // Another database (drizzle handle) builds its own.
    await read(loggedDb(t.database).db, 'nothing-here');
    expect(builds).toBe(2);
  });

  it("runs inside the transaction: it sees the transaction's own write, which a rollback takes away", async () => {
    const key = 'test_prepared_uncommitted';
    const seen = await t.ctx.db
      .transaction(async (tx) => {
        await tx.insert(settings).values({ key, value: 'inside' });
        const inside = await read(tx, key);
        tx.rollback();
        return inside;
      })
      .catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Rollback') return null;
        throw error;
      });
    // The rollback throws out of the transaction: what it saw is checked through a second one.
    expect(seen).toBeNull();
    const inside = await t.ctx.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key, value: 'inside' });
      const rows = await read(tx, key);
      await tx.delete(settings).where(eq(settings.key, key));
      return rows;
    });
    expect(inside).toEqual(['inside']);
    expect(await read(t.ctx.db, key)).toEqual([]);
  });

  it('keeps each database apart: two drizzle handles on one client each log their own statements', async () => {
    const first = loggedDb(t.database);
    const second = loggedDb(t.database);
    await read(first.db, 'nothing-here');
    await read(second.db, 'nothing-here');
    await second.db.transaction((tx) => read(tx, 'nothing-here'));
    expect(first.sent.filter((q) => q.includes('from "settings"'))).toHaveLength(1);
    expect(second.sent.filter((q) => q.includes('from "settings"'))).toHaveLength(2);
  });

  it('gives each transaction its own connection: two at once see only their own rows', async () => {
    const keys = ['test_prepared_a', 'test_prepared_b'];
    let arrived = 0;
    let release: () => void = () => {};
    const bothIn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const run = (key: string, other: string) =>
      t.ctx.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key, value: key });
        // On PostgreSQL both transactions hold their rows uncommitted here at once.
        if (++arrived === 2 || t.database.kind === 'pglite') release();
        await bothIn;
        const own = await read(tx, key);
        const others = await read(tx, other);
        await tx.delete(settings).where(eq(settings.key, key));
        return { own, others };
      });
    const [a, b] = await Promise.all([run(keys[0]!, keys[1]!), run(keys[1]!, keys[0]!)]);
    expect(a).toEqual({ own: [keys[0]], others: [] });
    expect(b).toEqual({ own: [keys[1]], others: [] });
  });
});

// A table of this test's own, dropped after it: a test database is emptied and handed to the next
// file, which expects the template's tables only (docs/decisions/0090).
const samples = pgTable('test_prepared_samples', {
  id: integer('id').primaryKey(),
  label: text('label'),
  amount: numeric('amount', { precision: 10, scale: 2 }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  details: jsonb('details'),
});
const insertSample = preparedStatement((db) =>
  db
    .insert(samples)
    .values(placeholders(samples, ['id', 'label', 'amount', 'at', 'details']))
    .returning()
    .prepare('test_prepared_sample_insert'),
);
const samplesByIds = preparedStatement((db) =>
  db
    .select()
    .from(samples)
    .where(inIdsPlaceholder(samples.id))
    .orderBy(samples.id)
    .prepare('test_prepared_samples'),
);

describe('placeholders and inIdsPlaceholder', () => {
  it('send each value through its column, and a null as SQL null', async () => {
    await t.ctx.db.execute(
      sql`create table test_prepared_samples (id integer primary key, label text, amount numeric(10, 2), at timestamptz, details jsonb)`,
    );
    const at = new Date('2026-11-28T10:00:00.000Z');
    await t.ctx.db.transaction(async (tx) => {
      await insertSample(tx).execute({ id: 1, label: 'full', amount: '12.50', at, details: { a: [1, 2] } });
      await insertSample(tx).execute({ id: 2, label: null, amount: null, at: null, details: null });
    });
    const rows = await samplesByIds(t.ctx.db).execute({ ids: [2, 1, 99] });
    expect(rows).toEqual([
      { id: 1, label: 'full', amount: '12.50', at, details: { a: [1, 2] } },
      { id: 2, label: null, amount: null, at: null, details: null },
    ]);
    // A JSON null would be a value, not the absence of one.
    const nulls = await t.ctx.db.execute(
      sql`select count(*)::integer as n from test_prepared_samples where details is null and amount is null`,
    );
    expect(Number((nulls as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
    expect(await samplesByIds(t.ctx.db).execute({ ids: [] })).toEqual([]);
  });

  it('refuses a key that is not a column of the table', () => {
    expect(() => placeholders(samples, ['nope' as 'id'])).toThrow('nope is not a column of this table');
  });
});
