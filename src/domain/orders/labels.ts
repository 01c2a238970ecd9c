import type { PaymentType } from './payment-rules';

/** How payment types read to people (DECISIONS 9's four types, and credit). */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  cod: 'Cash on delivery',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  peach_payments: 'Peach Payments',
  credit: 'Credit',
};

/**
 * An order value as people read it, the same on screens, the customer link page and documents:
 * a payment type by its name, any other code ("in_transit") as words ("In transit").
 */
export function orderValueLabel(value: string): string {
  const named = (PAYMENT_TYPE_LABELS as Record<string, string>)[value];
  if (named) return named;
  const text = value.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
