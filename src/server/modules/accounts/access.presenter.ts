import type { PermissionReply, RolePermissionsReply, RoleReply } from '../../../contracts/access';
import { isPermissionNameLocked, isRoleNameLocked } from '../../../domain/access/access-rules';
import type { PermissionRow, RoleRow } from './access.queries';

export function presentRole(row: RoleRow): RoleReply {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_built_in: isRoleNameLocked(row.name),
    permissions_count: row.permissionsCount,
    users_count: row.usersCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentPermission(row: PermissionRow): PermissionReply {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_built_in: isPermissionNameLocked(row.name),
    roles_count: row.rolesCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentRolePermissions(
  role: RoleRow,
  held: { id: number; name: string }[],
  all: { id: number; name: string; description: string | null }[],
): RolePermissionsReply {
  return {
    role: {
      id: role.id,
      name: role.name,
      description: role.description,
      is_built_in: isRoleNameLocked(role.name),
    },
    permissions: held,
    all_permissions: all,
  };
}
