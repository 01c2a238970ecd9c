import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsSession } from '../../server/platform/auth/request-session';
import { MESSAGES } from '../../server/platform/http/errors';
import { seedDemo } from '../../server/seed-demo';
import { createTestApp, type TestApp } from '../test-app';
import {
  type Agents,
  agentsFor,
  call,
  censusRoutes,
  expectationFor,
  fillUrl,
  IDENTITIES,
  MISSING_ID,
  policyOf,
  REAL_ID,
  routeKey,
  SESSION_ENDING,
} from './census';

/**
 * Every route × every identity (issue 11): anonymous gets 401 on anything not public, a role
 * without the route's permission (or another area's role) gets 403, and whoever may call it gets
 * through the gate; nobody ever gets a 500.
 */
let t: TestApp;
let agents: Agents;

beforeAll(async () => {
  t = await createTestApp();
  // The demo shop: every table holds rows, so id 1 names a real record and a forged write would show.
  await seedDemo(t.ctx);
  agents = await agentsFor(t);
}, 180_000);
afterAll(() => t.close());

const routes = censusRoutes();

describe('the route census', () => {
  it('has a policy for every route', () => {
    const without = routes.filter((route) => policyOf(route) === null).map(routeKey);
    expect(without).toEqual([]);
  });

  it('guards every /admin and back-office /api route with a permission', () => {
    const open = routes.filter(
      (route) =>
        (route.url.startsWith('/admin') || route.url === '/dashboard') &&
        (typeof route.auth === 'string' || !('permission' in route.auth)),
    );
    expect(open.map(routeKey)).toEqual([]);
  });
});

/** Replies the same for everyone, which may be cached publicly (sessionless paths are not checked). */
const PUBLIC_CACHE = new Set(['GET /favicon.ico', 'GET /robots.txt', 'GET /sitemap.xml']);

/** GET routes without parameters that answer 422 to a bare call, and why. */
const NEEDS_INPUT = new Map([
  ['GET /api/shipping-zones/rate', 'the address to rate'],
  ['GET /admin/file/files', 'the ids of the files'],
  ['GET /api/discounts/selector/products', 'two characters of search'],
  ['GET /api/discounts/selector/categories', 'two characters of search'],
  ['GET /api/order-products', 'two characters of search'],
  ['GET /api/whatsapp-test/accounts', 'a stored API token'],
  ['GET /checkout/get-states', 'the country whose states'],
  ['GET /payment-sandbox/pay', 'the shop’s signed payment request'],
  ['GET /partner/credit/export', 'the statement’s format and dates'],
  ['GET /api/patient-allergies', 'the patient_id whose records'],
  ['GET /api/patient-surgeries', 'the patient_id whose records'],
  ['GET /api/patient-hospitalizations', 'the patient_id whose records'],
]);

describe.each(IDENTITIES)('every route as %s', (identity) => {
  const cases = routes.filter((route) => !SESSION_ENDING.includes(routeKey(route)));

  it.each(cases.map((route) => [routeKey(route), route] as const))('%s', async (_, route) => {
    // Reads name real records; writes name none, so the sweep cannot change what later calls read.
    const response = await call(
      agents[identity],
      route,
      fillUrl(route.url, {}, route.method === 'GET' ? REAL_ID : MISSING_ID),
    );
    const status = response.statusCode;
    const context = `${identity} ${routeKey(route)} → ${status} ${response.body.slice(0, 200)}`;
    expect(status, context).toBeLessThan(500);
    // Whatever depends on the session stays out of shared caches.
    if (needsSession(route.url) && !PUBLIC_CACHE.has(routeKey(route)))
      expect(String(response.headers['cache-control']), context).toMatch(/\bprivate\b/);
    const expected = expectationFor(route, identity);
    if (expected === 'unauthenticated') expect(status, context).toBe(401);
    else if (expected === 'forbidden') {
      expect(status, context).toBe(403);
      expect(response.json().message, context).toBe(MESSAGES.forbidden);
    } else {
      expect([401, 419], context).not.toContain(status);
      // A 403 past the gate is a rule of the route (the account-scope policy), never the gate's own.
      if (status === 403) expect(response.json().message, context).not.toBe(MESSAGES.forbidden);
      // A list or page without parameters works for whoever may open it.
      if (route.method === 'GET' && !route.url.includes(':') && !route.url.includes('*')) {
        if (NEEDS_INPUT.has(routeKey(route))) expect(status, context).toBe(422);
        else expect(status, context).toBeLessThan(400);
      }
    }
  });
});

describe('routes that end the session', () => {
  it.each(SESSION_ENDING)('%s works for anyone and ends only the caller’s session', async (key) => {
    const route = routes.find((r) => routeKey(r) === key)!;
    for (const identity of IDENTITIES) {
      const throwaway =
        identity === 'anonymous'
          ? t.agent()
          : await t.signedIn([identity === 'partner' ? 'partner' : identity]);
      if (identity === 'anonymous') await throwaway.visit();
      const response = await call(throwaway, route, fillUrl(route.url, {}, REAL_ID));
      expect(response.statusCode, `${identity}: ${response.body}`).toBeLessThan(400);
    }
    expect((await agents.admin.get('/api/user')).statusCode).toBe(200);
  });
});
