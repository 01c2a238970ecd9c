import { eq } from 'drizzle-orm';
import { USER_SCREEN_MESSAGES } from '../../../contracts/accounts';
import { type AccountStatus, canSignIn } from '../../../domain/accounts/user-rules';
import { fieldError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import type { SessionActor } from '../../platform/auth/actor';
import { users } from '../../platform/auth/auth.tables';
import { destroyUserSessions } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { checkAccountScope } from './account-scope';
import { findUser, lockUser, type UserRow } from './accounts.queries';
import { keepRoleManagers } from './keep-role-managers';

/**
 * Activates, suspends or closes an account. A suspended or closed account is signed out
 * everywhere at once; an admin cannot change their own status (they would lock themselves out),
 * nor anyone that of an account beyond their reach (docs/decisions/0035).
 */
export async function setAccountStatus(
  ctx: AppContext,
  actor: SessionActor,
  id: number,
  input: { account_status: AccountStatus; status_reason?: string | null | undefined },
): Promise<UserRow> {
  if (actor.userId === id) throw fieldError('account_status', USER_SCREEN_MESSAGES.ownStatus);
  return ctx.db.transaction(async (tx) => {
    await checkAccountScope(tx, actor, { kind: 'account', userId: id });
    const user = (await lockUser(tx, id))!;
    const reason = input.status_reason ?? null;
    await tx
      .update(users)
      .set({ accountStatus: input.account_status, statusReason: reason, updatedAt: ctx.now() })
      .where(eq(users.id, id));
    if (!canSignIn(input.account_status)) {
      await keepRoleManagers(tx, 'account_status');
      await destroyUserSessions(tx, id);
    }
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'user.status_changed',
      subjectType: 'user',
      subjectId: id,
      data: { from: user.accountStatus, to: input.account_status, reason },
      ip: actor.ip,
    });
    return (await findUser(tx, id))!;
  });
}
