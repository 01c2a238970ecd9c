import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_STATEMENTS, pgliteClient } from './pglite-statements';

let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    create table things (id integer primary key, name text not null unique, price numeric(12, 2),
      tags text[], data jsonb, at timestamptz default '2026-11-29T10:00:00Z', photo bytea);
    insert into things (id, name, price, tags, data, photo)
      select g, 'thing ' || g, g * 1.5, array['a' || g, 'b'], jsonb_build_object('n', g), '\\x0102'
      from generate_series(1, 20) g;`);
});

afterAll(async () => {
  await pglite.close();
});

/** The named statements PGlite holds, with how often each ran. */
async function kept(like: string) {
  return (
    await pglite.query<{ name: string; runs: number }>(
      `select name, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement like $1`,
      [like],
    )
  ).rows;
}

describe('pgliteClient', () => {
  const read =
    'select id, name, price, tags, data, at, photo from things where id = any($1::int[]) and name <> $2 order by id';

  it('returns what PGlite’s own query returns, in either row mode and with given parsers', async () => {
    const client = pgliteClient(pglite);
    const params = [[3, 4, 5], 'thing 4'];
    const parsers = { [types.TIMESTAMPTZ]: (value: string) => value };
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'array' as const, parsers },
    ]) {
      const own = await pglite.query(read, params, options);
      const ours = await client.query(read, params, options);
      expect(ours.rows).toEqual(own.rows);
      expect(ours.fields).toEqual(own.fields);
      expect(ours.rows).toHaveLength(2);
    }
    const [row] = (await client.query(read, [[7], null])).rows;
    // A null parameter is sent as SQL null: `name <> null` is never true.
    expect(row).toBeUndefined();
    const inserted = await client.query('insert into things (id, name, data) values ($1, $2, $3)', [
      100,
      'added',
      { nested: [1, 2] },
    ]);
    expect(inserted.affectedRows).toBe(1);
    expect((await client.query('select data from things where id = $1', [100])).rows).toEqual([
      { data: { nested: [1, 2] } },
    ]);
  });

  it('parses a statement once and executes it by name afterwards', async () => {
    const client = pgliteClient(pglite);
    const text = 'select count(*)::int as n from things where id > $1 and id <= 20';
    for (const floor of [0, 5, 10, 15]) {
      expect((await client.query(text, [floor])).rows).toEqual([{ n: 20 - floor }]);
    }
    expect(await kept(text)).toEqual([{ name: expect.stringMatching(/^emporium_\d+$/), runs: 4 }]);
    // The same client for the same PGlite: its statements are the process's.
    expect(pgliteClient(pglite)).toBe(client);
  });

  it('reports a bad statement or a broken constraint as PGlite does, and goes on working', async () => {
    const client = pgliteClient(pglite);
    await expect(client.query('select nonsense from', [])).rejects.toMatchObject({ code: '42601' });
    const insert = 'insert into things (id, name) values ($1, $2)';
    await expect(client.query(insert, [200, 'thing 1'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
      query: insert,
    });
    await client.query(insert, [200, 'unique name']);
    expect((await client.query('select name from things where id = $1', [200])).rows).toEqual([
      { name: 'unique name' },
    ]);
  });

  it('runs a transaction’s statements inside it, and keeps other statements waiting until it ends', async () => {
    const client = pgliteClient(pglite);
    const update = 'update things set name = $2 where id = $1';
    const readName = 'select name from things where id = $1';
    let outside: Promise<unknown> | undefined;
    await expect(
      client.transaction(async (tx) => {
        await tx.query(update, [1, 'renamed']);
        expect((await tx.query(readName, [1])).rows).toEqual([{ name: 'renamed' }]);
        outside = client.query(readName, [1]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    // The statement outside waited for the transaction, which rolled back.
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ name: 'thing 1' }]);
    await client.transaction(async (tx) => {
      await tx.query(update, [2, 'kept']);
    });
    expect((await client.query(readName, [2])).rows).toEqual([{ name: 'kept' }]);
  });

  it('leaves a statement with given parameter types to PGlite’s own query, in a transaction too', async () => {
    const client = pgliteClient(pglite);
    const text = 'select $1 as typed';
    const options = { paramTypes: [types.INT4] };
    expect((await client.query(text, ['7'], options)).rows).toEqual([{ typed: 7 }]);
    await client.transaction(async (tx) => {
      expect((await tx.query(text, ['8'], options)).rows).toEqual([{ typed: 8 }]);
    });
    expect(await kept(text)).toEqual([]);
  });

  it('parses a statement again when its columns changed or it was deallocated', async () => {
    const client = pgliteClient(pglite);
    await pglite.exec('create table changing (id integer primary key); insert into changing values (1)');
    const text = 'select * from changing where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await pglite.exec(`alter table changing add column label text default 'new'`);
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, label: 'new' }]);
    await pglite.exec('deallocate all');
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, label: 'new' }]);
  });

  it('forgets a stale statement met inside a transaction, so the next transaction parses it again', async () => {
    const client = pgliteClient(pglite);
    await pglite.exec(
      'create table changing_in_tx (id integer primary key); insert into changing_in_tx values (1)',
    );
    const text = 'select * from changing_in_tx where id = $1';
    const inTransaction = () => client.transaction(async (tx) => (await tx.query(text, [1])).rows);
    expect(await inTransaction()).toEqual([{ id: 1 }]);
    await pglite.exec(`alter table changing_in_tx add column label text default 'new'`);
    await expect(inTransaction()).rejects.toMatchObject({ code: '0A000', query: text });
    expect(await inTransaction()).toEqual([{ id: 1, label: 'new' }]);
    // The stale name was closed with the new parse: one statement for the text is left.
    expect(await kept(text)).toHaveLength(1);
  });

  it(`keeps at most ${KEPT_STATEMENTS} statements, closing the least recently used`, async () => {
    const client = pgliteClient(pglite);
    const hot = 'select 1 as hot where $1::int > 0';
    await client.query(hot, [1]);
    for (let i = 0; i < KEPT_STATEMENTS + 20; i++) {
      await client.query(`select ${i} as one_off where $1::int > 0`, [1]);
      if (i % 100 === 0) await client.query(hot, [1]);
    }
    const all = await pglite.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where name like 'emporium\\_%'`,
    );
    expect(all.rows[0]!.n).toBe(KEPT_STATEMENTS);
    expect(await kept('select 0 as one_off%')).toEqual([]);
    expect(await kept(hot)).toHaveLength(1);
  });
});
