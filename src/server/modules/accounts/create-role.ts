import { eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, type RoleBody } from '../../../contracts/access';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import { roles } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { findRole } from './access.queries';
import { withUniqueName } from './access-change';

/** POST /admin/roles: a new role with no permissions (spec 2 §6). */
export async function createRole(ctx: AppContext, actor: Actor, input: RoleBody) {
  const id = await withUniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.name, input.name))
        .limit(1);
      if (taken) throw fieldError('name', ACCESS_MESSAGES.nameTaken);
      const now = ctx.now();
      const [created] = await tx
        .insert(roles)
        .values({ name: input.name, description: input.description ?? null, createdAt: now, updatedAt: now })
        .returning({ id: roles.id });
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'role.created',
        subjectType: 'role',
        subjectId: created!.id,
        data: { name: input.name, description: input.description ?? null },
        ip: actor.ip,
      });
      return created!.id;
    }),
  );
  return (await findRole(ctx.db, id))!;
}
