import type { ReactNode } from 'react';
import type { ShopDocument } from '../../contracts/storefront';

type PageName = ShopDocument['page'];
type DocumentOf<P extends PageName> = Extract<ShopDocument, { page: P }>;

/** Renders one storefront page from its document. */
export type PageView = (document: ShopDocument) => ReactNode;

/**
 * Each storefront page is its own chunk, so a page that only displays does not carry the forms'
 * validation (zod, @mantine/form) and a form page not the others' code. The renderer and the
 * browser both load the document's page before rendering (entry-server, entry-client), so the
 * server's HTML and the hydrated tree are the same, with no Suspense fallback in between. The
 * server preloads a page's chunks in the head by the file name `pages/<page>-page.tsx`
 * (shopPagePreloads in src/server/platform/http/web-pages.ts): keep the pages named so.
 */
const PAGE_VIEWS: { [P in PageName]: () => Promise<(document: DocumentOf<P>) => ReactNode> } = {
  home: () =>
    import('./pages/home-page').then(({ HomePage }) => (doc) => (
      <HomePage {...doc.props} viewer={doc.viewer} />
    )),
  products: () =>
    import('./pages/products-page').then(({ ProductsPage }) => (doc) => {
      const { display, ...view } = doc.props;
      return <ProductsPage view={view} display={display} />;
    }),
  product: () =>
    import('./pages/product-page').then(({ ProductPage }) => (doc) => {
      const { display, ...detail } = doc.props;
      // A new product is a new page: its choices start afresh.
      return (
        <ProductPage
          key={detail.product.id}
          detail={detail}
          display={display}
          orderingOpen={doc.ordering_open}
        />
      );
    }),
  login: () =>
    import('./pages/login-page').then(({ LoginPage }) => (doc) => <LoginPage {...doc.props} />),
  'magic-link': () =>
    import('./pages/magic-link-page').then(({ MagicLinkPage }) => (doc) => <MagicLinkPage {...doc.props} />),
  register: () =>
    import('./pages/register-page').then(({ RegisterPage }) => () => <RegisterPage />),
  'forgot-password': () =>
    import('./pages/forgot-password-page').then(({ ForgotPasswordPage }) => () => <ForgotPasswordPage />),
  'reset-password': () =>
    import('./pages/reset-password-page').then(({ ResetPasswordPage }) => (doc) => (
      <ResetPasswordPage {...doc.props} />
    )),
  account: () =>
    import('./pages/account-page').then(({ AccountPage }) => (doc) => (
      <AccountPage role={doc.props.role} viewer={doc.viewer} />
    )),
  'area-dashboard': () =>
    import('./pages/area-dashboard-page').then(({ AreaDashboardPage }) => (doc) => (
      <AreaDashboardPage {...doc.props} viewer={doc.viewer} />
    )),
  'area-orders': () =>
    import('./pages/area-orders-page').then(({ AreaOrdersPage }) => (doc) => (
      <AreaOrdersPage {...doc.props} />
    )),
  'area-order': () =>
    import('./pages/area-order-page').then(({ AreaOrderPage }) => (doc) => <AreaOrderPage {...doc.props} />),
  'area-profile': () =>
    import('./pages/area-profile-page').then(({ AreaProfilePage }) => (doc) => (
      <AreaProfilePage {...doc.props} />
    )),
  'area-addresses': () =>
    import('./pages/area-addresses-page').then(({ AreaAddressesPage }) => (doc) => (
      <AreaAddressesPage {...doc.props} />
    )),
  'patient-records': () =>
    import('./pages/patient-records-page').then(({ PatientRecordsPage }) => (doc) => (
      <PatientRecordsPage {...doc.props} />
    )),
  'order-link': () =>
    import('./pages/order-link-page').then(({ OrderLinkGatePage }) => (doc) => (
      <OrderLinkGatePage {...doc.props} />
    )),
  cart: () =>
    import('./pages/cart-page').then(({ CartPage }) => (doc) => <CartPage {...doc.props} />),
  contact: () =>
    import('./pages/contact-page').then(({ ContactPage }) => () => <ContactPage />),
  checkout: () =>
    import('./pages/checkout-page').then(({ CheckoutPage }) => (doc) => (
      <CheckoutPage {...doc.props} orderingOpen={doc.ordering_open} />
    )),
  'partner-credit': () =>
    import('./pages/partner-credit-page').then(({ PartnerCreditPage }) => (doc) => (
      <PartnerCreditPage {...doc.props} />
    )),
  'partner-checkout': () =>
    import('./pages/partner-checkout-page').then(({ PartnerCheckoutPage }) => (doc) => (
      <PartnerCheckoutPage {...doc.props} orderingOpen={doc.ordering_open} />
    )),
  'order-confirmation': () =>
    import('./pages/order-confirmation-page').then(({ OrderConfirmationPage }) => (doc) => (
      <OrderConfirmationPage {...doc.props} />
    )),
  payment: () =>
    import('./pages/payment-page').then(({ PaymentPage }) => (doc) => <PaymentPage {...doc.props} />),
  'card-sandbox': () =>
    import('./pages/card-sandbox-page').then(({ CardSandboxPage }) => (doc) => (
      <CardSandboxPage {...doc.props} />
    )),
  error: () =>
    import('./pages/error-page').then(({ ErrorPage }) => (doc) => <ErrorPage {...doc.props} />),
};

/** Loads the code of the document's page. */
export function loadPageView(document: ShopDocument): Promise<PageView> {
  // The table pairs each page name with its document type; TypeScript cannot follow the pairing
  // through an index by a union, hence the one widening cast.
  return (PAGE_VIEWS[document.page] as () => Promise<PageView>)();
}
