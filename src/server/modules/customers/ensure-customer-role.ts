import { eq } from 'drizzle-orm';
import { audit } from '../../platform/audit/audit';
import type { SessionActor } from '../../platform/auth/actor';
import { roles, userRoles } from '../../platform/auth/auth.tables';
import { rolesOf } from '../../platform/auth/user-roles';
import type { AppContext } from '../../platform/context';
import { checkAccountScope } from '../accounts';

/**
 * Selecting a customer for an order makes sure that user holds the customer role (spec 1 §6,
 * §7 POST /api/users/{id}/ensure-customer-role). Other roles stay; a second call changes nothing.
 * Only a customer account may be chosen: a back-office account answers 403 (docs/decisions/0035).
 */
export async function ensureCustomerRole(
  ctx: AppContext,
  actor: SessionActor,
  userId: number,
): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    await checkAccountScope(tx, actor, { kind: 'customer', userId });
    const before = await rolesOf(tx, userId);
    if (before.includes('customer')) return before;
    const [customer] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'customer'));
    if (!customer) throw new Error('The customer role is missing');
    await tx.insert(userRoles).values({ userId, roleId: customer.id }).onConflictDoNothing();
    const after = await rolesOf(tx, userId);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'user.customer_role_added',
      subjectType: 'user',
      subjectId: userId,
      data: { roles: { from: before, to: after } },
      ip: actor.ip,
    });
    return after;
  });
}
