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
  { path: '/admin/menus', permission: 'menus.manage', nav: { label: 'Menu', group: 'Content' } },
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
  // Reading orders needs orders.view (implied by orders.manage); changing them orders.manage.
  { path: '/admin/orders', permission: 'orders.view', nav: { label: 'Orders', group: 'Sales' } },
  {
    path: '/admin/contact-messages',
    permission: 'contact.manage',
    nav: { label: 'Contact messages', group: 'Sales' },
  },
  // spec 3 §2 patient record tabs (docs/decisions/0063).
  { path: '/admin/patients', permission: 'patients.view', nav: { label: 'Patients', group: 'People' } },
  { path: '/admin/patients/:id', permission: 'patients.view' },
  // spec 1 §2 order form.
  { path: '/admin/orders/create', permission: 'orders.manage' },
  { path: '/admin/orders/:id/edit', permission: 'orders.view' },
  {
    path: '/admin/partner-credit',
    permission: 'credit.manage',
    nav: { label: 'Partner credit', group: 'Sales' },
  },
  { path: '/admin/partner-credit/:id', permission: 'credit.manage' },
  // spec 3 §2 rental bookings (docs/decisions/0067).
  {
    path: '/admin/rental-bookings',
    permission: 'rentals.manage',
    nav: { label: 'Rental bookings', group: 'Sales' },
  },
  { path: '/admin/rental-bookings/create', permission: 'rentals.manage' },
  { path: '/admin/rental-bookings/:id/edit', permission: 'rentals.manage' },
  { path: '/admin/stock-sheet', permission: 'stock.manage', nav: { label: 'Stock sheet', group: 'Stock' } },
  { path: '/admin/stock/stock-history/:productId', permission: 'stock.manage' },
  { path: '/admin/stock/stock-history/:productId/:variantId', permission: 'stock.manage' },
  { path: '/admin/stock/notes-history/:productId', permission: 'stock.manage' },
  { path: '/admin/stock/notes-history/:productId/:variantId', permission: 'stock.manage' },
  // spec 2 §2 writes the variant page as /{productId}/{variantId}, like the other histories.
  { path: '/admin/stock/purchase-history/:productId', permission: 'stock.manage' },
  { path: '/admin/stock/purchase-history/:productId/:variantId', permission: 'stock.manage' },
  {
    path: '/admin/stock-settings',
    permission: 'stock.manage',
    nav: { label: 'Stock settings', group: 'Stock' },
  },
  {
    path: '/admin/website-settings',
    permission: 'settings.manage',
    nav: { label: 'Website settings', group: 'Settings' },
  },
  {
    path: '/admin/shipping',
    permission: 'settings.manage',
    nav: { label: 'Shipping', group: 'Settings' },
  },
  {
    path: '/admin/system-settings',
    permission: 'settings.manage',
    nav: { label: 'System settings', group: 'Settings' },
  },
  {
    path: '/admin/email-management',
    permission: 'settings.manage',
    nav: { label: 'E-mail', group: 'Settings' },
  },
  {
    path: '/admin/rental-templates',
    permission: 'settings.manage',
    nav: { label: 'Rental templates', group: 'Settings' },
  },
  {
    path: '/admin/chat-popup',
    permission: 'settings.manage',
    nav: { label: 'Chat popup', group: 'Settings' },
  },
  {
    path: '/admin/sms-settings',
    permission: 'settings.manage',
    nav: { label: 'SMS', group: 'Settings' },
  },
  {
    path: '/admin/messaging-test',
    permission: 'settings.manage',
    nav: { label: 'Messaging test', group: 'Settings' },
  },
  {
    path: '/admin/failed-jobs',
    permission: 'jobs.manage',
    nav: { label: 'Failed jobs', group: 'Settings' },
  },
  {
    path: '/admin/theme-settings',
    permission: 'settings.manage',
    nav: { label: 'Theme', group: 'Settings' },
  },
  {
    path: '/admin/sliders',
    permission: 'settings.manage',
    nav: { label: 'Sliders', group: 'Settings' },
  },
  { path: '/admin/sliders/create', permission: 'settings.manage' },
  { path: '/admin/sliders/:id/edit', permission: 'settings.manage' },
  {
    path: '/admin/pickup-points',
    permission: 'settings.manage',
    nav: { label: 'Pickup points', group: 'Settings' },
  },
  {
    path: '/admin/payment-methods',
    permission: 'settings.manage',
    nav: { label: 'Payment methods', group: 'Settings' },
  },
  { path: '/admin/payment-methods/create', permission: 'settings.manage' },
  { path: '/admin/payment-methods/:id', permission: 'settings.manage' },
];
