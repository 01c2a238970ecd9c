import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { setSettings } from '../../platform/settings/settings-store';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await setSettings(t.ctx.db, { custom_code: '<script>window.track = 1;</script><p>Tracking</p>' });
});
afterAll(() => t.close());

describe('the admin’s custom code on the storefront (DECISIONS 24)', () => {
  it('goes on the home page, its script allowed by this response’s nonce alone', async () => {
    const response = await t.agent().get('/', { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    const nonce = /<script nonce="([^"]+)">window\.track = 1;<\/script>/.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain('<p>Tracking</p>');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).not.toContain("unsafe-inline'; script");

    const again = await t.agent().get('/', { accept: 'text/html' });
    expect(/<script nonce="([^"]+)">/.exec(again.body)?.[1]).not.toBe(nonce);
  });

  it.each(['/login', '/register', '/forgot-password'])(
    'stays off %s, whose policy has no nonce',
    async (url) => {
      const response = await t.agent().get(url, { accept: 'text/html' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('window.track');
      expect(String(response.headers['content-security-policy'])).not.toContain('nonce-');
    },
  );
});
