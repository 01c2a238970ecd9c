import { eq, inArray } from 'drizzle-orm';
import { validationError } from '../../../domain/errors';
import type { Executor } from '../db/database';
import { roles, userRoles } from './auth.tables';

/** Replaces a user's roles by the named ones; an unknown name answers 422 on `roles`. */
export async function setUserRoles(db: Executor, userId: number, names: readonly string[]): Promise<void> {
  const unique = [...new Set(names)];
  const found = unique.length
    ? await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, unique))
    : [];
  const missing = unique.filter((name) => !found.some((r) => r.name === name));
  if (missing.length > 0) throw validationError({ roles: [`Unknown role: ${missing.join(', ')}`] });
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (found.length > 0) await db.insert(userRoles).values(found.map((r) => ({ userId, roleId: r.id })));
}

export async function rolesOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.name);
  return rows.map((r) => r.name);
}
