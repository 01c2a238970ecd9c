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

  it.each(["$'", '$`', '$&', '$$', '$1'])(
    'puts %s in a site name and the custom code as it is',
    async (pattern) => {
      await setSettings(t.ctx.db, {
        site_name: `Shop ${pattern} name`,
        custom_code: `<p>Price ${pattern} 5</p>`,
      });
      try {
        const response = await t.agent().get('/', { accept: 'text/html' });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(`<title>Shop ${pattern.replace('&', '&amp;')} name</title>`);
        expect(response.body).toContain(`<p>Price ${pattern} 5</p>`);
        expect(response.body.match(/<\/html>/g)).toHaveLength(1);
        expect(response.body.match(/<body>/g)).toHaveLength(1);
        expect(response.body.match(/id="shop-data"/g)).toHaveLength(1);
        const data = /<script type="application\/json" id="shop-data">(.*?)<\/script>/s.exec(
          response.body,
        )![1]!;
        expect(JSON.parse(data).site_name).toBe(`Shop ${pattern} name`);
      } finally {
        await setSettings(t.ctx.db, { custom_code: '<script>window.track = 1;</script><p>Tracking</p>' });
      }
    },
  );
});
