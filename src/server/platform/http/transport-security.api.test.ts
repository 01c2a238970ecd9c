import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { HSTS_HEADER } from './transport-security';

/** The Set-Cookie lines of a reply, one string each. */
function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [String(value)];
}

async function loginPage(t: TestApp, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html', ...headers } });
}

const apps: TestApp[] = [];
let behindProxy: TestApp;
let publicHttps: TestApp;
let plainDev: TestApp;
let plainProduction: TestApp;
beforeAll(async () => {
  behindProxy = await createTestApp({ config: { env: 'production', trustProxy: true } });
  publicHttps = await createTestApp({
    config: { env: 'production', publicUrl: 'https://shop.example.test' },
  });
  plainDev = await createTestApp({ config: { env: 'development' } });
  plainProduction = await createTestApp({ config: { env: 'production' } });
  apps.push(behindProxy, publicHttps, plainDev, plainProduction);
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('behind a TLS proxy', () => {
  it('with TRUST_PROXY, a request the proxy forwards as https gets Secure cookies and HSTS', async () => {
    const response = await loginPage(behindProxy, { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    const cookies = setCookies(response.headers);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
    expect(response.headers['strict-transport-security']).toBe(HSTS_HEADER);
  });

  it('with TRUST_PROXY, a plain-http request gets neither', async () => {
    const response = await loginPage(behindProxy);
    for (const cookie of setCookies(response.headers)) expect(cookie).not.toMatch(/Secure/);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('without TRUST_PROXY, a forwarded proto is not believed', async () => {
    const response = await loginPage(plainProduction, { 'x-forwarded-proto': 'https' });
    for (const cookie of setCookies(response.headers)) expect(cookie).not.toMatch(/Secure/);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('an https EMPORIUM_PUBLIC_URL makes session and cart cookies Secure and sends HSTS', async () => {
    const agent = publicHttps.agent();
    const page = await agent.visit('/login');
    expect(setCookies(page.headers).some((c) => c.startsWith('emporium_session='))).toBe(true);
    for (const cookie of setCookies(page.headers)) expect(cookie).toMatch(/; Secure/);
    expect(page.headers['strict-transport-security']).toBe(HSTS_HEADER);
    const product = await createProduct(publicHttps.ctx.db, { stockQuantity: 5 });
    const added = await agent.post('/cart/add', { product_id: product.id, quantity: 1 });
    expect(added.statusCode).toBe(200);
    const cartCookies = setCookies(added.headers);
    expect(cartCookies.some((c) => c.startsWith('emporium_cart='))).toBe(true);
    for (const cookie of cartCookies) expect(cookie).toMatch(/; Secure/);
    const json = await agent.get('/api/auth/status');
    expect(json.headers['strict-transport-security']).toBe(HSTS_HEADER);
  });

  it('never sends HSTS on plain-http localhost development, nor Secure cookies', async () => {
    const response = await loginPage(plainDev, { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    for (const cookie of setCookies(response.headers)) expect(cookie).not.toMatch(/Secure/);
    expect((await plainDev.agent().get('/healthz')).headers['strict-transport-security']).toBeUndefined();
  });
});
