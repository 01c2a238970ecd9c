import { eq } from 'drizzle-orm';
import type { CustomerBody } from '../../../contracts/orders';
import { rolesFitUserType, USER_MESSAGES } from '../../../domain/accounts/user-rules';
import { fieldError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import type { SessionActor } from '../../platform/auth/actor';
import { users } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/database-errors';
import { assertEmailFree, checkAccountScope, emailTaken } from '../accounts';
import { customerColumns, saveCustomerAddress } from './customer-profile';
import { type CustomerRow, findCustomer } from './customers.queries';

type Snapshot = Record<string, string | null>;

const snapshotOf = (row: CustomerRow): Snapshot => ({
  email: row.email,
  user_type: row.userType,
  first_name: row.firstName,
  last_name: row.lastName,
  company_name: row.companyName,
  company_registration_number: row.companyRegistrationNumber,
  vat_number: row.vatNumber,
  phone: row.phone,
  mobile: row.mobile,
  address: row.address,
});

/**
 * Staff edit a customer from the order form (spec 1 §7 PUT /api/customers/{id}/profile): the
 * profile and the default address. A blank e-mail keeps the current one (docs/decisions/0031).
 * Supplier and partner users must stay companies (spec 1 §6). Only a customer account may be
 * changed here: one holding a back-office role or any permission answers 403 (docs/decisions/0035).
 */
export async function updateCustomerProfile(
  ctx: AppContext,
  actor: SessionActor,
  id: number,
  input: CustomerBody,
): Promise<CustomerRow> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkAccountScope(tx, actor, { kind: 'customer', userId: id });
      const before = (await findCustomer(tx, id))!;
      if (!rolesFitUserType(input.user_type, before.roles))
        throw fieldError('user_type', USER_MESSAGES.companyRoles);
      const email = input.email ?? before.email;
      if (email !== before.email) await assertEmailFree(tx, email, id);
      await tx
        .update(users)
        .set({ ...customerColumns(input), email, updatedAt: now })
        .where(eq(users.id, id));
      if ((input.address ?? null) !== before.address) await saveCustomerAddress(tx, id, input.address, now);
      const after = (await findCustomer(tx, id))!;
      const old = snapshotOf(before);
      const changes: Record<string, { from: string | null; to: string | null }> = {};
      for (const [field, to] of Object.entries(snapshotOf(after)))
        if (old[field] !== to) changes[field] = { from: old[field] ?? null, to };
      if (Object.keys(changes).length > 0) {
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'customer.updated',
          subjectType: 'user',
          subjectId: id,
          data: changes,
          ip: actor.ip,
        });
      }
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
}
