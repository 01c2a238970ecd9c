import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factories';
import { type Agent, createTestApp, type TestApp } from '../test/test-app';
import { brands } from './modules/catalogue/catalogue.tables';
import { BAD_TEXT_MESSAGE } from './platform/http/clean-input';

/** NUL bytes and unpaired surrogates were 500s on about 26 routes (issue 11): now one 422 for all. */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
});
afterAll(() => t.close());

const PUBLIC_LISTS = [
  '/api/countries',
  '/api/states',
  '/api/cities',
  '/api/brands',
  '/api/categories',
  '/api/colors',
  '/api/attributes',
];

describe('a NUL byte in a query string', () => {
  it.each(PUBLIC_LISTS)('%s?search=%%00 answers 422 with the field, not 500', async (url) => {
    const response = await t.agent().get(`${url}?search=a%00b`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: BAD_TEXT_MESSAGE, errors: { search: [BAD_TEXT_MESSAGE] } });
  });

  it('refuses it before an export starts streaming: a JSON 422, not a dropped connection', async () => {
    const response = await admin.get('/admin/users/export?search=%00');
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('answers a path parameter holding one with 404', async () => {
    const response = await t.agent().get('/order-link/abc%00def');
    expect(response.statusCode).toBe(404);
  });
});

describe('a NUL byte or an unpaired surrogate in a JSON body', () => {
  it.each([
    ['a NUL', 'someone\u0000@example.test'],
    ['an unpaired high surrogate', 'someone\ud800@example.test'],
    ['an unpaired low surrogate', '\udc00someone@example.test'],
  ])('the login e-mail with %s answers 422', async (_, email) => {
    const agent = t.agent();
    await agent.visit();
    const response = await agent.request({
      method: 'POST',
      url: '/login',
      payload: JSON.stringify({ email, password: TEST_PASSWORD }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual([BAD_TEXT_MESSAGE]);
  });

  it('refuses a brand named with an unpaired surrogate and stores nothing', async () => {
    const before = await t.ctx.db.select().from(brands);
    const response = await admin.request({
      method: 'POST',
      url: '/admin/brands',
      payload: '{"name":"Broken \\ud800 brand"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.name).toEqual([BAD_TEXT_MESSAGE]);
    expect(await t.ctx.db.select().from(brands)).toEqual(before);
  });

  it('keeps real characters outside the basic plane', async () => {
    const response = await admin.post('/admin/brands', { name: `Smile 😀 ${Date.now()}` });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses it in a form-encoded body as well', async () => {
    const agent = t.agent();
    await agent.visit();
    const response = await agent.request({
      method: 'POST',
      url: '/forgot-password',
      payload: 'email=a%00b%40example.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('numbers in a query string (issue 11)', () => {
  it.each(['0x2', '1e1', 'Infinity', '2.5', '-1'])(
    '%s as a page answers 422 with the page message',
    async (page) => {
      const response = await t.agent().get(`/api/brands?page=${page}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.page).toEqual(['The page must be a whole number of 1 or more.']);
    },
  );

  it('reads a page written in plain digits', async () => {
    expect((await t.agent().get('/api/brands?page=2')).statusCode).toBe(200);
  });
});
