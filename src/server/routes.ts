import { ADMIN_PAGES } from '../contracts/admin-pages';
import { allJobs } from './jobs';
import { authRoutes, rolesRoutes, usersRoutes } from './modules/accounts';
import { apiDocsRoutes } from './modules/api-docs';
import { cartRoutes } from './modules/cart';
import {
  discountsRoutes,
  orderProductRoutes,
  productDiscountRoutes,
  productListRoutes,
  productRoutes,
  referenceRoutes,
} from './modules/catalogue';
import { cardPaymentRoutes, checkoutPageRoutes, checkoutRoutes } from './modules/checkout';
import { contactRoutes } from './modules/contact';
import { creditAdminRoutes, fetchExternalContentRoutes, partnerCreditRoutes } from './modules/credit';
import { currencyRoutes } from './modules/currencies';
import { customerAreaPageRoutes, customerAreaRoutes } from './modules/customer-areas';
import { customersRoutes } from './modules/customers';
import { dashboardRoutes } from './modules/dashboard';
import { filesRoutes } from './modules/files';
import { jobRoutes } from './modules/jobs';
import { menusRoutes } from './modules/menus';
import { messagingTestRoutes, smsRoutes } from './modules/messaging';
import {
  customerLinkRoutes,
  orderDocumentRoutes,
  orderLinkRoutes,
  orderRoutes,
  ordersListRoutes,
  purchaseHistoryRoutes,
} from './modules/orders';
import { patientAreaRoutes, patientsRoutes } from './modules/patients';
import {
  bookingsRoutes,
  depositsRoutes,
  periodsRoutes,
  rentalDocumentRoutes,
  rentalRequestRoutes,
} from './modules/rentals';
import {
  chatPopupRoutes,
  emailSettingsRoutes,
  readPageTheme,
  settingsRoutes,
  systemSettingsRoutes,
  themeSettingsRoutes,
  websiteSettingsRoutes,
} from './modules/settings';
import { shippingRoutes } from './modules/shipping';
import { paymentMethodRoutes, pickupPointRoutes } from './modules/shop-setup';
import { slidersRoutes } from './modules/sliders';
import { stockRoutes, stockSettingsRoutes, stockSheetRoutes } from './modules/stock';
import {
  cartPageRoutes,
  cataloguePageRoutes,
  contactPageRoutes,
  storefrontRoutes,
} from './modules/storefront';
import { templatesRoutes } from './modules/templates';
import { type AnyRoute, defineRoute } from './platform/http/define-route';
import { healthRoutes } from './platform/http/health.routes';

/** The theme's favicon when one is uploaded; otherwise a quick empty answer instead of a 404 page. */
const faviconRoute = defineRoute({
  method: 'GET',
  url: '/favicon.ico',
  auth: 'public',
  handler: async ({ ctx, reply }) => {
    const theme = await readPageTheme(ctx);
    if (theme.favicon_url)
      return reply.code(302).header('Cache-Control', 'no-cache').redirect(theme.favicon_url);
    return reply.code(204).header('Cache-Control', 'public, max-age=3600').send();
  },
});

/**
 * Every module's routes, mounted explicitly, under the module folder they come from: the API
 * document (docs/decisions/0074) tags its operations with these names.
 */
export const routesByModule: Readonly<Record<string, readonly AnyRoute[]>> = {
  platform: [...healthRoutes, faviconRoute],
  'api-docs': apiDocsRoutes(() => routesByTag),
  accounts: [...authRoutes, ...rolesRoutes, ...usersRoutes],
  catalogue: [
    ...referenceRoutes,
    ...discountsRoutes,
    ...productDiscountRoutes,
    ...productListRoutes,
    ...productRoutes,
    ...orderProductRoutes,
  ],
  currencies: currencyRoutes,
  files: filesRoutes,
  settings: [
    ...settingsRoutes,
    ...websiteSettingsRoutes,
    ...systemSettingsRoutes,
    ...chatPopupRoutes,
    ...themeSettingsRoutes,
    ...emailSettingsRoutes,
  ],
  sliders: slidersRoutes,
  menus: menusRoutes,
  cart: cartRoutes,
  contact: contactRoutes,
  checkout: [...checkoutRoutes, ...cardPaymentRoutes, ...checkoutPageRoutes],
  messaging: [...smsRoutes, ...messagingTestRoutes],
  templates: templatesRoutes,
  storefront: [...storefrontRoutes, ...cartPageRoutes, ...contactPageRoutes, ...cataloguePageRoutes],
  'customer-areas': [...customerAreaRoutes, ...customerAreaPageRoutes],
  orders: [
    ...orderRoutes,
    ...ordersListRoutes,
    ...purchaseHistoryRoutes,
    ...orderDocumentRoutes,
    ...customerLinkRoutes,
    ...orderLinkRoutes,
  ],
  stock: [...stockRoutes, ...stockSettingsRoutes, ...stockSheetRoutes],
  rentals: [
    ...bookingsRoutes,
    ...rentalRequestRoutes,
    ...rentalDocumentRoutes,
    ...periodsRoutes,
    ...depositsRoutes,
  ],
  customers: customersRoutes,
  patients: [...patientsRoutes, ...patientAreaRoutes],
  'shop-setup': [...pickupPointRoutes, ...paymentMethodRoutes],
  shipping: shippingRoutes,
  credit: [...creditAdminRoutes, ...partnerCreditRoutes, ...fetchExternalContentRoutes],
  dashboard: dashboardRoutes,
  jobs: jobRoutes(allJobs),
};

const moduleRoutes: readonly AnyRoute[] = Object.values(routesByModule).flat();

/** Admin pages not already served by a page-and-endpoint route answer with the SPA shell. */
const adminPageRoutes: AnyRoute[] = ADMIN_PAGES.filter(
  (page) => !moduleRoutes.some((route) => route.method === 'GET' && route.url === page.path),
).map((page) =>
  defineRoute({
    method: 'GET',
    url: page.path,
    auth: { permission: page.permission },
    page: 'admin',
    html: true,
    handler: async ({ ctx, req, reply }) => ctx.pages.admin(req, reply),
  }),
);

export const allRoutes: readonly AnyRoute[] = [...moduleRoutes, ...adminPageRoutes];

/** The whole route table under the names the API document tags it with (docs/decisions/0074). */
const routesByTag: Readonly<Record<string, readonly AnyRoute[]>> = {
  ...routesByModule,
  'admin-pages': adminPageRoutes,
};
