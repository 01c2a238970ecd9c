import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedDb } from '../../../test/logged-db';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { settings } from '../settings/settings.tables';
import type { Executor } from './database';
import { preparedStatement } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
