import { ADMIN_PAGES } from '../contracts/admin-pages';
import { authRoutes, rolesRoutes, usersRoutes } from './modules/accounts';
import {
  discountsRoutes,
  orderProductRoutes,
  productDiscountRoutes,
  productListRoutes,
  productRoutes,
  referenceRoutes,
} from './modules/catalogue';
import { currencyRoutes } from './modules/currencies';
import { filesRoutes } from './modules/files';
import { settingsRoutes, websiteSettingsRoutes } from './modules/settings';
import { stockRoutes, stockSettingsRoutes } from './modules/stock';
import { storefrontRoutes } from './modules/storefront';
import { type AnyRoute, defineRoute } from './platform/http/define-route';

const healthRoute = defineRoute({
  method: 'GET',
  url: '/healthz',
  auth: 'public',
  handler: async ({ ctx }) => {
    await ctx.db.execute('select 1');
    return { status: 'ok' };
  },
});

/** No favicon yet (the theme settings will upload one): answer quickly instead of a 404 page. */
const faviconRoute = defineRoute({
  method: 'GET',
  url: '/favicon.ico',
  auth: 'public',
  handler: async ({ reply }) => reply.code(204).header('Cache-Control', 'public, max-age=86400').send(),
});

/** Every module's routes, mounted explicitly. */
const moduleRoutes: AnyRoute[] = [
  healthRoute,
  faviconRoute,
  ...authRoutes,
  ...rolesRoutes,
  ...usersRoutes,
  ...referenceRoutes,
  ...currencyRoutes,
  ...filesRoutes,
  ...discountsRoutes,
  ...productDiscountRoutes,
  ...settingsRoutes,
  ...websiteSettingsRoutes,
  ...storefrontRoutes,
  ...productListRoutes,
  ...productRoutes,
  ...orderProductRoutes,
  ...stockRoutes,
  ...stockSettingsRoutes,
];

/** Admin pages not already served by a page-and-endpoint route answer with the SPA shell. */
const adminPageRoutes: AnyRoute[] = ADMIN_PAGES.filter(
  (page) => !moduleRoutes.some((route) => route.method === 'GET' && route.url === page.path),
).map((page) =>
  defineRoute({
    method: 'GET',
    url: page.path,
    auth: { permission: page.permission },
    page: 'admin',
    handler: async ({ ctx, req, reply }) => ctx.pages.admin(req, reply),
  }),
);

export const allRoutes: readonly AnyRoute[] = [...moduleRoutes, ...adminPageRoutes];
