import { eq, inArray } from 'drizzle-orm';
import {
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  seededPermissionsFor,
} from '../../../domain/access/permissions';
import { ROLE_DESCRIPTIONS, ROLES } from '../../../domain/access/roles';
import { permissions, rolePermissions, roles } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';

/**
 * Makes sure the built-in roles and permissions exist (DECISIONS 1). Seeded grants are given only
 * when a role or permission is created here, so an admin's later changes are never undone.
 */
export async function ensureAccessData(db: Executor): Promise<void> {
  const newRoles = await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name, description: ROLE_DESCRIPTIONS[name] })))
    .onConflictDoNothing()
    .returning({ id: roles.id, name: roles.name });
  const newPermissions = await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })))
    .onConflictDoNothing()
    .returning({ id: permissions.id, name: permissions.name });
  if (newRoles.length === 0 && newPermissions.length === 0) return;

  const allRoles = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, [...ROLES]));
  const allPermissions = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  const newRoleIds = new Set(newRoles.map((r) => r.id));
  const newPermissionIds = new Set(newPermissions.map((p) => p.id));
  const grants: { roleId: number; permissionId: number }[] = [];
  for (const role of allRoles) {
    const seeded = seededPermissionsFor(role.name) as string[];
    for (const permission of allPermissions) {
      const isNewPair = newRoleIds.has(role.id) || newPermissionIds.has(permission.id);
      if (isNewPair && seeded.includes(permission.name))
        grants.push({ roleId: role.id, permissionId: permission.id });
    }
  }
  if (grants.length > 0) await db.insert(rolePermissions).values(grants).onConflictDoNothing();
}

export async function roleIdByName(db: Executor, name: string): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  return row?.id ?? null;
}
