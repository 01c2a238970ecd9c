import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { ShopDocument } from '../../../contracts/storefront';
import { rememberingRenderer, type ShopRenderer } from './render-cache';

/** A renderer that writes the document's name and counts how often it ran. */
function countingRenderer() {
  const calls: string[] = [];
  const render: ShopRenderer = async (url, document) => {
    calls.push(url);
    const body = `<main>${document.page}:${document.site_name}:${url}</main>`;
    return { html: Readable.from([body.slice(0, 10), body.slice(10)]), title: `T ${document.site_name}` };
  };
  return { render, calls };
}

const doc = (page: string, siteName: string) =>
  ({ page, site_name: siteName, props: {} }) as unknown as ShopDocument;
const bodyOf = async (html: Readable | string) => (typeof html === 'string' ? html : text(html));

describe('rememberingRenderer', () => {
  it('renders a catalogue page once for the same URL, document and day, and gives the same body', async () => {
    const { render, calls } = countingRenderer();
    const renderBody = rememberingRenderer(render, () => 'Thu Nov 26 2026');
    const document = doc('product', 'Shop');
    const first = await renderBody('/products/chair', document, JSON.stringify(document));
    const firstBody = await bodyOf(first.html);
    const second = await renderBody('/products/chair', document, JSON.stringify(document));
    expect(typeof second.html).toBe('string');
    expect(second.html).toBe(firstBody);
    expect(second.title).toBe(first.title);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['another document', '/products/chair', doc('product', 'Other shop'), 'Thu Nov 26 2026'],
    ['another URL', '/products/table', doc('product', 'Shop'), 'Thu Nov 26 2026'],
    ['another day', '/products/chair', doc('product', 'Shop'), 'Fri Nov 27 2026'],
  ])('renders again for %s', async (_case, url, document, day) => {
    const { render, calls } = countingRenderer();
    let today = 'Thu Nov 26 2026';
    const renderBody = rememberingRenderer(render, () => today);
    const kept = doc('product', 'Shop');
    await bodyOf((await renderBody('/products/chair', kept, JSON.stringify(kept))).html);
    today = day;
    const again = await renderBody(url, document, JSON.stringify(document));
    expect(await bodyOf(again.html)).toBe(`<main>product:${document.site_name}:${url}</main>`);
    expect(calls).toHaveLength(2);
  });

  it('never keeps the pages of one visitor (cart, checkout, accounts)', async () => {
    const { render, calls } = countingRenderer();
    const renderBody = rememberingRenderer(render);
    for (const page of ['cart', 'checkout', 'area-orders', 'home', 'home', 'login', 'login']) {
      const document = doc(page, 'Shop');
      await bodyOf((await renderBody('/x', document, JSON.stringify(document))).html);
    }
    // Three pages of one visitor each rendered, the home page and the sign-in form once each.
    expect(calls).toHaveLength(5);
  });
});
