import type { ShopDocument } from '../../contracts/storefront';
import { AppProviders } from '../ui/providers';
import { AccountPage } from './pages/account-page';
import { ErrorPage } from './pages/error-page';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import { OrderLinkPage } from './pages/order-link-page';
import { RegisterPage } from './pages/register-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { ShopLayout } from './shop-layout';

export function pageTitle(doc: ShopDocument): string {
  const titles: Record<ShopDocument['page'], string> = {
    home: doc.site_name,
    login: 'Sign in',
    register: 'Create an account',
    'forgot-password': 'Forgot password',
    'reset-password': 'Choose a new password',
    account: 'My account',
    'order-link': `Order ${doc.page === 'order-link' ? doc.props.order_code : ''}`,
    error: 'Error',
  };
  return doc.page === 'home' ? doc.site_name : `${titles[doc.page]} · ${doc.site_name}`;
}

function Page({ doc }: { doc: ShopDocument }) {
  switch (doc.page) {
    case 'home':
      return <HomePage {...doc.props} viewer={doc.viewer} />;
    case 'login':
      return <LoginPage {...doc.props} />;
    case 'register':
      return <RegisterPage />;
    case 'forgot-password':
      return <ForgotPasswordPage />;
    case 'reset-password':
      return <ResetPasswordPage {...doc.props} />;
    case 'account':
      return <AccountPage role={doc.props.role} viewer={doc.viewer} />;
    case 'order-link':
      return <OrderLinkPage {...doc.props} />;
    case 'error':
      return <ErrorPage {...doc.props} />;
  }
}

/** The storefront: one document from the server, rendered there and hydrated here. */
export function ShopRoot({ document }: { document: ShopDocument }) {
  return (
    <AppProviders>
      <ShopLayout siteName={document.site_name} logoUrl={document.theme.logo_url} viewer={document.viewer}>
        <Page doc={document} />
      </ShopLayout>
    </AppProviders>
  );
}
