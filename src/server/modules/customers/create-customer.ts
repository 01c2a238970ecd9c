import type { CustomerBody } from '../../../contracts/orders';
import { type Actor, audit } from '../../platform/audit/audit';
import { users } from '../../platform/auth/auth.tables';
import { setUserRoles } from '../../platform/auth/user-roles';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/database-errors';
import { assertEmailFree, emailTaken } from '../accounts';
import { customerColumns, placeholderEmail, saveCustomerAddress } from './customer-profile';
import { type CustomerRow, findCustomer } from './customers.queries';

/**
 * Staff create a customer from the order form (spec 1 §7 POST /api/customers): a user with the
 * customer role and no password (they may set one through "forgot password"), the address as their
 * default delivery address, in one transaction with its audit row.
 */
export async function createCustomer(
  ctx: AppContext,
  actor: Actor,
  input: CustomerBody,
): Promise<CustomerRow> {
  const now = ctx.now();
  const email = input.email ?? placeholderEmail();
  try {
    return await ctx.db.transaction(async (tx) => {
      await assertEmailFree(tx, email);
      const [created] = await tx
        .insert(users)
        .values({ ...customerColumns(input), email, passwordHash: null, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      const id = created!.id;
      await setUserRoles(tx, id, ['customer']);
      await saveCustomerAddress(tx, id, input.address, now);
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'customer.created',
        subjectType: 'user',
        subjectId: id,
        data: { email, user_type: input.user_type, roles: ['customer'] },
        ip: actor.ip,
      });
      return (await findCustomer(tx, id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
}
