import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { allRoutes } from '../../routes';
import { defineRoute } from './define-route';
import { URL_MESSAGES } from './errors';

const echo = z.object({ name: z.string({ error: 'Name is required' }).min(2, 'Name is too short') });

/** Probe routes that exercise the HTTP platform itself. */
const probes = [
  defineRoute({
    method: 'GET',
    url: '/probe/boom',
    auth: 'public',
    handler: async () => {
      throw new Error('database password is hunter2');
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/probe/conflict',
    auth: 'public',
    handler: async () => {
      throw new AppError('conflict', 'Already done');
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/probe/echo',
    auth: 'public',
    body: echo,
    handler: async ({ body }) => ({ method: 'POST', ...body }),
  }),
  defineRoute({
    method: 'PUT',
    url: '/probe/echo',
    auth: 'public',
    body: echo,
    handler: async ({ body }) => ({ method: 'PUT', ...body }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/probe/echo',
    auth: 'public',
    handler: async () => ({ method: 'DELETE' }),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/probe/patch-only',
    auth: 'signed-in',
    handler: async () => ({ method: 'PATCH' }),
  }),
  defineRoute({
    method: 'GET',
    url: '/probe/admin-page',
    auth: { permission: 'users.manage' },
    page: 'admin',
    handler: async () => ({ data: 'json' }),
  }),
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ routes: [...allRoutes, ...probes] });
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers an unexpected error with a generic 500 and a request id, never the details', async () => {
    const response = await t.agent().get('/probe/boom');
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.message).toBe('Server Error');
    expect(body.request_id).toBe(response.headers['x-request-id']);
    expect(response.body).not.toContain('hunter2');
  });

  it('maps an AppError code to its status', async () => {
    const response = await t.agent().get('/probe/conflict');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Already done' });
  });

  it('answers 422 with every field message', async () => {
    const agent = t.agent();
    await agent.visit('/');
    const missing = await agent.post('/probe/echo', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'Name is required', errors: { name: ['Name is required'] } });
    const short = await agent.post('/probe/echo', { name: 'a' });
    expect(short.json().errors).toEqual({ name: ['Name is too short'] });
  });

  it('answers malformed JSON with 422, not 500', async () => {
    const agent = t.agent();
    await agent.visit('/');
    const response = await agent.request({
      method: 'POST',
      url: '/probe/echo',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The request could not be read.');
  });

  it('answers an unsupported content type with 415', async () => {
    const agent = t.agent();
    await agent.visit('/');
    const response = await agent.request({
      method: 'POST',
      url: '/probe/echo',
      payload: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('answers an unknown URL with JSON 404 for XHR and a page for a browser', async () => {
    const json = await t.agent().get('/api/nothing-here');
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ message: 'Not found.' });
    const page = await t.agent().visit('/nothing-here');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('This page could not be found.');
  });
});

describe('method override and CSRF', () => {
  it('runs the PUT or DELETE route for a POST with _method, through the same checks', async () => {
    const agent = t.agent();
    await agent.visit('/');
    expect((await agent.post('/probe/echo', { name: 'Ana' })).json()).toEqual({
      method: 'POST',
      name: 'Ana',
    });
    expect((await agent.post('/probe/echo', { _method: 'PUT', name: 'Ana' })).json()).toEqual({
      method: 'PUT',
      name: 'Ana',
    });
    expect((await agent.post('/probe/echo', { _method: 'delete' })).json()).toEqual({ method: 'DELETE' });
    const invalid = await agent.post('/probe/echo', { _method: 'PUT' });
    expect(invalid.statusCode).toBe(422);
    const unauth = await agent.post('/probe/patch-only', { _method: 'PATCH' });
    expect(unauth.statusCode).toBe(401);
    const noToken = await agent.request({
      method: 'POST',
      url: '/probe/echo',
      payload: { _method: 'PUT', name: 'Ana' },
      csrf: false,
    });
    expect(noToken.statusCode).toBe(419);
  });

  it('refuses a token from another session', async () => {
    const a = t.agent();
    const b = t.agent();
    await a.visit('/');
    await b.visit('/');
    b.csrfToken = a.csrfToken;
    const response = await b.post('/probe/echo', { name: 'Ana' });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
  });
});

describe('pages and negotiation', () => {
  it('puts a CSRF meta tag on every HTML page and sets a session cookie', async () => {
    for (const url of ['/', '/login', '/register', '/forgot-password']) {
      const agent = t.agent();
      const response = await agent.visit(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{40,}"/);
      expect(agent.cookies.has('emporium_session')).toBe(true);
    }
  });

  it('sends security headers with a real Content-Security-Policy', async () => {
    const response = await t.agent().visit('/');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('escapes what the server puts into a page', async () => {
    const response = await t
      .agent()
      .visit('/login?redirect=%2Fx%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect(response.body).toContain('\\u003c/script\\u003e');
  });

  it('answers a page-and-endpoint URL with the admin shell to a browser and JSON to XHR', async () => {
    const admin = await t.signedIn(['admin']);
    const json = await admin.get('/probe/admin-page');
    expect(json.json()).toEqual({ data: 'json' });
    const page = await admin.visit('/probe/admin-page');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Emporium admin');
    expect(page.body).toContain('name="csrf-token"');
  });

  it('sends a signed-out browser to /login and a forbidden one to a 403 page', async () => {
    const guest = await t.agent().visit('/admin/users');
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe('/login?redirect=%2Fadmin%2Fusers');
    const staff = await t.signedIn(['staff']);
    const forbidden = await staff.visit('/admin/users');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toContain('You do not have permission to open this page.');
    const dashboard = await staff.visit('/dashboard');
    expect(dashboard.statusCode).toBe(200);
  });

  it('keeps customer areas to their active role (DECISIONS 2)', async () => {
    const customer = await t.signedIn(['customer']);
    expect((await customer.visit('/customer/dashboard')).statusCode).toBe(200);
    expect((await customer.visit('/partner/dashboard')).statusCode).toBe(403);
  });

  it('reports health', async () => {
    const response = await t.agent().get('/healthz');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('ids that name no record', () => {
  it.each([
    '/api/users/99999999999',
    '/api/roles/99999999999/permissions',
    '/admin/file/99999999999',
    '/api/users/abc',
    '/api/users/1.5',
    '/api/users/0x1',
    '/api/users/1e0',
  ])('%s answers 404, never 500', async (url) => {
    const admin = await t.signedIn(['admin']);
    expect((await admin.get(url)).statusCode).toBe(404);
  });

  it('answers an oversized id in a write with 404', async () => {
    const admin = await t.signedIn(['admin']);
    const response = await admin.put('/admin/users/99999999999/role', { roles: ['admin'] });
    expect(response.statusCode).toBe(404);
  });
});

describe('caching of replies that depend on the session', () => {
  it.each(['/api/auth/status', '/api/user', '/login', '/probe/conflict', '/api/nothing-here'])(
    '%s is private, no-store',
    async (url) => {
      const agent = await t.signedIn(['admin']);
      const response = await agent.get(url);
      expect(response.headers['cache-control']).toBe('private, no-store');
    },
  );

  it('keeps a signed-out 401, a page and a write out of caches too', async () => {
    expect((await t.agent().get('/api/user')).headers['cache-control']).toBe('private, no-store');
    expect((await t.agent().visit('/')).headers['cache-control']).toBe('private, no-store');
    const agent = t.agent();
    await agent.visit();
    expect((await agent.post('/probe/echo', { name: 'Ann' })).headers['cache-control']).toBe(
      'private, no-store',
    );
  });

  it('leaves the routes that choose their own caching alone', async () => {
    expect((await t.agent().get('/favicon.ico')).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('addresses the router or the HTTP parser refuse (issue 11)', () => {
  /** Over a real socket: Node's parser answers before Fastify (and inject) would. */
  async function overTheWire(path: string): Promise<{ status: number; type: string | null; body: string }> {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${address}${path}`, { headers: { Accept: 'application/json' } });
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
      };
    } finally {
      await t.app.server.close();
    }
  }

  it('answers a path parameter over the limit with a JSON 414 that does not echo the address', async () => {
    const long = 'x'.repeat(400);
    const response = await t.agent().get(`/reset-password/${long}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: URL_MESSAGES.tooLong });
    expect(response.body).not.toContain(long);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers an address over the 16 KB header limit with JSON, not a raw parser reply', async () => {
    const reply = await overTheWire(`/api/countries?search=${'y'.repeat(20_000)}`);
    expect(reply.status).toBe(431);
    expect(reply.type).toContain('application/json');
    expect(JSON.parse(reply.body)).toEqual({ message: URL_MESSAGES.headersTooLarge });
  });
});
