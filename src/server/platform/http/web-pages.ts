import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ShopDocument } from '../../../contracts/storefront';
import { allowsCustomCode, policyWithNonce, withScriptNonce } from '../../../domain/storefront/custom-code';
import { PRIVATE_NO_STORE } from './errors';
import { type RenderedBody, rememberingRenderer, renderDay, type ShopRenderer } from './render-cache';

export type WebPages = {
  /** The admin SPA shell, with the session's CSRF token in its meta tag. */
  admin(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** A server-rendered storefront page. */
  shop(
    req: FastifyRequest,
    reply: FastifyReply,
    document: ShopDocument,
    status?: number,
    options?: ShopPageOptions,
  ): Promise<FastifyReply>;
  /**
   * A catalogue page kept whole per process (docs/decisions/0098): answered from what this process
   * sent before for the same `keep` (its owner object and key) with this visitor's CSRF token, or
   * built by `build` and sent (and kept) as `shop` would.
   */
  keptShop(
    req: FastifyRequest,
    reply: FastifyReply,
    keep: KeptPageKey,
    build: () => Promise<{ document: ShopDocument; options?: ShopPageOptions }>,
  ): Promise<FastifyReply>;
  /** An error page for browser navigations (403, 404). */
  error(req: FastifyRequest, reply: FastifyReply, status: number, message: string): Promise<FastifyReply>;
};

/**
 * What a kept page was built from besides the URL and the day: `owner`, an object that is replaced
 * whenever what it holds changes (a kept product view), and `key`, everything else the page shows
 * (the reference version, the visitor's cart count and who is signed in).
 */
export type KeptPageKey = { owner: object; key: string };

export type ShopPageOptions = {
  /** The admin's custom code (system settings); only pages that allow it carry it (DECISIONS 24). */
  customCode?: string;
};

export type PageHooks = {
  /** The CSRF token of the request's session, creating a guest session when there is none. */
  csrfToken(req: FastifyRequest, reply: FastifyReply): Promise<string>;
  /** The storefront document for an error page (site name and viewer filled in). */
  errorDocument(req: FastifyRequest, status: number, message: string): Promise<ShopDocument>;
  /**
   * The theme of a page's head: its name, colours as CSS and the favicon URL; a storefront page
   * passes its path (the clinic theme may be named there), the admin none.
   */
  theme(
    req: FastifyRequest,
    path: string | null,
  ): Promise<{ name: string; css: string; favicon_url: string | null }>;
};

/** Where a kept page's CSRF token goes while it is composed: no attribute value holds a NUL. */
const TOKEN_SLOT = '\u0000csrf-token\u0000';
/** Whole pages kept per process (UTF-16 code units, about bytes for the shop's HTML). */
const KEPT_PAGE_BYTES = 16 * 1024 * 1024;
/** A page longer than this is sent but not kept. */
const MAX_KEPT_PAGE = 512 * 1024;

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script type="application/json">: nothing in it can close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Puts HTML in place of a template's marker. A replacer function, never a replacement string:
 * "$'", "$`" and "$&" in a site name or the custom code would otherwise pull in pieces of the page.
 */
export function fillSlot(template: string, marker: string, html: string): string {
  return template.replace(marker, () => html);
}

/** Vite's build manifest (dist/client/.vite/manifest.json): each source's chunk and what it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

function staticImports(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticImports(manifest, imported, seen);
  return seen;
}

/**
 * The modulepreload links of a storefront page's own chunks (src/web/shop/shop-pages.tsx loads
 * `pages/<page>-page.tsx` before hydrating): fetched alongside the entry instead of after it, so
 * the page hydrates as soon as the entry runs. What the entry imports is preloaded by the template.
 */
export function shopPagePreloads(manifest: BuildManifest, page: string): string {
  const entry = staticImports(manifest, 'shop/index.html');
  return [...staticImports(manifest, `shop/pages/${page}-page.tsx`)]
    .filter((key) => !entry.has(key))
    .map((key) => `\n<link rel="modulepreload" crossorigin href="/${escapeAttr(manifest[key]!.file)}" />`)
    .join('');
}

function readManifest(distDir: string): BuildManifest {
  const file = path.join(distDir, 'client/.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest) : {};
}

const FALLBACK_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>`;

function readTemplate(file: string, required: boolean): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  if (required) throw new Error(`Missing ${file}: run "npm run build" first`);
  return FALLBACK_TEMPLATE;
}

/**
 * Loads the built browser bundles from dist/. Without them (unit and API tests) pages are plain
 * shells that still carry the CSRF meta tag, so the HTTP rules can be tested without a build.
 */
export async function loadWebPages(distDir: string, hooks: PageHooks, required: boolean): Promise<WebPages> {
  const adminTemplate = readTemplate(path.join(distDir, 'client/admin/index.html'), required);
  const shopTemplate = readTemplate(path.join(distDir, 'client/shop/index.html'), required);
  const manifest = readManifest(distDir);
  const ssrEntry = path.join(distDir, 'ssr/entry-server.js');
  let render: ((url: string, document: ShopDocument, json: string) => Promise<RenderedBody>) | null = null;
  if (fs.existsSync(ssrEntry)) {
    render = rememberingRenderer(
      ((await import(pathToFileURL(ssrEntry).href)) as { render: ShopRenderer }).render,
    );
  } else if (required) {
    throw new Error(`Missing ${ssrEntry}: run "npm run build" first`);
  }

  /**
   * The theme's colours are CSS custom properties in a <style> tag: the CSS comes from validated
   * #rrggbb values only (domain/theme), and "<" is escaped anyway so nothing can close the tag.
   */
  const head = async (req: FastifyRequest, token: string, title: string, path: string | null = null) => {
    const theme = await hooks.theme(req, path);
    const favicon = theme.favicon_url ? `\n<link rel="icon" href="${escapeAttr(theme.favicon_url)}" />` : '';
    return {
      name: theme.name,
      html:
        `<meta name="csrf-token" content="${escapeAttr(token)}" />\n<title>${escapeAttr(title)}</title>` +
        `\n<meta name="theme" content="${escapeAttr(theme.name)}" />` +
        `\n<style id="theme-colors">${theme.css.replace(/</g, '\\3c ')}</style>${favicon}`,
    };
  };

  /** The page's theme as a class on <html> (spec 3 §1: `theme-default` or `theme-clinic`). */
  const withThemeClass = (template: string, name: string) =>
    template.replace('<html ', () => `<html class="theme-${escapeAttr(name)}" `);

  /**
   * The page's SEO in the head (issue 14): description, canonical URL, robots, Open Graph and the
   * JSON-LD block, all escaped. A page without SEO (sign-in, accounts, errors) is not indexed.
   */
  const seoHead = (document: ShopDocument): string => {
    const seo = document.seo;
    if (!seo) return '\n<meta name="robots" content="noindex, nofollow" />';
    const meta = (attr: 'name' | 'property', key: string, value: string) =>
      `\n<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
    return (
      meta('name', 'description', seo.description) +
      meta('name', 'robots', seo.robots) +
      `\n<link rel="canonical" href="${escapeAttr(seo.canonical)}" />` +
      meta('property', 'og:type', seo.og.type) +
      meta('property', 'og:site_name', document.site_name) +
      meta('property', 'og:title', seo.og.title) +
      meta('property', 'og:description', seo.og.description) +
      meta('property', 'og:url', seo.og.url) +
      (seo.og.image ? meta('property', 'og:image', seo.og.image) : '') +
      (seo.json_ld ? `\n<script type="application/ld+json">${jsonForScript(seo.json_ld)}</script>` : '')
    );
  };

  /**
   * A storefront page around its document, with `token` as the CSRF token: the top (up to the
   * rendered body), the body (a string when remembered, else a stream) and the tail.
   */
  async function compose(
    req: FastifyRequest,
    reply: FastifyReply,
    document: ShopDocument,
    token: string,
    options: ShopPageOptions,
  ): Promise<{ top: string; html: string | Readable; tail: string; customCode: boolean }> {
    const [before, after] = shopTemplate.split('<!--app-html-->') as [string, string];
    const json = jsonForScript(document);
    const dataScript = `<script type="application/json" id="shop-data">${json}</script>`;
    let tail = fillSlot(after, '<!--app-data-->', dataScript);
    // The admin's custom code (DECISIONS 24), its scripts let through by this response's nonce alone.
    const customCode =
      options.customCode?.trim() && allowsCustomCode(document.page) ? options.customCode : '';
    if (customCode) {
      const nonce = randomBytes(16).toString('base64');
      const policy = reply.getHeader('Content-Security-Policy');
      if (typeof policy === 'string') reply.header('Content-Security-Policy', policyWithNonce(policy, nonce));
      tail = fillSlot(
        tail,
        '</body>',
        `<!-- custom code -->\n${withScriptNonce(customCode, nonce)}\n</body>`,
      );
    }
    if (!render) {
      const title =
        document.seo && document.page !== 'home'
          ? `${document.seo.title} · ${document.site_name}`
          : document.site_name;
      const pageHead = await head(req, token, title, document.path);
      const top = fillSlot(
        withThemeClass(before, pageHead.name),
        '<!--app-head-->',
        pageHead.html + seoHead(document),
      );
      return { top, html: '', tail, customCode: Boolean(customCode) };
    }
    const { html, title } = await render(req.url, document, json);
    const pageHead = await head(req, token, title, document.path);
    const headHtml = pageHead.html + seoHead(document) + shopPagePreloads(manifest, document.page);
    const top = fillSlot(withThemeClass(before, pageHead.name), '<!--app-head-->', headHtml);
    return { top, html, tail, customCode: Boolean(customCode) };
  }

  function send(
    reply: FastifyReply,
    status: number,
    page: { top: string; html: string | Readable; tail: string } | Buffer,
  ) {
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', PRIVATE_NO_STORE);
    if (Buffer.isBuffer(page)) return reply.send(page);
    const { top, html, tail } = page;
    if (typeof html === 'string') return reply.send(top + html + tail);
    const out = new PassThrough();
    out.write(top);
    html.on('error', (error) => out.destroy(error));
    html.on('end', () => out.end(tail));
    html.pipe(out, { end: false });
    return reply.send(out);
  }

  async function shop(
    req: FastifyRequest,
    reply: FastifyReply,
    document: ShopDocument,
    status = 200,
    options: ShopPageOptions = {},
  ) {
    const token = await hooks.csrfToken(req, reply);
    return send(reply, status, await compose(req, reply, document, token, options));
  }

  // Whole pages kept (docs/decisions/0098): the page split where its CSRF token goes, each part
  // encoded once. A kept page goes out as one buffer copied from the parts and the token (3 µs for
  // the product page's 18 KB), where joining strings and encoding the result took 25 µs a request.
  const keptPages = new LRUCache<string, { before: Buffer; after: Buffer }>({
    maxSize: KEPT_PAGE_BYTES,
    sizeCalculation: (page) => Math.max(1, page.before.length + page.after.length),
  });
  const owners = new WeakMap<object, number>();
  let lastOwner = 0;

  async function keptShop(
    req: FastifyRequest,
    reply: FastifyReply,
    keep: KeptPageKey,
    build: () => Promise<{ document: ShopDocument; options?: ShopPageOptions }>,
  ) {
    let owner = owners.get(keep.owner);
    if (owner === undefined) {
      owner = ++lastOwner;
      owners.set(keep.owner, owner);
    }
    const name = `${owner}\u0000${keep.key}\u0000${renderDay()}\u0000${req.url}`;
    const kept = keptPages.get(name);
    if (kept) {
      const token = await hooks.csrfToken(req, reply);
      return send(reply, 200, Buffer.concat([kept.before, Buffer.from(escapeAttr(token)), kept.after]));
    }
    const { document, options = {} } = await build();
    const token = await hooks.csrfToken(req, reply);
    const page = await compose(req, reply, document, TOKEN_SLOT, options);
    const [before, after, ...more] = page.top.split(TOKEN_SLOT);
    if (after === undefined || more.length > 0) throw new Error('A page head must carry one CSRF token');
    const top = before + escapeAttr(token) + after;
    // A page with a nonce of its own (custom code) or still rendering (a stream) is sent, not kept.
    if (
      !page.customCode &&
      typeof page.html === 'string' &&
      page.html.length + page.tail.length <= MAX_KEPT_PAGE
    ) {
      keptPages.set(name, {
        before: Buffer.from(before!),
        after: Buffer.from(after + page.html + page.tail),
      });
    }
    return send(reply, 200, { ...page, top });
  }

  return {
    async admin(req, reply) {
      const token = await hooks.csrfToken(req, reply);
      const html = fillSlot(
        adminTemplate,
        '<!--app-head-->',
        (await head(req, token, 'Emporium admin')).html,
      );
      return reply.type('text/html; charset=utf-8').header('Cache-Control', PRIVATE_NO_STORE).send(html);
    },
    shop,
    keptShop,
    async error(req, reply, status, message) {
      return shop(req, reply, await hooks.errorDocument(req, status, message), status);
    },
  };
}
