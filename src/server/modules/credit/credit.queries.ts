import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CREDIT_TRANSACTIONS_PER_PAGE } from '../../../domain/credit/credit';
import type { Paged } from '../../../domain/paging/paging';
import { roles, userRoles, users } from '../../platform/auth/auth.tables';
import type { Executor, Tx } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { likePattern, paged } from '../../platform/http/paging';
import { creditAccountChanges, creditAccounts, creditRequests, creditTransactions } from './credit.tables';

export type CreditAccountRow = typeof creditAccounts.$inferSelect;
export type PartnerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'companyName' | 'email'
>;

const HOLDS_PARTNER = sql`exists (select 1 from ${userRoles} join ${roles} on ${qualified(roles.id)} = ${qualified(userRoles.roleId)} where ${qualified(userRoles.userId)} = ${qualified(users.id)} and ${qualified(roles.name)} = 'partner')`;

const partnerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  email: users.email,
};

/** A user holding the partner role, or null (anyone else is "not found" here). */
export async function findPartner(db: Executor, userId: number): Promise<PartnerRow | null> {
  const [row] = await db
    .select(partnerColumns)
    .from(users)
    .where(and(eq(users.id, userId), HOLDS_PARTNER))
    .limit(1);
  return row ?? null;
}

export type PartnerCreditListRow = PartnerRow & {
  creditLimit: string | null;
  currentBalance: string | null;
  status: string | null;
};

/** The partner credit page: every partner with their account (if any), paged in SQL. */
export function listPartnersWithCredit(
  db: Executor,
  query: { page: number; search?: string | undefined },
): Promise<Paged<PartnerCreditListRow>> {
  const where = and(
    HOLDS_PARTNER,
    query.search
      ? sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email} || ' ' || coalesce(${users.companyName}, '')) ilike ${likePattern(query.search)}`
      : undefined,
  );
  return paged(
    query.page,
    CREDIT_TRANSACTIONS_PER_PAGE,
    (limit, offset) =>
      db
        .select({
          ...partnerColumns,
          creditLimit: creditAccounts.creditLimit,
          currentBalance: creditAccounts.currentBalance,
          status: creditAccounts.status,
        })
        .from(users)
        .leftJoin(creditAccounts, eq(creditAccounts.userId, users.id))
        .where(where)
        .orderBy(asc(users.companyName), asc(users.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db.select({ n: count() }).from(users).where(where);
      return row?.n ?? 0;
    },
  );
}

export async function accountOfUser(db: Executor, userId: number): Promise<CreditAccountRow | null> {
  const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * The partner's account under a row lock (SELECT … FOR UPDATE), made first when it does not
 * exist yet: every money-moving write starts here, so two writes on one account run one after
 * the other and each sees the other's balance.
 */
export async function lockAccountOfUser(
  tx: Tx,
  userId: number,
  options: { create: boolean },
): Promise<CreditAccountRow | null> {
  if (options.create)
    await tx.insert(creditAccounts).values({ userId, status: 'active' }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId))
    .for('update')
    .limit(1);
  return row ?? null;
}

const creator = alias(users, 'credit_creator');

const transactionColumns = {
  id: creditTransactions.id,
  type: creditTransactions.type,
  amount: creditTransactions.amount,
  balanceAfter: creditTransactions.balanceAfter,
  reference: creditTransactions.reference,
  note: creditTransactions.note,
  createdAt: creditTransactions.createdAt,
  createdByFirst: creator.firstName,
  createdByLast: creator.lastName,
};

export type CreditTransactionRow = {
  id: number;
  type: string;
  amount: string;
  balanceAfter: string;
  reference: string | null;
  note: string | null;
  createdAt: Date;
  createdByFirst: string | null;
  createdByLast: string | null;
};

function transactionsOf(db: Executor, accountId: number, range?: { from: Date; to: Date }) {
  return db
    .select(transactionColumns)
    .from(creditTransactions)
    .leftJoin(creator, eq(creator.id, creditTransactions.createdBy))
    .where(
      and(
        eq(creditTransactions.creditAccountId, accountId),
        range ? gte(creditTransactions.createdAt, range.from) : undefined,
        range ? lt(creditTransactions.createdAt, range.to) : undefined,
      ),
    );
}

/** Newest first, 20 a page (spec 3 §9), read in SQL. */
export function transactionsPage(
  db: Executor,
  accountId: number,
  page: number,
  perPage = CREDIT_TRANSACTIONS_PER_PAGE,
): Promise<Paged<CreditTransactionRow>> {
  return paged(
    page,
    perPage,
    (limit, offset) =>
      transactionsOf(db, accountId)
        .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ n: count() })
        .from(creditTransactions)
        .where(eq(creditTransactions.creditAccountId, accountId));
      return row?.n ?? 0;
    },
  );
}

/** The latest few transactions (the dashboard's preview, spec 3 §9: 5). */
export function latestTransactions(db: Executor, accountId: number, limit: number) {
  return transactionsOf(db, accountId)
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(limit);
}

/** A statement's rows, oldest first, a batch at a time. */
export function statementBatch(
  db: Executor,
  accountId: number,
  range: { from: Date; to: Date },
  limit: number,
  offset: number,
) {
  return transactionsOf(db, accountId, range)
    .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id))
    .limit(limit)
    .offset(offset);
}

/** The balance when a statement's period opens: the balance after the last earlier transaction. */
export async function balanceBefore(db: Executor, accountId: number, before: Date): Promise<string> {
  const [row] = await db
    .select({ balance: creditTransactions.balanceAfter })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.creditAccountId, accountId), lt(creditTransactions.createdAt, before)))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(1);
  return row?.balance ?? '0';
}

const changer = alias(users, 'credit_changer');

/** spec 3 §3 change_history, newest first (the last 50). */
export function changeHistory(db: Executor, accountId: number) {
  return db
    .select({
      id: creditAccountChanges.id,
      field: creditAccountChanges.field,
      oldValue: creditAccountChanges.oldValue,
      newValue: creditAccountChanges.newValue,
      note: creditAccountChanges.note,
      createdAt: creditAccountChanges.createdAt,
      changedByFirst: changer.firstName,
      changedByLast: changer.lastName,
    })
    .from(creditAccountChanges)
    .leftJoin(changer, eq(changer.id, creditAccountChanges.changedBy))
    .where(eq(creditAccountChanges.creditAccountId, accountId))
    .orderBy(desc(creditAccountChanges.createdAt), desc(creditAccountChanges.id))
    .limit(50);
}

export async function pendingRequestCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creditRequests)
    .where(and(eq(creditRequests.userId, userId), eq(creditRequests.status, 'pending')));
  return row?.n ?? 0;
}

const decider = alias(users, 'credit_decider');
const requester = alias(users, 'credit_requester');

const requestColumns = {
  id: creditRequests.id,
  userId: creditRequests.userId,
  amount: creditRequests.amount,
  approvedAmount: creditRequests.approvedAmount,
  businessJustification: creditRequests.businessJustification,
  contactPhone: creditRequests.contactPhone,
  status: creditRequests.status,
  declineReason: creditRequests.declineReason,
  decidedAt: creditRequests.decidedAt,
  createdAt: creditRequests.createdAt,
  partnerFirst: requester.firstName,
  partnerLast: requester.lastName,
  partnerCompany: requester.companyName,
  partnerEmail: requester.email,
  decidedByFirst: decider.firstName,
  decidedByLast: decider.lastName,
};

export type CreditRequestRow = {
  id: number;
  userId: number;
  amount: string;
  approvedAmount: string | null;
  businessJustification: string;
  contactPhone: string;
  status: string;
  declineReason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  partnerFirst: string | null;
  partnerLast: string | null;
  partnerCompany: string | null;
  partnerEmail: string;
  decidedByFirst: string | null;
  decidedByLast: string | null;
};

function requestsOf(db: Executor) {
  return db
    .select(requestColumns)
    .from(creditRequests)
    .innerJoin(requester, eq(requester.id, creditRequests.userId))
    .leftJoin(decider, eq(decider.id, creditRequests.decidedBy));
}

/** Pending first (the oldest waiting longest on top), then the answered ones, newest first. */
const pendingFirst = [
  sql`(${creditRequests.status} = 'pending') desc`,
  sql`case when ${creditRequests.status} = 'pending' then ${creditRequests.createdAt} end asc`,
  desc(creditRequests.createdAt),
  desc(creditRequests.id),
];

/** The admin's credit requests, every partner's, paged in SQL and counted exactly. */
export function creditRequestsPage(
  db: Executor,
  query: { page: number; status?: string | undefined; partner_id?: number | undefined },
  perPage: number,
): Promise<Paged<CreditRequestRow>> {
  const where = and(
    query.status ? eq(creditRequests.status, query.status) : undefined,
    query.partner_id === undefined ? undefined : eq(creditRequests.userId, query.partner_id),
  );
  return paged(
    query.page,
    perPage,
    (limit, offset) =>
      requestsOf(db)
        .where(where)
        .orderBy(...pendingFirst)
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db.select({ n: count() }).from(creditRequests).where(where);
      return row?.n ?? 0;
    },
  );
}

/** One request with its names (after a decision, for the reply and the e-mail). */
export async function findCreditRequest(db: Executor, id: number): Promise<CreditRequestRow | null> {
  const [row] = await requestsOf(db).where(eq(creditRequests.id, id)).limit(1);
  return row ?? null;
}

/** A partner's own latest requests, newest first (the partner's credit page). */
export function latestRequestsOf(db: Executor, userId: number, limit: number) {
  return requestsOf(db)
    .where(eq(creditRequests.userId, userId))
    .orderBy(desc(creditRequests.createdAt), desc(creditRequests.id))
    .limit(limit);
}

/** The request under a row lock: two answers to one request run one after the other. */
export async function lockCreditRequest(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(creditRequests)
    .where(eq(creditRequests.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}
