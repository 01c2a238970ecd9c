import { and, eq } from 'drizzle-orm';
import { defaultActiveRole } from '../../../domain/access/roles';
import { fieldError } from '../../../domain/errors';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { customerAccountCondition, roleNames } from '../accounts';
import type { PricingBuyer } from './pricing-context';

export const ORDER_BUYER_MESSAGES = {
  customer: 'The selected customer does not exist.',
} as const;

/**
 * Whom the order form prices for (issue 12, docs/decisions/0038): the order's customer in the role
 * they would sign in with (their default role), or a guest when the order has no customer — never
 * the staff member taking the phone order. Only customer accounts can be an order's customer
 * (docs/decisions/0035); any other id is refused on `customer_id`.
 */
export async function orderBuyer(db: Executor, customerId: number | null | undefined): Promise<PricingBuyer> {
  if (customerId == null) return null;
  const buyer = await customerBuyer(db, customerId);
  if (buyer === undefined) throw fieldError('customer_id', ORDER_BUYER_MESSAGES.customer);
  return buyer;
}

/** A customer account as a buyer; undefined when the id names no customer account. */
export async function customerBuyer(db: Executor, customerId: number): Promise<PricingBuyer | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      roles: roleNames,
    })
    .from(users)
    .where(and(eq(users.id, customerId), customerAccountCondition()));
  if (!row) return undefined;
  const role = defaultActiveRole(row.roles);
  return role === null ? null : { userId: row.id, role };
}

/** The shop-visibility role a buyer sees products as ("guest" without an account). */
export const visibilityRoleOf = (buyer: PricingBuyer) => buyer?.role ?? 'guest';
