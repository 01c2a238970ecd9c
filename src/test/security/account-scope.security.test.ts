import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientRecords } from '../../server/modules/patients';
import { users } from '../../server/platform/auth/auth.tables';
import { rolesOf } from '../../server/platform/auth/user-roles';
import { createRole, createUser } from '../factories';
import { type Agent, createTestApp, type TestApp } from '../test-app';
import { call, censusRoutes, fillUrl, routeKey } from './census';

/**
 * Id swaps on every route that takes a user id (issue 11): each is called with an admin's id and
 * with another customer's id, by the least-privileged identity that may call it. Acting on the
 * admin is refused with 403 and changes nothing; acting on the customer passes the policy.
 */
let t: TestApp;
let callers: Record<'staff' | 'userDesk' | 'admin', Agent>;

beforeAll(async () => {
  t = await createTestApp();
  await createRole(t.ctx.db, 'user-desk', ['users.manage']);
  callers = {
    staff: await t.signedIn(['staff']),
    userDesk: await t.signedIn(['user-desk']),
    admin: await t.signedIn(['admin']),
  };
});
afterAll(() => t.close());

type Swap = {
  /** Who calls it: the route's permission holder with the least access. */
  caller: keyof typeof callers;
  /** A body that would change the account. */
  body: (target: { id: number; email: string }) => Record<string, unknown>;
  /** Reading is not acting: the list shows the same people. */
  readOnly?: boolean;
  /** The admin SPA's shell answers any id; the screen then reads /api/users/{id}. */
  shell?: boolean;
  /**
   * A patient-records route (docs/decisions/0063): it acts on patients only, so any other account,
   * an admin included, is no patient (404, nothing changes); the other account is a patient, with
   * one record of `kind` named by the path's `param` when it names one.
   */
  patient?: { record?: { param: string; kind: 'medications' | 'health_vitals' } };
};

const profile = (email: string) => ({
  user_type: 'individual',
  first_name: 'Swapped',
  last_name: 'Name',
  email,
  address_type: 'delivery',
  roles: ['customer'],
});

/** Every route that names a user in its path. A new one must be added here, or the census fails. */
const USER_ID_ROUTES: Record<string, Swap> = {
  'GET /api/users/:id': { caller: 'userDesk', body: () => ({}), readOnly: true },
  'GET /admin/users/:id/edit': { caller: 'userDesk', body: () => ({}), readOnly: true, shell: true },
  'PUT /admin/users/:id': { caller: 'userDesk', body: () => profile('swapped@example.test') },
  'PUT /admin/users/:id/role': { caller: 'userDesk', body: () => ({ roles: ['customer', 'patient'] }) },
  'PUT /admin/users/:id/account-status': {
    caller: 'userDesk',
    body: () => ({ account_status: 'suspended', status_reason: 'swap' }),
  },
  'PUT /api/customers/:id/profile': {
    caller: 'staff',
    body: () => ({
      user_type: 'individual',
      first_name: 'S',
      last_name: 'W',
      email: 'staff-swap@example.test',
    }),
  },
  'POST /api/users/:id/ensure-customer-role': { caller: 'staff', body: () => ({}) },
  'GET /admin/patients/:id': { caller: 'staff', body: () => ({}), readOnly: true, shell: true },
  'GET /api/patients/:id': { caller: 'staff', body: () => ({}), readOnly: true, patient: {} },
  ...patientRecordSwaps('medications', 'medications', 'medId', () => ({ medication_name: 'Swapped' })),
  ...patientRecordSwaps('health-vitals', 'health_vitals', 'vitalId', () => ({
    vital_type: 'weight',
    value_1: 70,
    unit: 'kg',
    recorded_at: '2026-01-01T08:00',
  })),
};

function patientRecordSwaps(
  segment: string,
  kind: 'medications' | 'health_vitals',
  param: string,
  body: () => Record<string, unknown>,
): Record<string, Swap> {
  const list = `/api/patients/:id/${segment}`;
  const item = `${list}/:${param}`;
  const record = { param, kind };
  return {
    [`GET ${list}`]: { caller: 'staff', body: () => ({}), readOnly: true, patient: {} },
    [`POST ${list}`]: { caller: 'staff', body, patient: {} },
    [`PUT ${item}`]: { caller: 'staff', body, patient: { record } },
    [`DELETE ${item}`]: { caller: 'staff', body: () => ({}), patient: { record } },
  };
}

const namesAUser = (url: string) =>
  /\/(users|customers|admins|partners|suppliers|doctors|patients)\/:\w+/.test(url);

/**
 * Routes that name a partner (partner credit, docs/decisions/0061): they act on the partner's
 * credit account, never on the user account, and only for a user holding the partner role; any
 * other user's id (an admin's, a customer's) is a 404 that changes nothing.
 */
const PARTNER_ID_ROUTES: Record<string, Record<string, unknown>> = {
  'GET /admin/api/partners/:id': {},
  'GET /admin/api/partners/:id/credit-summary': {},
  'GET /admin/api/partners/:partnerId/credit/transactions': {},
  'GET /admin/partners/:id/credit/export': {},
  'POST /admin/api/partners/:id/credit/add': { amount: 5 },
  'POST /admin/api/partners/:id/credit/remove': { amount: 5 },
  'PUT /admin/api/partners/:id/credit/limit': { credit_limit: 100 },
  'PUT /admin/api/partners/:id/credit/status': { status: 'suspended' },
};

describe('routes that name a user', () => {
  it('are all in the id-swap table', () => {
    const found = censusRoutes()
      .filter((route) => namesAUser(route.url))
      .map(routeKey)
      .sort();
    expect(found).toEqual([...Object.keys(USER_ID_ROUTES), ...Object.keys(PARTNER_ID_ROUTES)].sort());
  });
});

describe.each(Object.entries(PARTNER_ID_ROUTES))('%s', (key, body) => {
  const route = censusRoutes().find((r) => routeKey(r) === key)!;

  it('answers 404 for a user who is not a partner (an admin, a customer), changing nothing', async () => {
    for (const roles of [['admin'], ['customer']]) {
      const user = await createUser(t.ctx.db, { roles });
      const before = await snapshot(user.id);
      // The statement needs its format and dates before the partner is looked up.
      const query = key.endsWith('/export') ? '?format=pdf&start_date=2026-01-01&end_date=2026-01-31' : '';
      const url = `${fillUrl(route.url, { id: user.id, partnerId: user.id })}${query}`;
      const response = await call(callers.admin, route, url, body);
      expect(response.statusCode, response.body).toBe(404);
      expect(await snapshot(user.id)).toEqual(before);
    }
  });
});

const snapshot = async (id: number) => ({
  row: (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0],
  roles: await rolesOf(t.ctx.db, id),
});

describe.each(Object.entries(USER_ID_ROUTES))('%s', (key, swap) => {
  const route = censusRoutes().find((r) => routeKey(r) === key)!;

  it(
    swap.patient
      ? 'finds no patient in an admin: 404, nothing changes'
      : swap.readOnly
        ? 'reads an admin (reading changes nothing)'
        : 'refuses to act on an admin: 403, nothing changes',
    async () => {
      const admin = await createUser(t.ctx.db, { roles: ['admin'] });
      const before = await snapshot(admin.id);
      const response = await call(
        callers[swap.caller],
        route,
        fillUrl(route.url, { id: admin.id }),
        swap.body(admin),
      );
      expect(response.statusCode, response.body).toBe(swap.patient ? 404 : swap.readOnly ? 200 : 403);
      expect(await snapshot(admin.id)).toEqual(before);
    },
  );

  it(swap.patient ? 'acts on a patient' : 'acts on another customer', async () => {
    const customer = await createUser(t.ctx.db, { roles: [swap.patient ? 'patient' : 'customer'] });
    const ids: Record<string, number> = { id: customer.id };
    const record = swap.patient?.record;
    if (record) {
      const [row] = await t.ctx.db
        .insert(patientRecords)
        .values({ patientId: customer.id, kind: record.kind, title: 'Swap', details: {} })
        .returning();
      ids[record.param] = row!.id;
    }
    const response = await call(callers[swap.caller], route, fillUrl(route.url, ids), swap.body(customer));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 404 for an account that does not exist', async () => {
    const response = await call(
      callers[swap.caller],
      route,
      fillUrl(route.url, { id: 2147480000 }),
      swap.body({ id: 0, email: 'x@example.test' }),
    );
    expect(response.statusCode).toBe(swap.shell ? 200 : 404);
  });
});
