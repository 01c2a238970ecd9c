/** Permissions are named <area>.<action> (DECISIONS 1). */
export const PERMISSIONS = [
  'dashboard.view',
  'orders.view',
  'orders.manage',
  'catalogue.manage',
  'stock.manage',
  'rentals.manage',
  'credit.manage',
  'patients.view',
  'patients.manage',
  'patients.audit',
  'settings.manage',
  'users.manage',
  'roles.manage',
  'files.manage',
  'menus.manage',
  'contact.manage',
  'jobs.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isBuiltInPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/**
 * The seeded grants: admin holds all; staff all but users.*, roles.*, settings.*, credit.manage,
 * patients.audit (the patient-record access log is for admins, issue 17) and jobs.manage (failed
 * background jobs, with customers' addresses in their payloads, are the admin's: decision 0073).
 */
export function seededPermissionsFor(role: string): Permission[] {
  if (role === 'admin') return [...PERMISSIONS];
  if (role === 'staff') {
    return PERMISSIONS.filter(
      (p) =>
        !p.startsWith('users.') &&
        !p.startsWith('roles.') &&
        !p.startsWith('settings.') &&
        p !== 'credit.manage' &&
        p !== 'patients.audit' &&
        p !== 'jobs.manage',
    );
  }
  return [];
}

/** A role keeps the admin back office reachable only while it holds at least one of these. */
export function hasAnyAdminPermission(granted: readonly string[]): boolean {
  return granted.some((p) => isBuiltInPermission(p));
}

/** What each built-in permission lets its roles do, as Roles & permissions shows it. */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'dashboard.view': 'Open the back-office dashboard',
  'orders.view': 'See orders and their documents',
  'orders.manage': 'Create, change and cancel orders',
  'catalogue.manage': 'Edit products, variations, categories and discounts',
  'stock.manage': 'Update stock, write stock notes and read stock histories',
  'rentals.manage': 'Manage rental bookings and their payments',
  'credit.manage': 'Manage partner credit',
  'patients.view': 'See patient records',
  'patients.manage': 'Create and change patient records',
  'patients.audit': 'See who read and changed patient records (the access log)',
  'settings.manage': 'Change shop settings: shipping, payments, theme, e-mail, SMS',
  'users.manage': 'Create and change users and give them roles',
  'roles.manage': 'Manage roles and permissions',
  'files.manage': 'Upload and organise files in the file library',
  'menus.manage': 'Edit the storefront menus',
  'contact.manage': "Read, mark and delete the contact form's messages",
  'jobs.manage': 'See failed background jobs (e-mails, SMS, housekeeping), retry or discard them',
};

/**
 * What a set of permissions lets a role do: each permission, and the read permission its manage
 * permission implies (whoever may change orders may see them: `orders.manage` ⇒ `orders.view`).
 */
export function withImpliedPermissions(granted: Iterable<string>): Set<string> {
  const held = new Set(granted);
  for (const permission of [...held]) {
    if (!permission.endsWith('.manage')) continue;
    const view = `${permission.slice(0, -'.manage'.length)}.view`;
    if ((PERMISSIONS as readonly string[]).includes(view)) held.add(view);
  }
  return held;
}
