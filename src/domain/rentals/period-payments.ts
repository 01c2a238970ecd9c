import { type Cents, cents } from '../money/money';

export const PERIOD_PAYMENT_MESSAGES = {
  fullyPaid: 'This period is already fully paid. No additional payments can be added.',
  amountPositive: 'Please enter a valid payment amount',
  tooMuch: (max: string) =>
    `The payment cannot be more than the remaining balance (maximum allowed: ${max}).`,
} as const;

/** What is still due on a period (never below zero). */
export function periodBalance(total: Cents, paid: Cents): Cents {
  return cents(Math.max(0, total - paid));
}

/**
 * spec 3 §5: a period payment is above 0 and not above the remaining balance; a fully paid period
 * takes none. Answers the message, or null when the payment may be recorded.
 */
export function periodPaymentError(
  amount: Cents,
  total: Cents,
  paid: Cents,
  format: (value: Cents) => string,
): string | null {
  const balance = periodBalance(total, paid);
  if (balance === 0) return PERIOD_PAYMENT_MESSAGES.fullyPaid;
  if (amount <= 0) return PERIOD_PAYMENT_MESSAGES.amountPositive;
  if (amount > balance) return PERIOD_PAYMENT_MESSAGES.tooMuch(format(balance));
  return null;
}

export const INVOICE_STATUSES = ['pending', 'payment_link_sent', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * spec 3 §4, §5: after a change of what a period costs or what was paid on it, its invoice status
 * and its status follow: fully paid makes the invoice paid and an active_unpaid or payment_overdue
 * period active_paid; no longer fully paid (a payment deleted, an item added) takes a paid invoice
 * back to pending and an active_paid period back to active_unpaid. Other statuses are staff's.
 */
export function periodAfterPaymentChange<S extends string>(
  period: { status: S; invoiceStatus: InvoiceStatus },
  isFullyPaid: boolean,
): { status: S | 'active_paid' | 'active_unpaid'; invoiceStatus: InvoiceStatus } {
  if (isFullyPaid) {
    const status =
      period.status === 'active_unpaid' || period.status === 'payment_overdue'
        ? 'active_paid'
        : period.status;
    return { status, invoiceStatus: 'paid' };
  }
  return {
    status: period.status === 'active_paid' ? 'active_unpaid' : period.status,
    invoiceStatus: period.invoiceStatus === 'paid' ? 'pending' : period.invoiceStatus,
  };
}
