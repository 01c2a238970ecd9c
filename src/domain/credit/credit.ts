import { type Cents, cents, formatMoney } from '../money/money';

/**
 * Partner credit (spec 3 §1, §4, §5; docs/decisions/0061). The balance is credit the partner may
 * spend: adding credit raises it (never above the credit limit, when one is set), removing credit
 * lowers it (never below 0), and an order on credit spends it (only from an active account whose
 * balance covers the grand total). So 0 ≤ balance ≤ limit holds after every operation.
 */
export const CREDIT_STATUSES = ['active', 'suspended', 'closed', 'inactive'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/** What a credit transaction did to the balance. */
export const CREDIT_TRANSACTION_TYPES = ['credit_added', 'credit_removed', 'order_payment'] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

/** spec 3 §9: the transactions list's page size and the dashboard's preview. */
export const CREDIT_TRANSACTIONS_PER_PAGE = 20;
export const CREDIT_TRANSACTIONS_PREVIEW = 5;

/** The partner checkout's payment methods (spec 3 §3). */
export const PARTNER_PAYMENT_METHODS = ['credit', 'pay_now'] as const;
export type PartnerPaymentMethod = (typeof PARTNER_PAYMENT_METHODS)[number];

/** spec 3 §5, §8 word for word; the limit texts are ours (docs/decisions/0061). */
export const CREDIT_MESSAGES = {
  amount: 'Please enter a valid amount',
  overBalance: (balance: string) => `The amount cannot exceed the current balance of ${balance}`,
  overLimit: (available: string) => `The amount cannot exceed the available credit limit of ${available}`,
  limitBelowBalance: (balance: string) =>
    `The credit limit cannot be below the current balance of ${balance}`,
  cartEmpty: 'Your cart is empty',
  suspended: 'Your credit account has been suspended. Please contact support.',
  notActive: 'Your credit account is not active. Please contact support.',
  insufficient: (available: string) => `Insufficient credit balance. Available: ${available}`,
  paymentMethod: 'Please select a valid payment method',
  terms: 'Please accept the Partner Terms & Conditions to continue',
  failed: 'Order processing failed',
  placed: 'Order placed successfully!',
  termsUnavailable: 'Unable to load terms content. Please try again.',
  requestFailed: 'Failed to submit credit request.',
  exportFailed: 'Failed to export credit statement.',
} as const;

export type CreditAccountState = { creditLimit: Cents | null; balance: Cents; status: string };

/** spec 3 §4: any other status displays 'Unknown'. */
export function creditStatusLabel(status: string): string {
  switch (status) {
    case 'active':
      return 'Active';
    case 'suspended':
      return 'Suspended';
    case 'closed':
      return 'Closed';
    case 'inactive':
      return 'Inactive';
    default:
      return 'Unknown';
  }
}

export function isCreditStatus(status: string): status is CreditStatus {
  return (CREDIT_STATUSES as readonly string[]).includes(status);
}

/** spec 3 §4: the account is usable only when active. */
export function isUsable(account: Pick<CreditAccountState, 'status'> | null): boolean {
  return account?.status === 'active';
}

/** How much more credit may be added: unlimited (null) when no limit is set (spec 3 §4). */
export function availableToAdd(account: CreditAccountState): Cents | null {
  if (account.creditLimit === null) return null;
  return cents(Math.max(0, account.creditLimit - account.balance));
}

export type CreditChange = { kind: 'add' | 'remove'; amount: Cents };

/** spec 3 §4 preview: adding increases the balance; subtracting floors at 0. */
export function previewBalance(balance: Cents, change: CreditChange): Cents {
  if (change.kind === 'add') return cents(balance + change.amount);
  return cents(Math.max(0, balance - change.amount));
}

export type RuleResult<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

/**
 * spec 3 §5 "Partner credit (admin)": the amount above 0; a removal not above the balance; an
 * addition not above what the limit leaves. Answers the new balance.
 */
export function applyCreditChange(
  account: CreditAccountState,
  change: CreditChange,
  symbol = '$',
): RuleResult<Cents> {
  if (!Number.isSafeInteger(change.amount) || change.amount <= 0)
    return { ok: false, field: 'amount', message: CREDIT_MESSAGES.amount };
  if (change.kind === 'remove') {
    if (change.amount > account.balance)
      return {
        ok: false,
        field: 'amount',
        message: CREDIT_MESSAGES.overBalance(formatMoney(account.balance, symbol)),
      };
    return { ok: true, value: cents(account.balance - change.amount) };
  }
  const room = availableToAdd(account);
  if (room !== null && change.amount > room)
    return { ok: false, field: 'amount', message: CREDIT_MESSAGES.overLimit(formatMoney(room, symbol)) };
  return { ok: true, value: cents(account.balance + change.amount) };
}

/** A new credit limit (null: no limit) may not leave the balance above it. */
export function checkCreditLimit(
  account: CreditAccountState,
  limit: Cents | null,
  symbol = '$',
): RuleResult<Cents | null> {
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0))
    return { ok: false, field: 'credit_limit', message: CREDIT_MESSAGES.amount };
  if (limit !== null && limit < account.balance)
    return {
      ok: false,
      field: 'credit_limit',
      message: CREDIT_MESSAGES.limitBelowBalance(formatMoney(account.balance, symbol)),
    };
  return { ok: true, value: limit };
}

/**
 * spec 3 §4 partner checkout: credit only from an active account whose balance covers the grand
 * total. Answers the balance after the order, or the spec's refusal.
 */
export function debitForOrder(
  account: CreditAccountState | null,
  grandTotal: Cents,
  symbol = '$',
): RuleResult<Cents> {
  if (account?.status === 'suspended')
    return { ok: false, field: 'payment_method', message: CREDIT_MESSAGES.suspended };
  if (!account || !isUsable(account))
    return { ok: false, field: 'payment_method', message: CREDIT_MESSAGES.notActive };
  if (grandTotal > account.balance)
    return {
      ok: false,
      field: 'payment_method',
      message: CREDIT_MESSAGES.insufficient(formatMoney(account.balance, symbol)),
    };
  return { ok: true, value: cents(account.balance - grandTotal) };
}

/** Whether the checkout may offer credit for this total (spec 3 §3 hasSufficientCredit). */
export function hasSufficientCredit(account: CreditAccountState | null, grandTotal: Cents): boolean {
  return debitForOrder(account, grandTotal).ok;
}

/** The signed amount a transaction moves: money in is positive, money out negative. */
export function signedAmount(type: CreditTransactionType, amount: Cents): Cents {
  return type === 'credit_added' ? amount : cents(-amount);
}
