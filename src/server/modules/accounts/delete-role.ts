import { asc, eq, sql } from 'drizzle-orm';
import { ACCESS_MESSAGES } from '../../../contracts/access';
import { isRoleNameLocked } from '../../../domain/access/access-rules';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import { permissions, rolePermissions, roles, userRoles } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { conflict } from '../../platform/http/errors';
import { lockRole } from './access-change';

/**
 * DELETE /admin/roles/{id}. Built-in roles stay; a role someone holds stays until it is taken
 * from them, so nobody loses access by surprise (docs/decisions/0005). Its grants go with it.
 */
export async function deleteRole(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const role = await lockRole(tx, id);
    if (isRoleNameLocked(role.name)) throw fieldError('name', ACCESS_MESSAGES.builtInRoleDelete(role.name));
    const [holders] = await tx
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(userRoles)
      .where(eq(userRoles.roleId, id));
    if ((holders?.n ?? 0) > 0) throw conflict(ACCESS_MESSAGES.roleHeld(holders!.n));
    const granted = await tx
      .select({ name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, id))
      .orderBy(asc(permissions.name));
    await tx.delete(roles).where(eq(roles.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'role.deleted',
      subjectType: 'role',
      subjectId: id,
      data: { name: role.name, description: role.description, permissions: granted.map((p) => p.name) },
      ip: actor.ip,
    });
    return { id, name: role.name };
  });
}
