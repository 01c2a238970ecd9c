import { describe, expect, it } from 'vitest';
import { describeAuth } from './platform/http/define-route';
import { allRoutes } from './routes';

/**
 * Who can reach what. The snapshot lists every route with its auth level and permission, so a
 * change of access shows up in review as a diff of routes.snapshot.txt.
 */
describe('route permissions', () => {
  const lines = allRoutes
    .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(48)} ${describeAuth(r.auth)}`)
    .sort();

  it('matches the reviewed snapshot', async () => {
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./routes.snapshot.txt');
  });

  it('guards every /admin route and /dashboard with a permission (DECISIONS 1)', () => {
    const unguarded = allRoutes.filter(
      (r) =>
        (r.url.startsWith('/admin') || r.url === '/dashboard') &&
        (typeof r.auth === 'string' || !('permission' in r.auth)),
    );
    expect(unguarded.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('keeps customer areas to their role (DECISIONS 2)', () => {
    for (const role of ['customer', 'partner', 'doctor', 'patient']) {
      const area = allRoutes.filter(
        (r) => r.url.startsWith(`/${role}/`) || r.url.startsWith(`/api/${role}/`),
      );
      for (const route of area) expect(describeAuth(route.auth), route.url).toBe(`role:${role}`);
    }
  });

  it('checks CSRF on every mutating route a browser sends', () => {
    // The one exemption: the payment gateway's signed server-to-server notification (decision 0052).
    const exempt = allRoutes.filter((r) => r.method !== 'GET' && r.csrf === false);
    expect(exempt.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /payment/webhook']);
  });
});
