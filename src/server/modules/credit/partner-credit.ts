import type { CreditTransactionView, PartnerCreditData } from '../../../contracts/credit';
import { CREDIT_TRANSACTIONS_PREVIEW } from '../../../domain/credit/credit';
import type { Executor } from '../../platform/db/database';
import { presentAccount, presentTransaction } from './credit.presenter';
import { accountOfUser, latestTransactions } from './credit.queries';

/**
 * A partner's credit for their own area (spec 3 §7 GET /api/partner/credit-balance): the account
 * and its balance. Exported for the partner dashboard.
 */
export async function partnerCreditOf(db: Executor, userId: number): Promise<PartnerCreditData> {
  const account = presentAccount(await accountOfUser(db, userId));
  return { creditAccount: account, currentBalance: account.current_balance };
}

/** The partner's latest transactions (spec 3 §9: 5 for the dashboard), newest first. */
export async function latestCreditTransactions(
  db: Executor,
  userId: number,
  limit = CREDIT_TRANSACTIONS_PREVIEW,
): Promise<CreditTransactionView[]> {
  const account = await accountOfUser(db, userId);
  if (!account) return [];
  return (await latestTransactions(db, account.id, limit)).map(presentTransaction);
}
