import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fillUrl } from '../../../test/security/census';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeAuth } from '../../platform/http/define-route';
import { contractSchema, type OpenApiDocument, openApiPath } from '../../platform/http/openapi';
import { allRoutes } from '../../routes';

let t: TestApp;
let guest: Agent;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  guest = t.agent();
  document = (await guest.get('/api/docs/openapi.json')).json();
});
afterAll(() => t.close());

type Operation = {
  tags: string[];
  description: string;
  'x-emporium-auth': string;
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
};

const operation = (method: string, url: string) =>
  (document.paths[openApiPath(url)] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

const documented = allRoutes.filter((route) => !route.html);

describe('the OpenAPI document (docs/decisions/0074)', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid && result.warnings).toEqual([]);
  });

  it('has every route of the table exactly once, and no page for browsers', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(new Set(operations).size).toBe(operations.length);
    expect(operations.sort()).toEqual(documented.map((r) => `${r.method} ${openApiPath(r.url)}`).sort());
    expect(operation('GET', '/cart')).toBeUndefined();
    const shell = allRoutes.find((route) => route.html && route.page === 'admin')!;
    expect(operation('GET', shell.url)).toBeUndefined();
    // A page that is also an endpoint (JSON for XHR) stays in.
    expect(operation('GET', '/admin/orders')).toBeDefined();
  });

  it.each(documented.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s converts: its tag, its auth and every path parameter',
    (_, route) => {
      const op = operation(route.method, route.url)!;
      expect(op.tags).toHaveLength(1);
      expect(op['x-emporium-auth']).toBe(describeAuth(route.auth));
      expect(op.security).toEqual(route.auth === 'public' ? [] : [{ session: [] }]);
      const inPath = op.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [];
      expect(inPath).toEqual([...openApiPath(route.url).matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      if (route.auth !== 'public') expect(op.responses).toHaveProperty('401');
    },
  );

  it('names the permission of a permission route and answers 403', () => {
    const op = operation('GET', '/api/users/:id')!;
    expect(op.description).toContain('`users.manage`');
    expect(op['x-emporium-auth']).toBe('permission:users.manage');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403', '404']));
  });

  it('declares a path parameter with its contract', () => {
    const [id] = operation('GET', '/api/users/:id')!.parameters!;
    expect(id).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    });
  });

  it('carries a body contract with its required fields and limits', () => {
    const schema = operation('POST', '/login')!.requestBody!.content['application/json']!.schema as {
      required: string[];
      properties: Record<string, { maxLength?: number; minLength?: number }>;
    };
    expect(schema.required).toEqual(['email', 'password']);
    expect(schema.properties.email).toMatchObject({ minLength: 1, maxLength: 255 });
    expect(schema.properties.password).toMatchObject({ maxLength: 1024 });
  });

  it('asks for the CSRF header and describes 419 on mutating routes, except the signed callback', () => {
    const login = operation('POST', '/login')!;
    expect(login.parameters).toContainEqual(
      expect.objectContaining({ name: 'X-CSRF-Token', in: 'header', required: true }),
    );
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['419', '422', '429']));
    const webhook = operation('POST', '/payment/webhook')!;
    expect(webhook.parameters?.some((p) => p.name === 'X-CSRF-Token') ?? false).toBe(false);
    expect(webhook.responses).not.toHaveProperty('419');
  });

  it('describes multipart routes as multipart/form-data', () => {
    const multipart = documented.filter((route) => route.multipart);
    expect(multipart.length).toBeGreaterThan(0);
    for (const route of multipart)
      expect(Object.keys(operation(route.method, route.url)!.requestBody!.content)).toEqual([
        'multipart/form-data',
      ]);
  });

  it('gives the real error shapes', () => {
    expect(document.components.schemas.Error).toMatchObject({ required: ['message'] });
    expect(document.components.schemas.ValidationError).toMatchObject({ required: ['message', 'errors'] });
  });

  it('tags operations by module', () => {
    expect(operation('GET', '/api/users/:id')!.tags).toEqual(['accounts']);
    expect(operation('POST', '/admin/rental-bookings')!.tags).toEqual(['rentals']);
    expect(document.tags.map((tag) => tag.name)).not.toContain('admin-pages');
  });
});

describe('contracts JSON Schema cannot say', () => {
  it.each([
    ['a transform', z.string().transform((s) => s.length)],
    ['a refinement', z.object({ a: z.string() }).refine((v) => v.a !== 'x', 'no')],
    ['a date', z.object({ at: z.date() })],
    ['a custom check', z.custom<string>((v) => typeof v === 'string')],
    ['a pipe into a coercion', z.string().pipe(z.coerce.number())],
  ])('%s converts without throwing', (_, schema) => {
    expect(() => contractSchema(schema)).not.toThrow();
    expect(contractSchema(schema)).not.toHaveProperty('$schema');
  });
});

describe('GET /api/docs', () => {
  it('answers a browser with the page: every operation, no script, under the CSP', async () => {
    const response = await t
      .agent()
      .request({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html', 'x-requested-with': '' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('<code>/api/users/{id}</code>');
    expect(response.body.match(/<details /g)).toHaveLength(documented.length);
    expect(response.body).toContain('href="/api/docs/openapi.json"');
  });

  it('answers JSON to a JSON request, the same document, to anyone, cacheable', async () => {
    const response = await guest.get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(document);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('pages left out of the document', () => {
  // A page route answers HTML (or a redirect) even to a JSON request: the mark `html` is true of it.
  const pages = allRoutes.filter((route) => route.html && route.auth === 'public');
  it.each(pages.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s is a page',
    async (_, route) => {
      const response = await t.agent().get(fillUrl(route.url, {}, '1'));
      expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
      if (response.statusCode < 300) expect(response.headers['content-type']).toMatch(/^text\/html/);
    },
  );
});
