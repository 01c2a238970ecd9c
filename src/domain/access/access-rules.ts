import { isBuiltInPermission } from './permissions';
import { isBuiltInRole } from './roles';

/** Role names: a lower-case letter, then 1–49 lower-case letters, digits, dashes or underscores. */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_-]{1,49}$/;

/** Permission names are `<area>.<action>` (DECISIONS 1). */
export const PERMISSION_NAME_PATTERN = /^[a-z][a-z0-9_-]*\.[a-z][a-z0-9_-]*$/;
export const PERMISSION_NAME_MAX = 100;

/** The permission that opens Roles & permissions; the admin role always keeps it (docs/decisions/0005). */
export const ROLES_MANAGE = 'roles.manage';
export const ADMIN_ROLE = 'admin';

export function isValidRoleName(name: string): boolean {
  return ROLE_NAME_PATTERN.test(name);
}

export function isValidPermissionName(name: string): boolean {
  return name.length <= PERMISSION_NAME_MAX && PERMISSION_NAME_PATTERN.test(name);
}

/** The area of a permission: the part before the dot ("orders" of "orders.view"). */
export function permissionArea(name: string): string {
  const dot = name.indexOf('.');
  return dot === -1 ? name : name.slice(0, dot);
}

/**
 * Built-in roles and permissions are checked by name in code, so their names are fixed and they
 * cannot be deleted; only their description may change (docs/decisions/0005).
 */
export function isRoleNameLocked(name: string): boolean {
  return isBuiltInRole(name);
}

export function isPermissionNameLocked(name: string): boolean {
  return isBuiltInPermission(name);
}

/** The grant nobody may take away: admin's roles.manage, so the shop can never lock itself out. */
export function isProtectedGrant(role: string, permission: string): boolean {
  return role === ADMIN_ROLE && permission === ROLES_MANAGE;
}

/** Groups permission-like items by area, areas and items in name order. */
export function groupByArea<T extends { name: string }>(items: readonly T[]): { area: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => a.name.localeCompare(b.name))) {
    const area = permissionArea(item.name);
    const list = groups.get(area) ?? [];
    list.push(item);
    groups.set(area, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, list]) => ({ area, items: list }));
}

/** The shop's own people (admin and staff), who still see the storefront in maintenance mode (spec 2 §3). */
export function isShopTeam(heldRoles: readonly string[]): boolean {
  return heldRoles.includes(ADMIN_ROLE) || heldRoles.includes('staff');
}
