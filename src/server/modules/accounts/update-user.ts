import { eq } from 'drizzle-orm';
import type { UpdateUserBody } from '../../../contracts/accounts';
import { rolesFitUserType, USER_MESSAGES } from '../../../domain/accounts/user-rules';
import { fieldError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import type { SessionActor } from '../../platform/auth/actor';
import { users } from '../../platform/auth/auth.tables';
import { hashPassword } from '../../platform/auth/passwords';
import { destroyUserSessions } from '../../platform/auth/sessions';
import { rolesOf, setUserRoles } from '../../platform/auth/user-roles';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/database-errors';
import { checkAccountScope } from './account-scope';
import { findUser, type UserRow } from './accounts.queries';
import { keepRoleManagers } from './keep-role-managers';
import { assertEmailFree, emailTaken, profileColumns, saveDefaultAddress } from './user-profile';

const COLUMN_FIELDS = {
  email: 'email',
  userType: 'user_type',
  firstName: 'first_name',
  lastName: 'last_name',
  companyName: 'company_name',
  companyRegistrationNumber: 'company_registration_number',
  vatNumber: 'vat_number',
  phone: 'phone',
  mobile: 'mobile',
  notes: 'notes',
} as const;

/**
 * An admin edits a user (spec 2 §7 PUT /admin/users/{id}). A blank password keeps the current
 * one; switching to individual clears the company fields; roles change only when sent. The account
 * and any roles given must be within the actor's reach (docs/decisions/0035).
 */
export async function updateUser(
  ctx: AppContext,
  actor: SessionActor,
  id: number,
  input: UpdateUserBody,
): Promise<UserRow> {
  const now = ctx.now();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await ctx.db.transaction(async (tx) => {
      // Two admins saving the same user at once apply one after the other.
      await checkAccountScope(
        tx,
        actor,
        input.roles ? { kind: 'roles', userId: id, roles: input.roles } : { kind: 'account', userId: id },
      );
      const before = (await findUser(tx, id))!;
      const columns = profileColumns(input);
      await assertEmailFree(tx, columns.email, id);
      const roles = input.roles ?? (await rolesOf(tx, id));
      if (!rolesFitUserType(columns.userType, roles)) {
        throw fieldError('user_type', USER_MESSAGES.companyRoles);
      }
      await tx
        .update(users)
        .set({ ...columns, ...(passwordHash ? { passwordHash } : {}), updatedAt: now })
        .where(eq(users.id, id));
      if (input.roles) {
        await setUserRoles(tx, id, input.roles);
        await keepRoleManagers(tx, 'roles');
      }
      // A password set by an admin ends the user's other sessions (someone may know the old one).
      if (passwordHash && id !== actor.userId) await destroyUserSessions(tx, id);
      await saveDefaultAddress(tx, id, input, now);

      const after = (await findUser(tx, id))!;
      const changed = Object.entries(COLUMN_FIELDS)
        .filter(([column]) => before[column as keyof UserRow] !== after[column as keyof UserRow])
        .map(([, field]) => field);
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'user.updated',
        subjectType: 'user',
        subjectId: id,
        data: {
          changed,
          password_changed: Boolean(passwordHash),
          ...(input.roles && before.roles.join() !== after.roles.join()
            ? { roles: { from: before.roles, to: after.roles } }
            : {}),
        },
        ip: actor.ip,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
}
