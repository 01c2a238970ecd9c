import { sql } from 'drizzle-orm';
import { seededPermissionsFor } from '../../domain/access/permissions';
import type { AnyRoute } from '../../server/platform/http/define-route';
import { allRoutes } from '../../server/routes';
import type { Agent, TestApp } from '../test-app';

/**
 * The route census of the security suite (issue 11): every route of the route table with its auth
 * level, and what each identity must get from it. Generated from `allRoutes`, so a new route is in
 * the census the moment it is mounted.
 */

/** The identities the suite calls every route as. Partner signs in with partner as its only role. */
export const IDENTITIES = ['anonymous', 'customer', 'partner', 'staff', 'admin'] as const;
export type Identity = (typeof IDENTITIES)[number];

export type Expectation = 'allowed' | 'unauthenticated' | 'forbidden';

/** Routes that may be reached by any signed-in user (their own data only). */
export const SIGNED_IN_ROUTES = ['GET /api/user', 'GET /api/user/roles', 'POST /api/user/roles/switch'];

export const routeKey = (route: AnyRoute) => `${route.method} ${route.url}`;

/**
 * Why a route is let through as it is: every route must fall under one of these, or the census
 * fails (a route without a policy).
 */
export function policyOf(route: AnyRoute): string | null {
  const auth = route.auth;
  if (auth === 'public') return 'public';
  if (auth === 'signed-in') return SIGNED_IN_ROUTES.includes(routeKey(route)) ? 'signed-in (own data)' : null;
  if ('permission' in auth) return `permission ${auth.permission}`;
  if ('role' in auth)
    return route.url === `/${auth.role}` ||
      route.url.startsWith(`/${auth.role}/`) ||
      route.url.startsWith(`/api/${auth.role}/`)
      ? `role ${auth.role} (its own area)`
      : null;
  return null;
}

/** What an identity must get from a route, judged by the route's auth and the seeded permissions. */
export function expectationFor(route: AnyRoute, identity: Identity): Expectation {
  const auth = route.auth;
  if (auth === 'public') return 'allowed';
  if (identity === 'anonymous') return 'unauthenticated';
  if (auth === 'signed-in') return 'allowed';
  if ('permission' in auth)
    return seededPermissionsFor(identity).includes(auth.permission) ? 'allowed' : 'forbidden';
  return auth.role === identity ? 'allowed' : 'forbidden';
}

/** An id no record has: the gate is judged before the record is looked up. */
export const MISSING_ID = '2147483000';

/** An id that names a real record in a demo-seeded database (every table starts at 1). */
export const REAL_ID = '1';

/**
 * The route's URL with its parameters filled: ids with `ids`, else `defaultId` (1 names a real
 * record of every table in a demo-seeded database), other parameters with a word.
 */
export function fillUrl(
  url: string,
  ids: Record<string, string | number> = {},
  defaultId = MISSING_ID,
): string {
  return url
    .replace(/:(\w+)/g, (_, name: string) => String(ids[name] ?? (/id$/i.test(name) ? defaultId : 'sample')))
    .replace(/\*$/, 'sample.png');
}

export type Agents = Record<Identity, Agent>;

/** One signed-in agent per identity (and a guest with a session and CSRF token). */
export async function agentsFor(t: TestApp): Promise<Agents> {
  const anonymous = t.agent();
  await anonymous.visit();
  return {
    anonymous,
    customer: await t.signedIn(['customer']),
    partner: await t.signedIn(['partner'], { userType: 'company', companyName: 'Census Partner Ltd' }),
    staff: await t.signedIn(['staff']),
    admin: await t.signedIn(['admin']),
  };
}

/** Routes that end the caller's session: called with a throwaway agent so the sweep keeps going. */
export const SESSION_ENDING = ['POST /logout'];

export const censusRoutes = (): readonly AnyRoute[] => allRoutes;

export const isMutating = (route: AnyRoute) => route.method !== 'GET';

/** How the suite calls a route: JSON, as the browser's fetch does. */
export async function call(
  agent: Agent,
  route: AnyRoute,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  return agent.request({
    method: route.method,
    url,
    ...(isMutating(route)
      ? { payload: JSON.stringify(body ?? {}), headers: { 'content-type': 'application/json', ...headers } }
      : headers
        ? { headers }
        : {}),
  });
}

/** Tables a request may touch without changing the shop: the session's sliding expiry. */
const VOLATILE = new Set(['sessions']);

/** A fingerprint of every row of every table (the test database is small). */
export async function fingerprint(
  t: TestApp,
  except: ReadonlySet<string> = new Set(),
): Promise<Record<string, string>> {
  const tables = (await t.ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const result: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    if (VOLATILE.has(name) || except.has(name)) continue;
    const row = (await t.ctx.db.execute(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as f from ${sql.identifier(name)} x`,
    )) as unknown as { rows: { f: string }[] };
    result[name] = row.rows[0]!.f;
  }
  return result;
}
