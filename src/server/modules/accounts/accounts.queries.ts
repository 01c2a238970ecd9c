import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { UsersListQuery } from '../../../contracts/accounts';
import { maskEmail } from '../../../domain/accounts/sign-in-codes';
import { authTokens, roles, userRoles, users } from '../../platform/auth/auth.tables';
import { hashToken } from '../../platform/auth/tokens';
import type { Executor } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { rowCount } from '../../platform/db/row-counts';
import { inIdOrder, likePattern, paged } from '../../platform/http/paging';
import { userAddresses } from './accounts.tables';

/** Every role name of a user, as one array column (no query per row). */
export const roleNames = sql<
  string[]
>`coalesce((select array_agg(${qualified(roles.name)} order by ${qualified(roles.name)}) from ${userRoles} join ${roles} on ${qualified(roles.id)} = ${qualified(userRoles.roleId)} where ${qualified(userRoles.userId)} = ${qualified(users.id)}), '{}')`;

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  mobile: users.mobile,
  mobileVerifiedAt: users.mobileVerifiedAt,
  userType: users.userType,
  companyName: users.companyName,
  companyRegistrationNumber: users.companyRegistrationNumber,
  vatNumber: users.vatNumber,
  notes: users.notes,
  accountStatus: users.accountStatus,
  statusReason: users.statusReason,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  roles: roleNames,
  addressType: userAddresses.addressType,
  address: userAddresses.address,
  city: userAddresses.city,
  state: userAddresses.state,
  postalCode: userAddresses.postalCode,
  country: userAddresses.country,
};

export type UserRow = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  mobile: string | null;
  mobileVerifiedAt: Date | null;
  userType: string;
  companyName: string | null;
  companyRegistrationNumber: string | null;
  vatNumber: string | null;
  notes: string | null;
  accountStatus: string;
  statusReason: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  roles: string[];
  addressType: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
};

/** The default address joins in as the user's address fields (spec 2 §3). */
export const defaultAddressJoin = and(eq(userAddresses.userId, users.id), eq(userAddresses.isDefault, true));

export async function findUser(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(userAddresses, defaultAddressJoin)
    .where(eq(users.id, id))
    .limit(1);
  return (row as UserRow | undefined) ?? null;
}

/** The text users are searched in: exactly the expression of the users_search_trgm index. */
export const USER_SEARCH_TEXT = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, '') || ' ' || coalesce(${users.mobile}, '') || ' ' || coalesce(${users.companyName}, ''))`;

export function userFilters(
  query: Pick<UsersListQuery, 'search' | 'role' | 'account_status'>,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(sql`${USER_SEARCH_TEXT} ilike ${likePattern(query.search)}`);
  if (query.role) {
    conditions.push(
      sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${roles.name} = ${query.role})`,
    );
  }
  if (query.account_status) conditions.push(eq(users.accountStatus, query.account_status));
  return conditions.length ? and(...conditions) : undefined;
}

const SORT_COLUMNS = {
  created_at: users.createdAt,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  company_name: users.companyName,
  account_status: users.accountStatus,
} as const;

export function userOrder(query: Pick<UsersListQuery, 'sort' | 'direction'>) {
  const column = SORT_COLUMNS[query.sort];
  return [query.direction === 'asc' ? asc(column) : desc(column), asc(users.id)];
}

/** One page of users with their roles and default address. */
export async function listUsers(db: Executor, query: UsersListQuery) {
  const where = userFilters(query);
  return paged(
    query.page,
    query.per_page,
    (limit, offset) => userBatch(db, query, limit, offset),
    async () =>
      // Unfiltered, the count that triggers keep (docs/decisions/0044).
      where === undefined
        ? rowCount(db, 'users')
        : ((await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(users).where(where))[0]?.n ??
          0),
  );
}

/**
 * Users in list order, `limit` from `offset` (the list's page, the export's batch). The page's ids
 * are found first on the users table alone, then only those rows get their roles and address, so a
 * deep page does not compute them for every row it skips.
 */
export async function userBatch(
  db: Executor,
  query: Pick<UsersListQuery, 'search' | 'role' | 'account_status' | 'sort' | 'direction'>,
  limit: number,
  offset: number,
): Promise<UserRow[]> {
  const ids = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(userFilters(query))
      .orderBy(...userOrder(query))
      .limit(limit)
      .offset(offset)
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = (await db
    .select(userColumns)
    .from(users)
    .leftJoin(userAddresses, defaultAddressJoin)
    .where(inArray(users.id, ids))) as UserRow[];
  return inIdOrder(ids, rows);
}

/** Every role, for the user form's role picker (spec 2 §7 GET /api/users/roles). */
export async function listRoleOptions(db: Executor) {
  return db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .orderBy(asc(roles.id));
}

/** The user row a write changes, locked until the transaction ends (two admins saving at once queue). */
export async function lockUser(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      userType: users.userType,
      accountStatus: users.accountStatus,
      statusReason: users.statusReason,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * The masked address a magic link signs in as (docs/decisions/0056), or null when the link is
 * unknown, used, expired or its account may not sign in. Reads only: GET never spends the link.
 */
export async function magicLinkHolder(db: Executor, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, 'magic_link'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
        eq(users.accountStatus, 'active'),
      ),
    )
    .limit(1);
  return row ? maskEmail(row.email) : null;
}
