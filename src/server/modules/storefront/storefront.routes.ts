import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HomeSlide, HomeSliderState } from '../../../contracts/storefront';
import { AREA_ROLES } from '../../../domain/access/roles';
import { safeRedirectPath } from '../../../domain/access/safe-redirect';
import { CUSTOMER_AREA_ROLES } from '../../../domain/customer-areas/area-orders';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { getSettings } from '../../platform/settings/settings-store';
import { magicLinkHolder, smsSignInEnabled } from '../accounts';
import { featuredShopProducts, presentShopCard } from '../catalogue';
import { activeHomeSlider } from '../sliders';
import { closedForMaintenance } from './maintenance';
import { loadShopContext } from './shop-context';
import { shopDocument } from './shop-document';
import { homeSeo } from './shop-seo';

/** Featured products on the home page, under the slider. */
const FEATURED_COUNT = 8;

const loginQuery = z.object({
  redirect: z.string().max(2000).optional(),
  status: z.string().max(50).optional(),
});

const resetQuery = z.object({ email: z.string().max(255).default('') });
const tokenParam = z.object({ token: z.string().min(1).max(200) });

/**
 * Server-rendered storefront pages (for now home, sign-in pages and the customer areas' start).
 * In maintenance mode the shop's pages answer 503 except to admin and staff; the sign-in pages stay open.
 */
/**
 * The home slider's slides with an image. A slider that fails to load costs the visitor the
 * slider only (its error message), never the home page.
 */
async function homeSlides(
  ctx: AppContext,
  req: FastifyRequest,
): Promise<{ slides: HomeSlide[]; slider_state: HomeSliderState }> {
  try {
    const slider = await activeHomeSlider(ctx.db, ctx.storage);
    if (!slider) return { slides: [], slider_state: 'none' };
    const slides = slider.slides
      .filter((slide) => slide.image_path !== null)
      .map(({ id, title, description, link, image_path }) => ({
        id,
        title,
        description,
        link,
        image_path,
      }));
    return { slides, slider_state: slides.length > 0 ? 'ready' : 'empty' };
  } catch (error) {
    req.log.error({ err: error }, 'home slider failed to load');
    return { slides: [], slider_state: 'error' };
  }
}

export const storefrontRoutes = [
  defineRoute({
    method: 'GET',
    url: '/',
    auth: 'public',
    html: true,
    handler: async ({ ctx, req, reply, session }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const s = await getSettings(ctx.db, ['site_name', 'website_description', 'custom_code']);
      const { slides, slider_state } = await homeSlides(ctx, req);
      const shop = await loadShopContext(ctx, session);
      const featured = await featuredShopProducts(ctx.db, shop.role, FEATURED_COUNT);
      const doc = await shopDocument(
        ctx,
        req,
        {
          page: 'home',
          props: {
            site_name: s.site_name,
            description: s.website_description,
            slides,
            slider_state,
            featured: featured.map((row) => presentShopCard(row, shop.pricing, ctx.storage)),
            display: shop.display,
          },
        },
        homeSeo(ctx.config.publicUrl, s.site_name, s.website_description),
      );
      return ctx.pages.shop(req, reply, doc, 200, { customCode: s.custom_code });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/login',
    auth: 'public',
    html: true,
    query: loginQuery,
    handler: async ({ ctx, req, reply, query }) =>
      ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, {
          page: 'login',
          // Only a path of this site reaches the form (issue 11): anything else signs in to the dashboard.
          props: {
            redirect: safeRedirectPath(query.redirect),
            status: query.status ?? null,
            sms_enabled: await smsSignInEnabled(ctx.db),
          },
        }),
      ),
  }),
  defineRoute({
    method: 'GET',
    url: '/register',
    auth: 'public',
    html: true,
    handler: async ({ ctx, req, reply }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      return ctx.pages.shop(req, reply, await shopDocument(ctx, req, { page: 'register', props: {} }));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/forgot-password',
    auth: 'public',
    html: true,
    handler: async ({ ctx, req, reply }) =>
      ctx.pages.shop(req, reply, await shopDocument(ctx, req, { page: 'forgot-password', props: {} })),
  }),
  defineRoute({
    method: 'GET',
    url: '/reset-password/:token',
    auth: 'public',
    html: true,
    params: tokenParam,
    query: resetQuery,
    handler: async ({ ctx, req, reply, params, query }) =>
      ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, {
          page: 'reset-password',
          props: { token: params.token, email: query.email },
        }),
      ),
  }),
  // DECISIONS 4, docs/decisions/0056: the link's page only shows whom it signs in; its button
  // POSTs to spend it (GET never changes state, and mail scanners open links).
  defineRoute({
    method: 'GET',
    url: '/auth/magic-link/:token',
    auth: 'public',
    html: true,
    params: tokenParam,
    handler: async ({ ctx, req, reply, params }) => {
      const masked = await magicLinkHolder(ctx.db, params.token, ctx.now());
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, {
          page: 'magic-link',
          props: { token: params.token, masked_email: masked },
        }),
      );
    },
  }),
  // The customer, partner, doctor and patient areas have their own pages (modules/customer-areas).
  ...AREA_ROLES.filter((role) => !(CUSTOMER_AREA_ROLES as readonly string[]).includes(role)).map((role) =>
    defineRoute({
      method: 'GET',
      url: `/${role}/dashboard`,
      auth: { role },
      html: true,
      handler: async ({ ctx, req, reply }) => {
        if (await closedForMaintenance(ctx, req, reply)) return reply;
        return ctx.pages.shop(req, reply, await shopDocument(ctx, req, { page: 'account', props: { role } }));
      },
    }),
  ),
];
