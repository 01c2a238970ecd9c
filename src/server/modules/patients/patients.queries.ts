import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PatientsListQuery } from '../../../contracts/patients';
import { fullName } from '../../../domain/accounts/user-rules';
import { roles, userRoles, users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { likePattern, paged } from '../../platform/http/paging';
import { USER_SEARCH_TEXT } from '../accounts';

export type PersonRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'companyName' | 'phone' | 'createdAt'
>;

const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  phone: users.phone,
  createdAt: users.createdAt,
};

export const personName = (row: Pick<PersonRow, 'email' | 'firstName' | 'lastName' | 'companyName'>) =>
  fullName({
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    email: row.email,
  });

/** The user holds the role (spec 3 §6: a patient is a user holding the patient role). */
const holds = (role: string): SQL =>
  sql`exists (select 1 from ${userRoles} join ${roles} on ${qualified(roles.id)} = ${qualified(userRoles.roleId)}
    where ${qualified(userRoles.userId)} = ${qualified(users.id)} and ${qualified(roles.name)} = ${role})`;

/** GET /api/patients: one page of patients in SQL, by name; searched in name, e-mail and phones. */
export async function listPatients(db: Executor, query: PatientsListQuery) {
  const where = and(
    holds('patient'),
    query.search ? sql`${USER_SEARCH_TEXT} ilike ${likePattern(query.search)}` : undefined,
  );
  return paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select(personColumns)
        .from(users)
        .where(where)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(limit)
        .offset(offset),
    async () =>
      (await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(users).where(where))[0]?.n ?? 0,
  );
}

/** A user holding the patient role, else null (a user who is not a patient is no patient: 404). */
export async function findPatient(db: Executor, id: number): Promise<PersonRow | null> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.id, id), holds('patient')))
    .limit(1);
  return row ?? null;
}

/** GET /api/patients/medications/doctors: the users holding the doctor role, by name. */
export async function listDoctors(db: Executor): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(holds('doctor'))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(500);
}

/** The names of these doctors (ids that name no doctor are left out). */
export async function doctorNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(and(inArray(users.id, [...ids]), holds('doctor')));
  return new Map(rows.map((row) => [row.id, personName(row)]));
}
