import { useEffect } from 'react';
import type { ShopDocument } from '../../contracts/storefront';
import { MantineProviders } from '../ui/mantine-providers';
import { ChatPopupLoader } from './chat-popup-loader';
import { ShopLayout } from './shop-layout';
import type { PageView } from './shop-pages';

export function pageTitle(doc: ShopDocument): string {
  const titles: Record<ShopDocument['page'], string> = {
    home: doc.site_name,
    login: 'Sign in',
    'magic-link': 'Sign in with your link',
    register: 'Create an account',
    'forgot-password': 'Forgot password',
    'reset-password': 'Choose a new password',
    account: 'My account',
    'area-dashboard': 'Dashboard',
    'area-orders': 'Your orders',
    'area-order': `Order ${doc.page === 'area-order' ? doc.props.order.order_code : ''}`,
    'area-profile': 'Your profile',
    'area-addresses': 'Your addresses',
    'patient-records': 'My medical records',
    'order-link': 'Your order',
    cart: 'Your cart',
    contact: 'Contact us',
    checkout: 'Checkout',
    'partner-checkout': 'Partner checkout',
    'partner-credit': 'Credit account',
    'order-confirmation': 'Order confirmation',
    payment: 'Payment',
    'card-sandbox': 'Card payment (sandbox)',
    error: 'Error',
    products: 'Products',
    product: 'Product',
  };
  if (doc.page === 'home') return doc.site_name;
  return `${doc.seo?.title ?? titles[doc.page]} · ${doc.site_name}`;
}

/**
 * The storefront: one document from the server, rendered there and hydrated here, with its page's
 * code already loaded (loadPageView).
 */
export function ShopRoot({ document, view }: { document: ShopDocument; view: PageView }) {
  // Marks the page as live once hydrated (on <html>, outside the rendered tree): what a visitor
  // types before it would be reset by hydration, so scripts and journeys wait for the mark.
  useEffect(() => {
    window.document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <MantineProviders variables="stylesheet">
      <ShopLayout
        siteName={document.site_name}
        logoUrl={document.theme.logo_url}
        viewer={document.viewer}
        menu={document.menu}
        path={document.path}
        cartCount={document.cart_count}
        orderingOpen={document.ordering_open}
      >
        {view(document)}
      </ShopLayout>
      <ChatPopupLoader
        path={document.path}
        productName={document.page === 'product' ? document.props.product.name : null}
      />
    </MantineProviders>
  );
}
