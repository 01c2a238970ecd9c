import { z } from 'zod';
import { AREA_ROLES } from '../../../domain/access/roles';
import { safeRedirectPath } from '../../../domain/access/safe-redirect';
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
export const storefrontRoutes = [
  defineRoute({
    method: 'GET',
    url: '/',
    auth: 'public',
    handler: async ({ ctx, req, reply, session }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const s = await getSettings(ctx.db, ['site_name', 'website_description', 'custom_code']);
      const slider = await activeHomeSlider(ctx.db, ctx.storage);
      const slides = (slider?.slides ?? [])
        .filter((slide) => slide.image_path !== null)
        .map(({ id, title, description, link, image_path }) => ({
          id,
          title,
          description,
          link,
          image_path,
        }));
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
    handler: async ({ ctx, req, reply }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      return ctx.pages.shop(req, reply, await shopDocument(ctx, req, { page: 'register', props: {} }));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/forgot-password',
    auth: 'public',
    handler: async ({ ctx, req, reply }) =>
      ctx.pages.shop(req, reply, await shopDocument(ctx, req, { page: 'forgot-password', props: {} })),
  }),
  defineRoute({
    method: 'GET',
    url: '/reset-password/:token',
    auth: 'public',
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
  ...AREA_ROLES.map((role) =>
    defineRoute({
      method: 'GET',
      url: `/${role}/dashboard`,
      auth: { role },
      handler: async ({ ctx, req, reply }) => {
        if (await closedForMaintenance(ctx, req, reply)) return reply;
        return ctx.pages.shop(req, reply, await shopDocument(ctx, req, { page: 'account', props: { role } }));
      },
    }),
  ),
];
