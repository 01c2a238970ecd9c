import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AdminLayout } from './layout/admin-layout';
import { NotFoundPage } from './layout/not-found-page';

const pageLoader = (
  <Center py="xl">
    <Loader role="status" aria-label="Loading page" />
  </Center>
);

/**
 * The admin pages, loaded when first opened. The server answers the same paths with this shell
 * after checking each page's permission (src/contracts/admin-pages.ts). One line per page.
 */
const PAGES: [path: string, page: ComponentType][] = [
  ['/dashboard', lazy(() => import('./dashboard/dashboard-page'))],
  ['/admin/users', lazy(() => import('./users/users-page'))],
  ['/admin/users/create', lazy(() => import('./users/user-form-page'))],
  ['/admin/users/:id/edit', lazy(() => import('./users/user-form-page'))],
  ['/admin/roles', lazy(() => import('./roles/roles-page'))],
  ['/admin/file-manager', lazy(() => import('./files/file-manager-page'))],
  ['/admin/catalogue-settings', lazy(() => import('./catalogue/catalogue-settings-page'))],
  ['/admin/products', lazy(() => import('./products/products-page'))],
  ['/admin/products/create', lazy(() => import('./products/product-form-page'))],
  ['/products/:id/edit', lazy(() => import('./products/product-form-page'))],
  ['/admin/discounts', lazy(() => import('./discounts/discounts-page'))],
  ['/admin/discounts/create', lazy(() => import('./discounts/discount-form-page'))],
  ['/admin/discounts/:id/edit', lazy(() => import('./discounts/discount-form-page'))],
  ['/admin/website-settings', lazy(() => import('./settings/website-settings-page'))],
  ['/admin/system-settings', lazy(() => import('./settings/system-settings-page'))],
  ['/admin/chat-popup', lazy(() => import('./settings/chat-popup-page'))],
  ['/admin/theme-settings', lazy(() => import('./theme/theme-settings-page'))],
  ['/admin/menus', lazy(() => import('./menus/menus-page'))],
  ['/admin/sliders', lazy(() => import('./sliders/sliders-page'))],
  ['/admin/contact-messages', lazy(() => import('./contact/contact-messages-page'))],
  ['/admin/failed-jobs', lazy(() => import('./jobs/failed-jobs-page'))],
  ['/admin/partner-credit', lazy(() => import('./credit/partner-credit-page'))],
  ['/admin/partner-credit/:id', lazy(() => import('./credit/partner-credit-account-page'))],
  ['/admin/patients', lazy(() => import('./patients/patients-page'))],
  ['/admin/patients/:id', lazy(() => import('./patients/patient-records-page'))],
  ['/admin/sliders/create', lazy(() => import('./sliders/slider-form-page'))],
  ['/admin/sliders/:id/edit', lazy(() => import('./sliders/slider-form-page'))],
  ['/admin/email-management', lazy(() => import('./settings/email-settings-page'))],
  ['/admin/sms-settings', lazy(() => import('./messaging/sms-settings-page'))],
  ['/admin/messaging-test', lazy(() => import('./messaging/messaging-test-page'))],
  ['/admin/rental-templates', lazy(() => import('./templates/rental-templates-page'))],
  ['/admin/pickup-points', lazy(() => import('./shop-setup/pickup-points-page'))],
  ['/admin/payment-methods', lazy(() => import('./shop-setup/payment-methods-page'))],
  ['/admin/payment-methods/create', lazy(() => import('./shop-setup/payment-method-form-page'))],
  ['/admin/payment-methods/:id', lazy(() => import('./shop-setup/payment-method-form-page'))],
  ['/admin/stock-sheet', lazy(() => import('./stock/stock-sheet-page'))],
  ['/admin/stock/stock-history/:productId', lazy(() => import('./stock/stock-history-page'))],
  ['/admin/stock/stock-history/:productId/:variantId', lazy(() => import('./stock/stock-history-page'))],
  ['/admin/stock/notes-history/:productId', lazy(() => import('./stock/notes-history-page'))],
  ['/admin/stock/notes-history/:productId/:variantId', lazy(() => import('./stock/notes-history-page'))],
  ['/admin/stock/purchase-history/:productId', lazy(() => import('./stock/purchase-history-page'))],
  [
    '/admin/stock/purchase-history/:productId/:variantId',
    lazy(() => import('./stock/purchase-history-page')),
  ],
  ['/admin/orders', lazy(() => import('./orders/list/orders-page'))],
  ['/admin/stock-settings', lazy(() => import('./stock/stock-settings-page'))],
  ['/admin/shipping', lazy(() => import('./shipping/shipping-page'))],
  ['/admin/orders/create', lazy(() => import('./orders/form/order-form-page'))],
  ['/admin/orders/:id/edit', lazy(() => import('./orders/form/order-form-page'))],
  ['/admin/rental-bookings', lazy(() => import('./rentals/rental-bookings-page'))],
  ['/admin/rental-bookings/create', lazy(() => import('./rentals/rental-booking-page'))],
  ['/admin/rental-bookings/:id/edit', lazy(() => import('./rentals/rental-booking-page'))],
];

export function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        {PAGES.map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={pageLoader}>
                <Page />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
