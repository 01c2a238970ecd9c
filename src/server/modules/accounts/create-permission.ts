import { eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, type PermissionBody } from '../../../contracts/access';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import { permissions } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { findPermission } from './access.queries';
import { withUniqueName } from './access-change';

/** POST /admin/permissions: a new permission, held by no role yet (spec 2 §6). */
export async function createPermission(ctx: AppContext, actor: Actor, input: PermissionBody) {
  const id = await withUniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: permissions.id })
        .from(permissions)
        .where(eq(permissions.name, input.name))
        .limit(1);
      if (taken) throw fieldError('name', ACCESS_MESSAGES.nameTaken);
      const now = ctx.now();
      const [created] = await tx
        .insert(permissions)
        .values({ name: input.name, description: input.description ?? null, createdAt: now, updatedAt: now })
        .returning({ id: permissions.id });
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'permission.created',
        subjectType: 'permission',
        subjectId: created!.id,
        data: { name: input.name, description: input.description ?? null },
        ip: actor.ip,
      });
      return created!.id;
    }),
  );
  return (await findPermission(ctx.db, id))!;
}
