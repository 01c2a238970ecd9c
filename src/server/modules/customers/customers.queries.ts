import { and, asc, eq, sql } from 'drizzle-orm';
import { roles, userRoles, users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { changesScope, changesSideRead } from '../../platform/db/kept-by-changes';
import { preparedStatement } from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
import { likePattern } from '../../platform/http/paging';
import { customerAccountCondition, defaultAddressJoin, USER_SEARCH_TEXT } from '../accounts';
import { userAddresses } from '../accounts/accounts.tables';

/** spec 1 §9: the customer search needs 2 characters; it answers the first 20. */
export const CUSTOMER_SEARCH_MIN = 2;
export const CUSTOMER_SEARCH_LIMIT = 20;

const roleNames = sql<
  string[]
>`coalesce((select array_agg(${qualified(roles.name)} order by ${qualified(roles.name)}) from ${userRoles} join ${roles} on ${qualified(roles.id)} = ${qualified(userRoles.roleId)} where ${qualified(userRoles.userId)} = ${qualified(users.id)}), '{}')`;

const customerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  mobile: users.mobile,
  userType: users.userType,
  companyName: users.companyName,
  companyRegistrationNumber: users.companyRegistrationNumber,
  vatNumber: users.vatNumber,
  roles: roleNames,
  address: userAddresses.address,
};

export type CustomerRow = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  mobile: string | null;
  userType: string;
  companyName: string | null;
  companyRegistrationNumber: string | null;
  vatNumber: string | null;
  roles: string[];
  address: string | null;
};

export async function findCustomer(db: Executor, id: number): Promise<CustomerRow | null> {
  const [row] = await db
    .select(customerColumns)
    .from(users)
    .leftJoin(userAddresses, defaultAddressJoin)
    .where(eq(users.id, id))
    .limit(1);
  return (row as CustomerRow | undefined) ?? null;
}

/**
 * Customer accounts whose name, e-mail, phone or company matches (spec 1 §7): only accounts the
 * order form may go on to change (docs/decisions/0035), so no back-office account is offered.
 * Prepared (issue 13): the order form searches as staff type, and planning this statement cost
 * more than running it. The default address is read for the 20 answered only (a join read it for
 * every match before sorting: 139 for "naidoo 12" among 50,000 users).
 */
const customerSearch = preparedStatement((db) =>
  db
    .select({
      ...customerColumns,
      address: sql<string | null>`(select ${qualified(userAddresses.address)} from ${userAddresses}
        where ${qualified(userAddresses.userId)} = ${qualified(users.id)} and ${qualified(userAddresses.isDefault)}
        order by ${qualified(userAddresses.id)} limit 1)`,
    })
    .from(users)
    .where(and(customerAccountCondition(), sql`${USER_SEARCH_TEXT} ilike ${sql.placeholder('pattern')}`))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(CUSTOMER_SEARCH_LIMIT)
    .prepare('customer_search'),
);

/**
 * The search's answer, kept by this process under the count of committed changes of what it shows
 * (docs/decisions/0108): the same search again reads only that count, with the session when the
 * route's statement carried it (`knownChanges`, customersChangesSideRead). Callers must not change it.
 */
export async function searchCustomers(
  db: Executor,
  search: string,
  knownChanges?: string | null,
): Promise<readonly CustomerRow[]> {
  const pattern = likePattern(search);
  const read = async () => (await customerSearch(db).execute({ pattern })) as CustomerRow[];
  const scope = await changesScope(db, 'users', knownChanges);
  return scope ? scope.keep(`customers\u0000${pattern}`, read) : read();
}

/** The customers' change count, read with the session by the search's route (decision 0103). */
export const customersChangesSideRead = changesSideRead('users');
