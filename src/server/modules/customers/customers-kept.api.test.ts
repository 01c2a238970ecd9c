import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from '../../../test/factories';
import { loggedDb } from '../../../test/logged-db';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { rolePermissions, roles, userRoles, users } from '../../platform/auth/auth.tables';
import type { Db } from '../../platform/db/database';
import { userAddresses } from '../accounts/accounts.tables';
import { searchCustomers } from './customers.queries';

// The order form's customer search keeps its answers per process under the customers' change count
// (docs/decisions/0108): what it answers is always what a search would answer now, and it reads
// nothing more while nothing the search shows has changed.

let t: TestApp;
let staff: Agent;
let logged: { db: Db; sent: string[] };
let kepler: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
  logged = loggedDb(t.database);
  kepler = await createUser(t.ctx.db, {
    firstName: 'Johannes',
    lastName: 'Keplerian',
    address: { address: '1 Orbit Road' },
  });
  await createUser(t.ctx.db, { firstName: 'Tycho', lastName: 'Keplerian' });
});
afterAll(() => t.close());

/** The search through one handle, with the statements it sent. */
async function search(text: string, known?: string) {
  logged.sent.length = 0;
  const found = await searchCustomers(logged.db, text, known);
  return {
    rows: found.map((c) => ({ name: `${c.firstName} ${c.lastName}`, roles: c.roles, address: c.address })),
    statements: [...logged.sent],
  };
}

const changes = async () => {
  const result = (await t.database.db.execute(
    sql`select changes as n from row_counts where name = 'users'`,
  )) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]!.n);
};

const searched = (statements: string[]) => statements.some((s) => /ilike/.test(s));

describe('the customer search kept under the customers change count', () => {
  it('answers the same search again from what it kept, and with the count from the session reads nothing', async () => {
    const first = await search('keplerian');
    expect(first.rows.map((r) => r.name)).toEqual(['Johannes Keplerian', 'Tycho Keplerian']);
    expect(first.rows[0]).toMatchObject({ roles: ['customer'], address: '1 Orbit Road' });
    expect(first.statements[0]).toMatch(/"changes" from "row_counts"/);
    expect(searched(first.statements)).toBe(true);
    const again = await search('keplerian');
    expect(again.rows).toEqual(first.rows);
    expect(again.statements).toHaveLength(1);
    expect(searched(again.statements)).toBe(false);
    const known = await search('keplerian', String(await changes()));
    expect(known.rows).toEqual(first.rows);
    expect(known.statements).toHaveLength(0);
    // Another search is its own.
    expect(searched((await search('tycho')).statements)).toBe(true);
    // The orders' count is another table's: an order does not renew what the customer search kept.
    await t.ctx.db.execute(sql`update row_counts set changes = changes + 5 where name = 'orders'`);
    expect(searched((await search('keplerian')).statements)).toBe(false);
  });

  it('searches again once a customer is added, renamed, given a role or an address, or a role becomes back-office', async () => {
    await search('keplerian');
    const before = await changes();
    const galileo = await createUser(t.ctx.db, { firstName: 'Galileo', lastName: 'Keplerian' });
    // The user and their role, each counted.
    expect(await changes()).toBe(before + 2);
    let now = await search('keplerian');
    expect(now.rows.map((r) => r.name)).toContain('Galileo Keplerian');
    expect(searched(now.statements)).toBe(true);

    await t.ctx.db.update(users).set({ firstName: 'Galilei' }).where(eq(users.id, galileo.id));
    now = await search('keplerian');
    expect(now.rows.map((r) => r.name)).toContain('Galilei Keplerian');

    await t.ctx.db
      .update(userAddresses)
      .set({ address: '2 Orbit Road' })
      .where(eq(userAddresses.userId, kepler.id));
    now = await search('keplerian');
    expect(now.rows.find((r) => r.name === 'Johannes Keplerian')?.address).toBe('2 Orbit Road');

    const partner = await t.ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'partner'));
    await t.ctx.db.insert(userRoles).values({ userId: kepler.id, roleId: partner[0]!.id });
    now = await search('keplerian');
    expect(now.rows.find((r) => r.name === 'Johannes Keplerian')?.roles).toEqual(['customer', 'partner']);

    // A role of the shop's that gains a permission makes its holders back-office accounts: not offered.
    const astronomer = await createRole(t.ctx.db, 'astronomer');
    await t.ctx.db.insert(userRoles).values({ userId: galileo.id, roleId: astronomer.id });
    expect((await search('keplerian')).rows.map((r) => r.name)).toContain('Galilei Keplerian');
    const [permission] = await t.ctx.db
      .execute(sql`select id from permissions order by id limit 1`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await t.ctx.db.insert(rolePermissions).values({ roleId: astronomer.id, permissionId: permission!.id });
    expect((await search('keplerian')).rows.map((r) => r.name)).not.toContain('Galilei Keplerian');
  });

  it('does not search again for a sign-in or a password change, which the search does not show', async () => {
    await search('keplerian');
    const before = await changes();
    await t.ctx.db
      .update(users)
      .set({ passwordHash: 'changed', lastLoginAt: new Date() })
      .where(eq(users.id, kepler.id));
    expect(await changes()).toBe(before);
    expect(searched((await search('keplerian')).statements)).toBe(false);
  });

  it('keeps nothing of a rolled-back change', async () => {
    const before = await changes();
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.update(users).set({ lastName: 'Rolled back' }).where(eq(users.id, kepler.id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await changes()).toBe(before);
  });

  it('GET /api/customers answers from the kept search with the count read with the session', async () => {
    const response = await staff.get('/api/customers?search=keplerian');
    expect(response.statusCode).toBe(200);
    const names = (response.json() as { data: { first_name: string }[] }).data.map((c) => c.first_name);
    expect(names).toEqual(expect.arrayContaining(['Johannes', 'Tycho']));
    await createUser(t.ctx.db, { firstName: 'Brahe', lastName: 'Keplerian' });
    const after = await staff.get('/api/customers?search=keplerian');
    expect((after.json() as { data: { first_name: string }[] }).data.map((c) => c.first_name)).toContain(
      'Brahe',
    );
  });
});
