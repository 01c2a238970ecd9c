import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { readTogether } from './read-together';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A read that notes when it starts and ends, and takes `ms`. */
function timed(log: string[], name: string, ms: number) {
  return async () => {
    log.push(`${name} start`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push(`${name} end`);
    return name;
  };
}

describe('readTogether', () => {
  it('reads at once outside a transaction, and answers in the order asked', async () => {
    const log: string[] = [];
    const answers = await readTogether(t.ctx.db, [timed(log, 'a', 30), timed(log, 'b', 1)]);
    expect(answers).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'b start', 'b end', 'a end']);
  });

  it('reads one after the other in a transaction (one connection)', async () => {
    const log: string[] = [];
    const answers = await t.ctx.db.transaction((tx) =>
      readTogether(tx, [timed(log, 'a', 30), timed(log, 'b', 1)]),
    );
    expect(answers).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('takes query builders as they are, run when read', async () => {
    const [one, two] = await t.ctx.db.transaction((tx) =>
      readTogether(tx, [() => tx.execute(sql`select 1 as n`), () => tx.execute(sql`select 2 as n`)]),
    );
    const n = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]!.n);
    expect([n(one), n(two)]).toEqual([1, 2]);
  });
});
