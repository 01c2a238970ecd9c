import { eq } from 'drizzle-orm';
import { ACCESS_MESSAGES } from '../../../contracts/access';
import { fieldError } from '../../../domain/errors';
import { permissions, roles } from '../../platform/auth/auth.tables';
import type { Tx } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/database-errors';
import { notFound } from '../../platform/http/errors';

/** Who makes a change to roles or permissions, for the audit row. */

/**
 * Reads a role and locks its row for the rest of the transaction. Giving the role to a user
 * (a user_roles insert) takes a key-share lock on the same row, so a delete that counts holders
 * after this lock cannot miss one added at the same moment.
 */
export async function lockRole(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(eq(roles.id, id))
    .for('update');
  if (!row) throw notFound(ACCESS_MESSAGES.roleNotFound);
  return row;
}

export async function lockPermission(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: permissions.id, name: permissions.name, description: permissions.description })
    .from(permissions)
    .where(eq(permissions.id, id))
    .for('update');
  if (!row) throw notFound(ACCESS_MESSAGES.permissionNotFound);
  return row;
}

/**
 * Runs a change whose name must be unique. The use case checks first for a clear answer; the
 * unique index still decides when two admins pick the same name at the same moment.
 */
export async function withUniqueName<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', ACCESS_MESSAGES.nameTaken);
    throw error;
  }
}
