import { asc, eq } from 'drizzle-orm';
import { ACCESS_MESSAGES } from '../../../contracts/access';
import { isPermissionNameLocked } from '../../../domain/access/access-rules';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import { permissions, rolePermissions, roles } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { lockPermission } from './access-change';

/**
 * DELETE /admin/permissions/{id}. Built-in permissions stay (docs/decisions/0005); a custom one is
 * taken from every role that held it, and the audit row says which.
 */
export async function deletePermission(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const permission = await lockPermission(tx, id);
    if (isPermissionNameLocked(permission.name)) {
      throw fieldError('name', ACCESS_MESSAGES.builtInPermissionDelete(permission.name));
    }
    const heldBy = await tx
      .select({ name: roles.name })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(eq(rolePermissions.permissionId, id))
      .orderBy(asc(roles.name));
    await tx.delete(permissions).where(eq(permissions.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'permission.deleted',
      subjectType: 'permission',
      subjectId: id,
      data: { name: permission.name, description: permission.description, roles: heldBy.map((r) => r.name) },
      ip: actor.ip,
    });
    return { id, name: permission.name };
  });
}
