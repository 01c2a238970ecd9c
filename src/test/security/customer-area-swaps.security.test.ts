import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRoute } from '../../server/platform/http/define-route';
import { createOrderFixture } from '../order-fixtures';
import { type Agent, createTestApp, type TestApp } from '../test-app';
import { call, censusRoutes, fillUrl, fingerprint, routeKey } from './census';

/**
 * Cross-user id swaps in the customer areas (issue 18, docs/decisions/0075). account-scope covers
 * the staff routes that name a user (and the patient records); this covers every route of a role's
 * own area that names a record: a signed-in customer, partner, doctor or patient sends another user
 * of the same role's address or order id, with a body that would be valid for their own. Each
 * answers 404 and no row of any table changes.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROLES = ['customer', 'partner', 'doctor', 'patient'] as const;
type Role = (typeof ROLES)[number];

const roleOf = (route: AnyRoute): Role | null =>
  typeof route.auth === 'object' && 'role' in route.auth && ROLES.includes(route.auth.role as Role)
    ? (route.auth.role as Role)
    : null;

const swapRoutes = censusRoutes().filter((route) => roleOf(route) && /:\w+/.test(route.url));

/** What each route's id names. */
const kindOf = (route: AnyRoute): 'address' | 'order' =>
  route.url.includes('/addresses/') ? 'address' : 'order';

const ADDRESS_TYPES = ['billing', 'delivery', 'consultation', 'home', 'shipping', 'office'];
const address = (type: string) => ({
  type,
  address: '4 Rue La Bourdonnais',
  city: 'Curepipe',
  state: 'Plaines Wilhems',
  postal_code: '74213',
  country: 'Mauritius',
  phone: '',
});

type Owner = { agent: Agent; addressId: number; addressType: string; orderId: number };

/** A user of the role with an address (of a type the role may hold) and an order of their own. */
async function ownerOf(role: Role): Promise<Owner> {
  const agent = await t.signedIn(
    [role],
    role === 'partner' ? { userType: 'company', companyName: 'Owner Co' } : {},
  );
  for (const type of ADDRESS_TYPES) {
    const created = await agent.post(`/api/${role}/addresses`, address(type));
    if (created.statusCode === 201) {
      const order = await createOrderFixture(t.ctx.db, { userId: agent.user.id, paymentStatus: 'unpaid' });
      return { agent, addressId: created.json().data.id, addressType: type, orderId: order.id };
    }
  }
  throw new Error(`no address type accepted for ${role}`);
}

describe('customer-area routes that name a record', () => {
  it('are the addresses and orders of each role (a new one joins this sweep by itself)', () => {
    expect(swapRoutes.length).toBeGreaterThanOrEqual(20);
    for (const route of swapRoutes) expect(route.url, routeKey(route)).toMatch(/\/(addresses|orders?)\/:id/);
  });

  it.each(swapRoutes.map((route) => [routeKey(route), route] as const))(
    '%s with another user’s id: 404, nothing changes',
    async (_, route) => {
      const role = roleOf(route)!;
      const owner = await ownerOf(role);
      const intruder = await t.signedIn(
        [role],
        role === 'partner' ? { userType: 'company', companyName: 'Intruder Co' } : {},
      );
      // The intruder's own address proves the body is one the route accepts.
      await intruder.post(`/api/${role}/addresses`, address(owner.addressType));
      const id = kindOf(route) === 'address' ? owner.addressId : owner.orderId;
      const body = route.body ? address(owner.addressType) : {};
      const before = await fingerprint(t);
      const reply = await call(intruder, route, fillUrl(route.url, { id }), body);
      expect(reply.statusCode, `${routeKey(route)} → ${reply.body.slice(0, 200)}`).toBe(404);
      expect(await fingerprint(t)).toEqual(before);
    },
  );
});
