import { eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, type GrantReply } from '../../../contracts/access';
import { fieldError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import type { SessionActor } from '../../platform/auth/actor';
import { permissions, rolePermissions } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { lockRole } from './access-change';
import { checkAccountScope } from './account-scope';

/**
 * POST /admin/roles/{id}/permissions (permission_id). Granting a permission the role already holds
 * changes nothing and still succeeds, so a double click or a retry is harmless. Signed-in users of
 * the role get it on their next request: sessions read the role's permissions every time. Nobody
 * gives what they do not hold, and only an admin changes the admin role (docs/decisions/0035).
 */
export async function grantPermission(
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
      .for('share');
    if (!permission) throw fieldError('permission_id', ACCESS_MESSAGES.permissionUnknown);
    await checkAccountScope(tx, actor, { kind: 'permission', role: role.name, permission: permission.name });
    const inserted = await tx
      .insert(rolePermissions)
      .values({ roleId, permissionId })
      .onConflictDoNothing()
      .returning({ roleId: rolePermissions.roleId });
    const changed = inserted.length > 0;
    if (changed) {
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'role.permission_granted',
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
      held: true,
      changed,
    };
  });
}
