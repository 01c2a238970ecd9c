import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { DashboardPage } from './dashboard/dashboard-page';
import { AdminLayout } from './layout/admin-layout';
import { NotFoundPage } from './layout/not-found-page';

const pageLoader = (
  <Center py="xl">
    <Loader aria-label="Loading page" />
  </Center>
);

/**
 * The admin pages, loaded when first opened. The server answers the same paths with this shell
 * after checking each page's permission (src/contracts/admin-pages.ts). One line per page.
 */
const PAGES: [path: string, page: ComponentType][] = [
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
];

export function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="/dashboard" element={<DashboardPage />} />
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
