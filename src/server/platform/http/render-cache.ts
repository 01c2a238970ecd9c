import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import type { ShopDocument } from '../../../contracts/storefront';

/** The storefront's server renderer, built by Vite from src/web/shop/entry-server.tsx. */
export type ShopRenderer = (
  url: string,
  document: ShopDocument,
) => Promise<{ html: Readable; title: string }>;

/** What a render gives: the body's HTML (a string when remembered, a stream when rendered now). */
export type RenderedBody = { html: Readable | string; title: string };

/**
 * The pages every visitor reads alike: the catalogue, and the sign-in, registration, password and
 * contact forms (the same for every guest). The others are one person's and rarely read twice.
 */
const REMEMBERED_PAGES = new Set<ShopDocument['page']>([
  'home',
  'products',
  'product',
  'login',
  'register',
  'forgot-password',
  'contact',
]);
/** Per process: about a thousand product pages. */
const MAX_BYTES = 32 * 1024 * 1024;
/** A body larger than this is sent but not kept. */
const MAX_ENTRY_BYTES = 1024 * 1024;

/** The server's day, which a rendered page may show (date pickers' defaults). */
export const renderDay = () => new Date().toDateString();

/**
 * Remembers rendered storefront bodies (docs/decisions/0078). React's render is a pure function of
 * the URL and the page's document (the same JSON the page carries for hydration), so a body is kept
 * under a hash of exactly those, with the server's date for the few pages that show "today": a
 * remembered body is what rendering again would give, and nothing has to be invalidated: a new
 * price, stock level, menu or signed-in viewer is a new document, hence a new key. Only the
 * catalogue pages are kept, in a least-recently-used map bounded in bytes.
 */
export function rememberingRenderer(render: ShopRenderer, today: () => string = renderDay) {
  const kept = new LRUCache<string, { html: string; title: string }>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => Math.max(1, Buffer.byteLength(entry.html)),
  });

  return async function renderBody(url: string, document: ShopDocument, json: string): Promise<RenderedBody> {
    if (!REMEMBERED_PAGES.has(document.page)) return render(url, document);
    const key = createHash('sha256').update(`${url}\u0000${today()}\u0000${json}`).digest('base64');
    const hit = kept.get(key);
    if (hit) return hit;
    const { html, title } = await render(url, document);
    // Stream it to the visitor as before, keeping a copy of what went by.
    const chunks: Buffer[] = [];
    let bytes = 0;
    const copy = new PassThrough();
    html.on('data', (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      if (bytes <= MAX_ENTRY_BYTES) chunks.push(buffer);
    });
    html.on('end', () => {
      if (bytes <= MAX_ENTRY_BYTES) kept.set(key, { html: Buffer.concat(chunks).toString('utf8'), title });
    });
    html.on('error', (error) => copy.destroy(error));
    html.pipe(copy);
    return { html: copy, title };
  };
}
