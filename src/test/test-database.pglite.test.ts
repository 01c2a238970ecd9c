import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../server/platform/db/database';
import { createTestApp } from './test-app';
import { freshDatabase, recycleDatabase, TEMPLATE_ROWS_SCHEMA } from './test-database';

/**
 * A PGlite copy given back by one test file and handed to the next must be the template again:
 * every row a test wrote gone, the template's rows back, the sequences where the template left them,
 * no session setting or advisory lock left over, and a newer reference data version. PGlite only:
 * PostgreSQL copies are dropped, not recycled.
 */
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => undefined);
});

type Row = Record<string, unknown>;
async function rows(database: Database, statement: string): Promise<Row[]> {
  return (await database.pglite!.query<Row>(statement)).rows;
}

/** What the template holds, table by table and sequence by sequence, as a copy shows it now. */
async function contents(database: Database): Promise<Record<string, unknown>> {
  const tables = await rows(
    database,
    `select tablename from pg_tables where schemaname = 'public' order by 1`,
  );
  const out: Record<string, unknown> = {};
  for (const { tablename } of tables) {
    if (tablename === 'reference_data_version') continue;
    out[String(tablename)] = await rows(database, `select * from public."${tablename}" order by 1`);
  }
  out.sequences = await rows(
    database,
    `select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return out;
}

describe('a recycled PGlite test database', () => {
  it('comes back as the template: rows, sequences, session and a newer reference version', async () => {
    const first = await freshDatabase(inject('templatePath'));
    const template = await contents(first);

    // A file's worth of changes: a user signed in through the app (user, roles, session), a VAT
    // rate, a role's permission taken away, a session setting and an advisory lock.
    const t = await createTestApp();
    opened.push(t.database);
    await t.signedIn(['admin']);
    await t.database.pglite!.exec(`
      insert into vats (name, type, rate) values ('Recycled', 'percentage', 7);
      delete from role_permissions where ctid = (select ctid from role_permissions limit 1);
      set statement_timeout = 1234;
      select pg_advisory_lock(42);
    `);
    expect(await contents(t.database)).not.toEqual(template);
    const [{ version: before }] = (await rows(t.database, 'select version from reference_data_version')) as [
      { version: number },
    ];
    const reused = t.database;
    await t.close();

    const next = await freshDatabase(inject('templatePath'));
    opened.push(next);
    expect(next, 'the copy the app gave back is handed out again').toBe(reused);
    expect(await contents(next)).toEqual(template);
    expect(await rows(next, 'show statement_timeout')).toEqual([{ statement_timeout: '0' }]);
    expect(
      await rows(next, `select count(*)::int as held from pg_locks where locktype = 'advisory'`),
    ).toEqual([{ held: 0 }]);
    const [{ version: after }] = (await rows(next, 'select version from reference_data_version')) as [
      { version: number },
    ];
    expect(Number(after)).toBeGreaterThan(Number(before));
    expect(await rows(next, `select count(*)::int as kept from ${TEMPLATE_ROWS_SCHEMA}.tables`)).not.toEqual([
      { kept: 0 },
    ]);
    await recycleDatabase(first);
  });

  it('is not handed out again once a test closed it', async () => {
    const database = await freshDatabase(inject('templatePath'));
    await database.close();
    await recycleDatabase(database);
    const next = await freshDatabase(inject('templatePath'));
    opened.push(next);
    expect(next).not.toBe(database);
    expect(next.pglite!.closed).toBe(false);
  });
});
