import { and, eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, type GrantReply } from '../../../contracts/access';
import { isProtectedGrant } from '../../../domain/access/access-rules';
import { fieldError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import type { SessionActor } from '../../platform/auth/actor';
import { permissions, rolePermissions } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { lockRole } from './access-change';
import { checkAccountScope } from './account-scope';
import { keepRoleManagers } from './keep-role-managers';

/**
 * DELETE /admin/roles/{id}/permissions/{permissionId}. The admin role keeps roles.manage so the
 * shop can never lock itself out of this screen; revoking a permission the role does not hold
 * changes nothing and still succeeds (docs/decisions/0005). Only a holder of the permission takes it
 * away, and only an admin from the admin role (docs/decisions/0035).
 */
export async function revokePermission(
  ctx: AppContext,
  actor: SessionActor,
  roleId: number,
  permissionId: number,
): Promise<GrantReply> {
  return ctx.db.transaction(async (tx) => {
    const role = await lockRole(tx, roleId);
    const [permission] = await tx
      .select({ id: permissions.id, name: permissions.name })
      .from(permissions)
      .where(eq(permissions.id, permissionId))
      .limit(1);
    if (!permission) throw notFound(ACCESS_MESSAGES.permissionNotFound);
    await checkAccountScope(tx, actor, { kind: 'permission', role: role.name, permission: permission.name });
    if (isProtectedGrant(role.name, permission.name)) {
      throw fieldError('permission_id', ACCESS_MESSAGES.adminKeepsRolesManage);
    }
    const deleted = await tx
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)))
      .returning({ roleId: rolePermissions.roleId });
    const changed = deleted.length > 0;
    if (changed) {
      if (permission.name === 'roles.manage') await keepRoleManagers(tx, 'permission_id');
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'role.permission_revoked',
        subjectType: 'role',
        subjectId: roleId,
        data: { role: role.name, permission: permission.name, permission_id: permission.id },
        ip: actor.ip,
      });
    }
    return {
      role_id: roleId,
      permission_id: permission.id,
      permission: permission.name,
      held: false,
      changed,
    };
  });
}
