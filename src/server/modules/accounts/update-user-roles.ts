import { rolesFitUserType, USER_MESSAGES, type UserType } from '../../../domain/accounts/user-rules';
import { fieldError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import type { SessionActor } from '../../platform/auth/actor';
import { rolesOf, setUserRoles } from '../../platform/auth/user-roles';
import type { AppContext } from '../../platform/context';
import { checkAccountScope } from './account-scope';
import { findUser, lockUser, type UserRow } from './accounts.queries';
import { keepRoleManagers } from './keep-role-managers';

/**
 * Replaces a user's roles (spec 2 §7 PUT /admin/users/{id}/role). A session whose active role is
 * taken away stops counting as signed in to that role at its next request (sessions.ts). Nobody
 * changes their own roles, and only roles within the actor's reach are given (docs/decisions/0035).
 */
export async function updateUserRoles(
  ctx: AppContext,
  actor: SessionActor,
  id: number,
  roles: readonly string[],
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    await checkAccountScope(tx, actor, { kind: 'roles', userId: id, roles });
    const user = (await lockUser(tx, id))!;
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
