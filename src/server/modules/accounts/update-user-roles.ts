import { rolesFitUserType, USER_MESSAGES, type UserType } from '../../../domain/accounts/user-rules';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import { rolesOf, setUserRoles } from '../../platform/auth/user-roles';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { findUser, lockUser, type UserRow } from './accounts.queries';
import { keepRoleManagers } from './keep-role-managers';

/**
 * Replaces a user's roles (spec 2 §7 PUT /admin/users/{id}/role). A session whose active role is
 * taken away stops counting as signed in to that role at its next request (sessions.ts).
 */
export async function updateUserRoles(
  ctx: AppContext,
  actor: Actor,
  id: number,
  roles: readonly string[],
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user) throw notFound();
    if (!rolesFitUserType(user.userType as UserType, roles)) {
      throw fieldError('roles', USER_MESSAGES.companyRoles);
    }
    const before = await rolesOf(tx, id);
    await setUserRoles(tx, id, roles);
    await keepRoleManagers(tx, 'roles');
    const after = await rolesOf(tx, id);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'user.roles_changed',
      subjectType: 'user',
      subjectId: id,
      data: { from: before, to: after },
      ip: actor.ip,
    });
    return (await findUser(tx, id))!;
  });
}
