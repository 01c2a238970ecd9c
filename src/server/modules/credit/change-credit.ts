import { eq } from 'drizzle-orm';
import type { CreditChangeBody, CreditLimitBody, CreditStatusBody } from '../../../contracts/credit';
import {
  applyCreditChange,
  type CreditTransactionType,
  checkCreditLimit,
  creditStatusLabel,
} from '../../../domain/credit/credit';
import { fieldError } from '../../../domain/errors';
import { type Cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { defaultCurrency } from '../currencies';
import { accountState } from './credit.presenter';
import { findPartner, lockAccountOfUser } from './credit.queries';
import { creditAccountChanges, creditAccounts, creditTransactions } from './credit.tables';

/**
 * POST /admin/api/partners/{id}/credit/add and /credit/remove (spec 3 §5, §7): under the
 * account's row lock, the rule of src/domain/credit decides, then the balance and its
 * transaction row are written in the same transaction. The account is opened (active) on the
 * first change when the partner has none.
 */
export async function changeCredit(
  ctx: AppContext,
  adminId: number,
  partnerId: number,
  kind: 'add' | 'remove',
  body: CreditChangeBody,
) {
  const { symbol } = await defaultCurrency(ctx.db);
  return ctx.db.transaction(async (tx) => {
    if (!(await findPartner(tx, partnerId))) throw notFound();
    const change = { kind, amount: fromDecimal(body.amount), note: body.note ?? null };
    return (await changeCreditIn(tx, adminId, partnerId, change, symbol, ctx.now())).account;
  });
}

/**
 * The add or remove itself, inside the caller's transaction (the admin's change above, and an
 * approved credit request, docs/decisions/0070): the account's row lock, the rule, the balance and
 * its ledger row. A refusal is the rule's 422 on `amount`.
 */
export async function changeCreditIn(
  tx: Tx,
  adminId: number,
  partnerId: number,
  change: { kind: 'add' | 'remove'; amount: Cents; note: string | null },
  symbol: string,
  now: Date,
) {
  const account = (await lockAccountOfUser(tx, partnerId, { create: true }))!;
  const result = applyCreditChange(accountState(account), change, symbol);
  if (!result.ok) throw fieldError(result.field, result.message);
  const [updated] = await tx
    .update(creditAccounts)
    .set({ currentBalance: toDecimalText(result.value), updatedAt: now })
    .where(eq(creditAccounts.id, account.id))
    .returning();
  const type: CreditTransactionType = change.kind === 'add' ? 'credit_added' : 'credit_removed';
  const [ledger] = await tx
    .insert(creditTransactions)
    .values({
      creditAccountId: account.id,
      type,
      amount: toDecimalText(change.amount),
      balanceAfter: toDecimalText(result.value),
      note: change.note,
      createdBy: adminId,
      createdAt: now,
    })
    .returning({ id: creditTransactions.id });
  return { account: updated!, transactionId: ledger!.id };
}

/** PUT …/credit/limit: a limit (or none) that still covers the balance, kept in the change history. */
export async function setCreditLimit(
  ctx: AppContext,
  adminId: number,
  partnerId: number,
  body: CreditLimitBody,
) {
  const { symbol } = await defaultCurrency(ctx.db);
  return ctx.db.transaction(async (tx) => {
    if (!(await findPartner(tx, partnerId))) throw notFound();
    const account = (await lockAccountOfUser(tx, partnerId, { create: true }))!;
    const limit = body.credit_limit === null ? null : fromDecimal(body.credit_limit);
    const result = checkCreditLimit(accountState(account), limit, symbol);
    if (!result.ok) throw fieldError(result.field, result.message);
    const now = ctx.now();
    const newValue = limit === null ? null : toDecimalText(limit);
    const [updated] = await tx
      .update(creditAccounts)
      .set({ creditLimit: newValue, updatedAt: now })
      .where(eq(creditAccounts.id, account.id))
      .returning();
    await tx.insert(creditAccountChanges).values({
      creditAccountId: account.id,
      field: 'credit_limit',
      oldValue: account.creditLimit,
      newValue,
      note: body.note ?? null,
      changedBy: adminId,
      createdAt: now,
    });
    return updated!;
  });
}

/** PUT …/credit/status: active, suspended, closed or inactive, kept in the change history. */
export async function setCreditStatus(
  ctx: AppContext,
  adminId: number,
  partnerId: number,
  body: CreditStatusBody,
) {
  return ctx.db.transaction(async (tx) => {
    if (!(await findPartner(tx, partnerId))) throw notFound();
    const account = (await lockAccountOfUser(tx, partnerId, { create: true }))!;
    const now = ctx.now();
    const [updated] = await tx
      .update(creditAccounts)
      .set({ status: body.status, updatedAt: now })
      .where(eq(creditAccounts.id, account.id))
      .returning();
    await tx.insert(creditAccountChanges).values({
      creditAccountId: account.id,
      field: 'status',
      oldValue: creditStatusLabel(account.status),
      newValue: creditStatusLabel(body.status),
      note: body.note ?? null,
      changedBy: adminId,
      createdAt: now,
    });
    return updated!;
  });
}
