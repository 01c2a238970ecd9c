import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PermissionsListQuery, RolesListQuery } from '../../../contracts/access';
import { permissions, rolePermissions, roles, userRoles } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { likePattern, paged } from '../../platform/http/paging';

export type RoleRow = {
  id: number;
  name: string;
  description: string | null;
  createdAt: Date;
  permissionsCount: number;
  usersCount: number;
};

export type PermissionRow = {
  id: number;
  name: string;
  description: string | null;
  createdAt: Date;
  rolesCount: number;
};

// The counts are scalar subqueries of the same statement: one query per page, whatever its size.
const permissionsCount = sql<number>`cast((select count(*) from ${rolePermissions} where ${qualified(rolePermissions.roleId)} = ${qualified(roles.id)}) as integer)`;
const usersCount = sql<number>`cast((select count(*) from ${userRoles} where ${qualified(userRoles.roleId)} = ${qualified(roles.id)}) as integer)`;
const rolesCount = sql<number>`cast((select count(*) from ${rolePermissions} where ${qualified(rolePermissions.permissionId)} = ${qualified(permissions.id)}) as integer)`;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  createdAt: roles.createdAt,
  permissionsCount,
  usersCount,
};

const permissionColumns = {
  id: permissions.id,
  name: permissions.name,
  description: permissions.description,
  createdAt: permissions.createdAt,
  rolesCount,
};

function searchOf(table: typeof roles | typeof permissions, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return sql`(${table.name} ilike ${pattern} or coalesce(${table.description}, '') ilike ${pattern})`;
}

function orderOf(
  table: typeof roles | typeof permissions,
  query: { sort: string; direction: 'asc' | 'desc' },
) {
  const column = query.sort === 'created_at' ? table.createdAt : table.name;
  return [query.direction === 'asc' ? asc(column) : desc(column), asc(table.id)];
}

/** GET /api/roles: one page of roles with how many permissions and users each has. */
export async function listRoles(db: Executor, query: RolesListQuery) {
  const where = searchOf(roles, query.search);
  return paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select({ ...roleColumns })
        .from(roles)
        .where(where)
        .orderBy(...orderOf(roles, query))
        .limit(limit)
        .offset(offset),
    async () =>
      (await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(roles).where(where))[0]?.n ?? 0,
  );
}

/** GET /api/permissions: one page of permissions with how many roles hold each. */
export async function listPermissions(db: Executor, query: PermissionsListQuery) {
  const where = searchOf(permissions, query.search);
  return paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select({ ...permissionColumns })
        .from(permissions)
        .where(where)
        .orderBy(...orderOf(permissions, query))
        .limit(limit)
        .offset(offset),
    async () =>
      (await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(permissions).where(where))[0]?.n ??
      0,
  );
}

export async function findRole(db: Executor, id: number): Promise<RoleRow | null> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id)).limit(1);
  return row ?? null;
}

export async function findPermission(db: Executor, id: number): Promise<PermissionRow | null> {
  const [row] = await db.select(permissionColumns).from(permissions).where(eq(permissions.id, id)).limit(1);
  return row ?? null;
}

/** GET /api/roles/{id}/permissions: the permissions a role holds and every permission there is. */
export async function rolePermissionsOf(db: Executor, roleId: number) {
  const [held, all] = await Promise.all([
    db
      .select({ id: permissions.id, name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, roleId))
      .orderBy(asc(permissions.name)),
    db
      .select({ id: permissions.id, name: permissions.name, description: permissions.description })
      .from(permissions)
      .orderBy(asc(permissions.name)),
  ]);
  return { held, all };
}
