import { sql } from 'drizzle-orm';
import { fieldError } from '../../../domain/errors';
import type { Tx } from '../../platform/db/database';

export const LAST_ROLE_MANAGER =
  'At least one active user must keep a role that can manage roles and permissions.';

/**
 * Refuses a change that would leave no active user able to manage roles and permissions (the shop
 * would be locked out of its own access control). Call it inside the transaction, after the change;
 * an advisory lock makes concurrent demotions take turns so two admins cannot demote each other at once.
 */
export async function keepRoleManagers(tx: Tx, field: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(4242002)`);
  const result = await tx.execute(sql`
    select count(*)::int as n
    from users u
    join user_roles ur on ur.user_id = u.id
    join role_permissions rp on rp.role_id = ur.role_id
    join permissions p on p.id = rp.permission_id
    where p.name = 'roles.manage' and u.account_status = 'active'`);
  const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (n === 0) throw fieldError(field, LAST_ROLE_MANAGER);
}
