import { and, eq, ne } from 'drizzle-orm';
import { ACCESS_MESSAGES, type PermissionBody } from '../../../contracts/access';
import { isPermissionNameLocked } from '../../../domain/access/access-rules';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import { permissions } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { findPermission } from './access.queries';
import { lockPermission, withUniqueName } from './access-change';

/**
 * PUT /admin/permissions/{id}: a new name and description. A built-in permission keeps its name,
 * because routes check it by name; its description may change (docs/decisions/0005).
 */
export async function renamePermission(ctx: AppContext, actor: Actor, id: number, input: PermissionBody) {
  await withUniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const permission = await lockPermission(tx, id);
      const renamed = input.name !== permission.name;
      if (renamed && isPermissionNameLocked(permission.name)) {
        throw fieldError('name', ACCESS_MESSAGES.builtInPermissionRename(permission.name));
      }
      if (renamed) {
        const [taken] = await tx
          .select({ id: permissions.id })
          .from(permissions)
          .where(and(eq(permissions.name, input.name), ne(permissions.id, id)))
          .limit(1);
        if (taken) throw fieldError('name', ACCESS_MESSAGES.nameTaken);
      }
      const description = input.description ?? null;
      await tx
        .update(permissions)
        .set({ name: input.name, description, updatedAt: ctx.now() })
        .where(eq(permissions.id, id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'permission.updated',
        subjectType: 'permission',
        subjectId: id,
        data: {
          name: { from: permission.name, to: input.name },
          description: { from: permission.description, to: description },
        },
        ip: actor.ip,
      });
    }),
  );
  return (await findPermission(ctx.db, id))!;
}
