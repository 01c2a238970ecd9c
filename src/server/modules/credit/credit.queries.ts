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
