import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../domain/access/safe-redirect';
import { BAD_TEXT_MESSAGE } from '../../server/platform/http/clean-input';
import { createUser, TEST_PASSWORD } from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import {
  type Agents,
  agentsFor,
  call,
  censusRoutes,
  expectationFor,
  fillUrl,
  IDENTITIES,
  REAL_ID,
  routeKey,
  SESSION_ENDING,
} from './census';

/**
 * Hostile inputs on every route (issue 11): a NUL byte in the query of every GET route and NUL
 * bytes and unpaired surrogates in the JSON body of every other route, as every identity. Nothing
 * answers 500; whoever passes the gate gets the 422 of the validation layer. Then the sign-in
 * redirect with every way a browser could be sent to another site.
 */
let t: TestApp;
let agents: Agents;

beforeAll(async () => {
  t = await createTestApp();
  agents = await agentsFor(t);
});
afterAll(() => t.close());

const routes = censusRoutes().filter((route) => !SESSION_ENDING.includes(routeKey(route)));
const getRoutes = routes.filter((route) => route.method === 'GET');
const bodyRoutes = routes.filter((route) => route.method !== 'GET' && !route.multipart);

const HOSTILE_BODY = {
  name: 'a\u0000b',
  email: 'x\ud800@example.test',
  search: '\udc00',
  title: 'ok',
  items: [{ name: 'z\u0000' }],
};

describe.each(IDENTITIES)('as %s', (identity) => {
  it.each(getRoutes.map((route) => [routeKey(route), route] as const))(
    'a NUL in the query of %s',
    async (_, route) => {
      const response = await call(
        agents[identity],
        route,
        `${fillUrl(route.url)}?search=a%00b&page=1%00&q=%00`,
      );
      const context = `${identity} ${routeKey(route)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, context).toBeLessThan(500);
      if (expectationFor(route, identity) === 'allowed') {
        expect(response.statusCode, context).toBe(422);
        expect(response.json().message, context).toBe(BAD_TEXT_MESSAGE);
      }
    },
  );

  it.each(bodyRoutes.map((route) => [routeKey(route), route] as const))(
    'NULs and unpaired surrogates in the body of %s',
    async (_, route) => {
      const response = await call(agents[identity], route, fillUrl(route.url), HOSTILE_BODY);
      const context = `${identity} ${routeKey(route)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, context).toBeLessThan(500);
      if (expectationFor(route, identity) === 'allowed') expect(response.statusCode, context).toBe(422);
    },
  );
});

/** Numbers `Number()` used to read (issue 11): hexadecimal, exponent, Infinity, a third decimal. */
const HOSTILE_NUMBERS = {
  quantity: '0x10',
  new_quantity: '1e400',
  price: '12.345',
  amount: 'Infinity',
  discount_value: '0b11',
  product_id: '0x1',
  page: '-0',
};

describe('hostile numbers, as an administrator (who passes every gate)', () => {
  it.each(getRoutes.map((route) => [routeKey(route), route] as const))(
    'in the query of %s',
    async (_, route) => {
      const url = `${fillUrl(route.url, {}, REAL_ID)}?page=0x2&per_page=1e400&quantity=Infinity&id=0b1`;
      const response = await call(agents.admin, route, url);
      expect(response.statusCode, `${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
    },
  );

  it.each(bodyRoutes.map((route) => [routeKey(route), route] as const))(
    'in the body of %s',
    async (_, route) => {
      const response = await call(agents.admin, route, fillUrl(route.url), HOSTILE_NUMBERS);
      expect(response.statusCode, `${routeKey(route)} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
    },
  );
});

/**
 * A multipart body as a browser's FormData builds it: every text field a multipart route reads,
 * each holding a NUL (or an unpaired surrogate), and, when `file` is named, a real picture whose
 * file name holds one too.
 */
async function hostileMultipart(bad: string, file?: string) {
  const form = new FormData();
  const fields = {
    name: `Card${bad}`,
    display_name: `Card${bad}`,
    status: 'enabled',
    description: bad,
    is_active: '1',
    slides: JSON.stringify([{ image_id: 1, title: `T${bad}`, description: '', link: '' }]),
    folder: bad,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#3490dc' } })
      .png()
      .toBuffer();
    form.append(file, new Blob([new Uint8Array(png)], { type: 'image/png' }), `x${bad}.png`);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type')!,
  };
}

/** The file field of each multipart route that needs one. */
const FILE_FIELD: Record<string, string> = {
  'POST /admin/file/upload': 'files[]',
  'POST /api/theme-settings/upload-logo': 'logo',
  'POST /api/theme-settings/upload-favicon': 'favicon',
};

describe('hostile multipart forms', () => {
  const multipartRoutes = routes.filter((route) => route.multipart);

  it('exist (uploads, logo and favicon, payment methods, sliders)', () => {
    expect(multipartRoutes.length).toBeGreaterThanOrEqual(8);
  });

  it.each(
    multipartRoutes.flatMap((route) =>
      ['\u0000', '\ud800'].map((bad) => [routeKey(route), JSON.stringify(bad), route, bad] as const),
    ),
  )('%s with %s never answers 500', async (key, _, route, bad) => {
    const body = await hostileMultipart(bad, FILE_FIELD[key]);
    const response = await agents.admin.request({
      method: route.method,
      url: fillUrl(route.url, {}, REAL_ID),
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
    // A browser's FormData sends an unpaired surrogate as U+FFFD; a NUL arrives and is refused.
    if (bad === '\u0000') expect(response.json().message).toBe(BAD_TEXT_MESSAGE);
  });
});

describe('the sign-in redirect never leaves the site', () => {
  const HOSTILE = [
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/\r\n/evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    '//evil.example',
    '///evil.example',
    '/%2F/evil.example',
    '/%5C/evil.example',
    '/%09/evil.example',
    'https://evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/dashboard\r\nLocation: https://evil.example',
  ];

  it.each(HOSTILE)('%j: the JSON reply, the form post and the page all fall back', async (redirect) => {
    const user = await createUser(t.ctx.db, { roles: ['customer'] });
    const json = t.agent();
    await json.visit();
    const reply = await json.post('/login', { email: user.email, password: TEST_PASSWORD, redirect });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().redirect_url).toBe('/customer/dashboard');

    const form = t.agent();
    await form.visit();
    const posted = await form.request({
      method: 'POST',
      url: '/login',
      payload: new URLSearchParams({
        email: user.email,
        password: TEST_PASSWORD,
        redirect,
        _token: form.csrfToken,
      }).toString(),
      csrf: false,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'x-requested-with': '',
      },
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/customer/dashboard');

    const page = await t.agent().visit(`/login?redirect=${encodeURIComponent(redirect)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('evil.example');
    expect(safeRedirectPath(redirect)).toBeNull();
  });
});
