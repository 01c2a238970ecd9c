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
