import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParam } from '../../../contracts/common';
import {
  SHOP_PAGE_SIZE,
  type ShopListQuery,
  type ShopListView,
  type ShopProductDetail,
  shopListQuery,
  slugParam,
} from '../../../contracts/shop-catalogue';
import { pageOf } from '../../../domain/paging/paging';
import { escapeHtml } from '../../../domain/templates/render-template';
import type { LoadedSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { requestReferenceVersion } from '../../platform/db/reference-cache';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { getSettings } from '../../platform/settings/settings-store';
import {
  findShopBrand,
  findShopCategory,
  presentShopCard,
  productVersionById,
  productVersionBySlug,
  shopFacets,
  shopProductPage,
  shopProductView,
  sitemapEntries,
} from '../catalogue';
import { closedForMaintenance } from './maintenance';
import { loadShopContext } from './shop-context';
import { type ShopVisitor, shopDocument, shopVisitor } from './shop-document';
import { listingSeo, productSeo } from './shop-seo';

const NOT_FOUND = 'This page could not be found.';

/** One page of the listing for the visitor (spec 3 §2 /products): paged in SQL, priced by the engine. */
async function listingView(
  ctx: AppContext,
  session: LoadedSession | null,
  query: ShopListQuery,
  categorySlug: string | null,
) {
  const shop = await loadShopContext(ctx, session);
  const slug = categorySlug ?? query.category ?? null;
  const [category, brand, facets] = await Promise.all([
    slug ? findShopCategory(ctx.db, slug) : null,
    query.brand ? findShopBrand(ctx.db, query.brand) : null,
    shopFacets(ctx.db),
  ]);
  // A category page of an unknown or inactive category is not there; a filter naming one finds nothing.
  if (categorySlug && !category) return null;
  const page = query.page ?? 1;
  const sort = query.sort ?? 'newest';
  const nothing = (slug && !category) || (query.brand && !brand);
  const { rows, total } = nothing
    ? { rows: [], total: 0 }
    : await shopProductPage(
        ctx.db,
        shop.role,
        {
          ...query,
          ...(category ? { categoryId: category.id } : {}),
          ...(brand ? { brandId: brand.id } : {}),
          hideOutOfStock: shop.hideOutOfStock,
        },
        sort,
        SHOP_PAGE_SIZE,
        (page - 1) * SHOP_PAGE_SIZE,
      );
  const view: ShopListView = {
    products: rows.map((row) => presentShopCard(row, shop.pricing, ctx.storage)),
    current_page: page,
    last_page: pageOf(rows, total, page, SHOP_PAGE_SIZE).last_page,
    total,
    query: {
      sort,
      search: query.search ?? '',
      category: categorySlug ? '' : (query.category ?? ''),
      brand: query.brand ?? '',
      color: query.color === undefined ? '' : String(query.color),
      min_price: query.min_price === undefined ? '' : String(query.min_price),
      max_price: query.max_price === undefined ? '' : String(query.max_price),
      in_stock: query.in_stock === '1',
    },
    path: category && categorySlug ? `/category/${category.slug}` : '/products',
    category: category
      ? { name: category.name, slug: category.slug, description: category.description }
      : null,
    facets: {
      categories: facets.categories.map((c) => ({
        value: c.slug,
        label: c.parent ? `${c.parent} › ${c.name}` : c.name,
      })),
      brands: facets.brands.map((b) => ({ value: b.slug, label: b.name })),
      colors: facets.colors.map((c) => ({ value: String(c.id), label: c.name, code: c.code })),
    },
  };
  return { view, display: shop.display };
}

async function listingPage(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  session: LoadedSession | null,
  query: ShopListQuery,
  categorySlug: string | null,
) {
  if (await closedForMaintenance(ctx, req, reply)) return reply;
  const result = await listingView(ctx, session, query, categorySlug);
  if (!result) return ctx.pages.error(req, reply, 404, NOT_FOUND);
  const { site_name, custom_code } = await getSettings(ctx.db, ['site_name', 'custom_code']);
  const doc = await shopDocument(
    ctx,
    req,
    { page: 'products', props: { ...result.view, display: result.display } },
    listingSeo(ctx.config.publicUrl, site_name, result.view),
  );
  return ctx.pages.shop(req, reply, doc, 200, { customCode: custom_code });
}

/**
 * The product page's data for the visitor, or null when unknown or hidden from their role. The
 * product's row version comes with the session when its statement carried it (decision 0103).
 */
async function productFor(
  ctx: AppContext,
  req: FastifyRequest,
  session: LoadedSession | null,
  key: { slug: string } | { id: number },
) {
  const shop = await loadShopContext(ctx, session);
  const view = await shopProductView(
    ctx.db,
    ctx.storage,
    shop.role,
    shop.pricing,
    key,
    req.sessionState.side,
  );
  return view && { presented: view.presented, display: shop.display, seoFields: view.seo };
}

const productPageRoute = (url: string) =>
  defineRoute({
    method: 'GET',
    url,
    auth: 'public',
    html: true,
    params: slugParam,
    sessionSideRead: productVersionBySlug,
    handler: async ({ ctx, req, reply, session, params }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const found = await productFor(ctx, req, session, { slug: params.slug });
      if (!found) return ctx.pages.error(req, reply, 404, NOT_FOUND);
      const build = async (visitor: ShopVisitor | null) => {
        const { site_name, custom_code } = await getSettings(ctx.db, ['site_name', 'custom_code']);
        const document = await shopDocument(
          ctx,
          req,
          { page: 'product', props: { ...found.presented, display: found.display } },
          productSeo(
            ctx.config.publicUrl,
            site_name,
            found.presented,
            found.seoFields,
            found.display.currency.code,
          ),
          visitor,
        );
        return { document, options: { customCode: custom_code } };
      };
      // The page is kept whole (docs/decisions/0098) under the kept product view (renewed with the
      // product, its pricing and the buyer's roles), the reference version (settings, menu, theme,
      // currency, stock display) and the visitor's own part.
      const version = await requestReferenceVersion(ctx.db);
      if (version === null) {
        const { document, options } = await build(null);
        return ctx.pages.shop(req, reply, document, 200, options);
      }
      const visitor = await shopVisitor(ctx, req);
      return ctx.pages.keptShop(
        req,
        reply,
        { owner: found.presented, key: JSON.stringify([version, visitor]) },
        () => build(visitor),
      );
    },
  });

/**
 * The shop's catalogue pages (issue 14, spec 3 §2 Storefront): the listing, category pages, the
 * product page under both its paths, the product's data for the page's script, sitemap and robots.
 */
export const cataloguePageRoutes = [
  defineRoute({
    method: 'GET',
    url: '/products',
    auth: 'public',
    html: true,
    query: shopListQuery,
    handler: ({ ctx, req, reply, session, query }) => listingPage(ctx, req, reply, session, query, null),
  }),
  defineRoute({
    method: 'GET',
    url: '/category/:slug',
    auth: 'public',
    html: true,
    params: slugParam,
    query: shopListQuery,
    handler: ({ ctx, req, reply, session, query, params }) =>
      listingPage(ctx, req, reply, session, query, params.slug),
  }),
  productPageRoute('/products/:slug'),
  productPageRoute('/product/:slug'),
  /** spec 3 §7: the product with its variants, colours and gallery; 404 when hidden from the role. */
  defineRoute({
    method: 'GET',
    url: '/api/public/products/:id',
    auth: 'public',
    params: idParam,
    sessionSideRead: productVersionById,
    handler: async ({ ctx, req, session, params }): Promise<ShopProductDetail> => {
      const found = await productFor(ctx, req, session, { id: params.id });
      if (!found) throw notFound();
      return found.presented;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sitemap.xml',
    auth: 'public',
    handler: async ({ ctx, reply }) => {
      const base = ctx.config.publicUrl;
      const { products, categories } = await sitemapEntries(ctx.db);
      const entry = (path: string, updated: Date | null) =>
        `<url><loc>${escapeHtml(base + path)}</loc>${updated ? `<lastmod>${updated.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        entry('/', null),
        entry('/products', null),
        entry('/contact', null),
        ...categories.map((c) => entry(`/category/${encodeURIComponent(c.slug)}`, c.updatedAt)),
        ...products.map((p) => entry(`/products/${encodeURIComponent(p.slug)}`, p.updatedAt)),
        '</urlset>',
      ].join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(body);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/robots.txt',
    auth: 'public',
    handler: async ({ ctx, reply }) => {
      // The back office, the accounts and the cart and checkout are no search results.
      const body = [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /customer/',
        'Disallow: /partner/',
        'Disallow: /doctor/',
        'Disallow: /patient/',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /order-confirmation/',
        'Disallow: /payment/',
        'Disallow: /payment-sandbox/',
        'Disallow: /login',
        'Allow: /',
        '',
        `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(body);
    },
  }),
];
