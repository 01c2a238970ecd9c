import { and, eq, ne } from 'drizzle-orm';
import { ACCESS_MESSAGES, type RoleBody } from '../../../contracts/access';
import { isRoleNameLocked } from '../../../domain/access/access-rules';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import { roles, sessions } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { findRole } from './access.queries';
import { lockRole, withUniqueName } from './access-change';

/**
 * PUT /admin/roles/{id}: a new name and description. A built-in role keeps its name, because code
 * checks it by name; its description may change (docs/decisions/0005).
 */
export async function renameRole(ctx: AppContext, actor: Actor, id: number, input: RoleBody) {
  await withUniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const role = await lockRole(tx, id);
      const renamed = input.name !== role.name;
      if (renamed && isRoleNameLocked(role.name)) {
        throw fieldError('name', ACCESS_MESSAGES.builtInRoleRename(role.name));
      }
      if (renamed) {
        const [taken] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.name, input.name), ne(roles.id, id)))
          .limit(1);
        if (taken) throw fieldError('name', ACCESS_MESSAGES.nameTaken);
      }
      const description = input.description ?? null;
      await tx
        .update(roles)
        .set({ name: input.name, description, updatedAt: ctx.now() })
        .where(eq(roles.id, id));
      // Sessions name their active role; people signed in with it keep working under the new name.
      if (renamed) {
        await tx.update(sessions).set({ activeRole: input.name }).where(eq(sessions.activeRole, role.name));
      }
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'role.updated',
        subjectType: 'role',
        subjectId: id,
        data: {
          name: { from: role.name, to: input.name },
          description: { from: role.description, to: description },
        },
        ip: actor.ip,
      });
    }),
  );
  return (await findRole(ctx.db, id))!;
}
