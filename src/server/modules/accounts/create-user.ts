import type { CreateUserBody } from '../../../contracts/accounts';
import { audit } from '../../platform/audit/audit';
import type { SessionActor } from '../../platform/auth/actor';
import { users } from '../../platform/auth/auth.tables';
import { hashPassword } from '../../platform/auth/passwords';
import { setUserRoles } from '../../platform/auth/user-roles';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/database-errors';
import { checkAccountScope } from './account-scope';
import { findUser, type UserRow } from './accounts.queries';
import { assertEmailFree, emailTaken, profileColumns, saveDefaultAddress } from './user-profile';

/**
 * An admin creates a user (spec 2 §7 POST /admin/users): profile, roles, password and the default
 * address, in one transaction with its audit row. Only roles within the actor's reach may be given
 * (docs/decisions/0035).
 */
export async function createUser(
  ctx: AppContext,
  actor: SessionActor,
  input: CreateUserBody,
): Promise<UserRow> {
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkAccountScope(tx, actor, { kind: 'roles', userId: null, roles: input.roles });
      const columns = profileColumns(input);
      await assertEmailFree(tx, columns.email);
      const [created] = await tx
        .insert(users)
        .values({ ...columns, passwordHash, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      await setUserRoles(tx, created!.id, input.roles);
      await saveDefaultAddress(tx, created!.id, input, now);
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'user.created',
        subjectType: 'user',
        subjectId: created!.id,
        data: { email: columns.email, user_type: columns.userType, roles: [...new Set(input.roles)].sort() },
        ip: actor.ip,
      });
      return (await findUser(tx, created!.id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
}
