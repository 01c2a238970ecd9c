import { and, asc, eq } from 'drizzle-orm';
import { roles, userRoles, users } from '../auth/auth.tables';
import type { Executor } from '../db/database';
import { getSettings } from '../settings/settings-store';

/**
 * Who reads the shop's own mail (stock alerts, contact messages, new web orders): the admin e-mail
 * of the e-mail settings (spec 2 §3 admin_email) when one is set, otherwise every active
 * administrator (docs/decisions/0022).
 */
export async function shopMailRecipients(db: Executor): Promise<string[]> {
  const { admin_email } = await getSettings(db, ['admin_email']);
  if (admin_email) return [admin_email];
  const admins = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, 'admin'), eq(users.accountStatus, 'active')))
    .orderBy(asc(users.email));
  return admins.map((a) => a.email);
}
