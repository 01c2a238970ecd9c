import type { Permission } from '../domain/access/permissions';

/**
 * The admin back office's pages: the server answers each navigation with the SPA shell after
 * checking the permission (DECISIONS 1); the SPA builds its navigation from the same list.
 */
export type AdminPage = { path: string; permission: Permission; nav?: { label: string; group: string } };

export const ADMIN_PAGES: readonly AdminPage[] = [
  { path: '/dashboard', permission: 'dashboard.view', nav: { label: 'Dashboard', group: 'Overview' } },
  { path: '/admin/users', permission: 'users.manage', nav: { label: 'Users', group: 'People' } },
  { path: '/admin/users/create', permission: 'users.manage' },
  { path: '/admin/users/:id/edit', permission: 'users.manage' },
  {
    path: '/admin/roles',
    permission: 'roles.manage',
    nav: { label: 'Roles & permissions', group: 'People' },
  },
  {
    path: '/admin/catalogue-settings',
    permission: 'catalogue.manage',
    nav: { label: 'Catalogue settings', group: 'Catalogue' },
  },
  {
    path: '/admin/file-manager',
    permission: 'files.manage',
    nav: { label: 'File library', group: 'Content' },
  },
  { path: '/admin/products', permission: 'catalogue.manage', nav: { label: 'Products', group: 'Catalogue' } },
  { path: '/admin/products/create', permission: 'catalogue.manage' },
  // spec 2 §2: the product edit page lives at /products/{id}/edit.
  { path: '/products/:id/edit', permission: 'catalogue.manage' },
  {
    path: '/admin/discounts',
    permission: 'catalogue.manage',
    nav: { label: 'Discount rules', group: 'Catalogue' },
  },
  { path: '/admin/discounts/create', permission: 'catalogue.manage' },
  { path: '/admin/discounts/:id/edit', permission: 'catalogue.manage' },
];
