import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../../../scripts/build';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { shopPagePreloads } from './web-pages';

/** A hashed script as Vite writes it, big enough for compression to pay. */
const SCRIPT = `export const greeting = ${JSON.stringify('hello shop '.repeat(200))};\n`;
const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';
const SHOP_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head-->${'<link rel="modulepreload" crossorigin href="/assets/shop-Ab12Cd34.js" />'.repeat(40)}</head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    // A tiny built client: one script, compressed by the build's own step, and one image.
    prepareDist: async (distDir) => {
      const assets = path.join(distDir, 'client/assets');
      await fs.mkdir(assets, { recursive: true });
      await fs.writeFile(path.join(assets, 'shop-Ab12Cd34.js'), SCRIPT);
      await fs.writeFile(path.join(assets, 'logo-Ab12Cd34.png'), IMAGE);
      precompressAssets(assets);
      // A storefront template as big as a real page's head, so pages pass the compression threshold.
      await fs.mkdir(path.join(distDir, 'client/shop'), { recursive: true });
      await fs.writeFile(path.join(distDir, 'client/shop/index.html'), SHOP_TEMPLATE);
    },
  });
});
afterAll(() => t.close());

const asset = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('built assets', () => {
  it('writes a brotli and a gzip copy of text assets only', async () => {
    const files = await fs.readdir(path.join(t.dataDir, 'dist/client/assets'));
    expect(files.sort()).toEqual([
      'logo-Ab12Cd34.png',
      'shop-Ab12Cd34.js',
      'shop-Ab12Cd34.js.br',
      'shop-Ab12Cd34.js.gz',
    ]);
  });

  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const response = await asset('/assets/shop-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe(YEAR_IMMUTABLE);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const response = await asset('/assets/shop-Ab12Cd34.js', 'gzip, deflate');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(YEAR_IMMUTABLE);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself when no encoding is accepted, still varying on it', async () => {
    const response = await asset('/assets/shop-Ab12Cd34.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(YEAR_IMMUTABLE);
    expect(response.body).toBe(SCRIPT);
  });

  it('sends an image as it is, since it has no compressed copy', async () => {
    const response = await asset('/assets/logo-Ab12Cd34.png', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe(YEAR_IMMUTABLE);
    expect(response.rawPayload.equals(IMAGE)).toBe(true);
  });

  it('gives a missing asset no long cache', async () => {
    const response = await asset('/assets/shop-Zz99Zz99.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control'] ?? '').not.toMatch(/max-age|immutable|public/);
  });
});

describe('HTML pages', () => {
  // They carry the session's CSRF token: never kept by a browser or a shared cache.
  it.each(['/', '/login', '/register', '/no-such-page'])('%s is private and not stored', async (url) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('goes out compressed with brotli, or gzip, to a browser that accepts it, and as is otherwise', async () => {
    const page = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/login',
        headers: { accept: 'text/html', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/<meta name="csrf-token" content="[\w-]{40,}"/);
    const brotli = await page('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(brotli.rawPayload).toString();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toMatch(/<meta name="csrf-token" content="[\w-]{40,}"/);
    expect(brotli.rawPayload.length).toBeLessThan(html.length / 2);
    const gzip = await page('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toMatch(/^<!doctype html>/i);
  });

  it('JSON over a kilobyte goes out compressed too; a compressed request body is not inflated', async () => {
    const agent = await t.signedIn(['admin']);
    const list = await agent.get('/api/permissions?per_page=100', { 'accept-encoding': 'gzip' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(list.rawPayload).toString()).data.length).toBeGreaterThan(10);
    const guest = t.agent();
    await guest.visit();
    const zipped = await guest.request({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ email: 'admin@demo.test', password: 'x' })),
    });
    expect(zipped.statusCode).toBeGreaterThanOrEqual(400);
    expect(zipped.statusCode).toBeLessThan(500);
  });

  it('the admin shell is private and not stored', async () => {
    const agent = await t.signedIn(['admin']);
    const response = await agent.get('/dashboard', { accept: 'text/html', 'x-requested-with': '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('storefront page preloads', () => {
  const manifest = {
    'shop/index.html': { file: 'assets/shop-1.js', isEntry: true, imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    'shop/pages/login-page.tsx': { file: 'assets/login-page-1.js', imports: ['_react-1.js', '_form-1.js'] },
    '_form-1.js': { file: 'assets/form-1.js', imports: ['_zod-1.js'] },
    '_zod-1.js': { file: 'assets/zod-1.js' },
  };

  it("links the page's chunks that the entry does not already bring", () => {
    expect(shopPagePreloads(manifest, 'login')).toBe(
      [
        '\n<link rel="modulepreload" crossorigin href="/assets/login-page-1.js" />',
        '\n<link rel="modulepreload" crossorigin href="/assets/form-1.js" />',
        '\n<link rel="modulepreload" crossorigin href="/assets/zod-1.js" />',
      ].join(''),
    );
  });

  it('links nothing for a page the manifest does not know', () => {
    expect(shopPagePreloads(manifest, 'home')).toBe('');
  });
});
