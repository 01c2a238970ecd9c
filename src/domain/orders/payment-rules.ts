import { type Cents, formatMoney } from '../money/money';

/** spec 1 §4 payment_status and payment_intent; §3 payment types (DECISIONS 9). */
export const PAYMENT_STATUSES = ['unpaid', 'credit', 'paid', 'partial', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_INTENTS = ['payment_later', 'credit', 'immediate_payment'] as const;
export type PaymentIntent = (typeof PAYMENT_INTENTS)[number];
export const PAYMENT_TYPES = ['cod', 'card', 'bank_transfer', 'peach_payments', 'credit'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** spec 1 §9: a payment total within 0.01 of the grand total matches it. */
export const PAYMENT_TOLERANCE = 1 as Cents;

/** spec 1 §8 "Payment rules" and §5 payment amounts, word for word. */
export const PAYMENT_MESSAGES = {
  immediateWithoutPayments:
    'Cannot set to immediate payment - insufficient payment records. Add payments first.',
  creditAfterPayments: 'Cannot set to credit - payments have already been made for this order.',
  paidWithBalance: (balance: string) =>
    `Cannot mark order as paid - remaining balance: ${balance}. Add payment records first.`,
  creditTypeAfterPayments:
    'Cannot set to credit payment type - payments have already been made for this order.',
  methodRequired: 'Payment method is required for immediate payment',
  /** Payment records are cod, card, bank_transfer or peach_payments (spec 1 §3); credit is an intent. */
  creditNotAPayment: 'A payment cannot be recorded as credit. Choose credit as the payment intent instead.',
  /** docs/decisions/0041: refunded follows from refunding payments only. */
  refundedByRefunds: 'An order becomes refunded by refunding its payments, in the payment records.',
  amountRequired: 'Payment amount is required for immediate payment',
  amountOverOrderTotal: (amount: string) => `Payment amount cannot exceed order total (${amount})`,
  amountPositive: 'Payment amount must be greater than 0',
  amountOverGrandTotal: 'Payment amount cannot exceed grand total',
  amountOverRemaining: (amount: string) =>
    `Payment amount would exceed grand total. Maximum allowed: ${amount}`,
} as const;
const M = PAYMENT_MESSAGES;

/** DECISIONS 9: legacy payment type names map to the four current ones. */
const LEGACY_TYPES: Record<string, PaymentType> = {
  cash: 'cod',
  credit_card: 'card',
  debit_card: 'card',
  eft: 'bank_transfer',
  transfer: 'bank_transfer',
  peach: 'peach_payments',
};

export function normalizePaymentType(type: string): PaymentType | null {
  const key = type.trim().toLowerCase();
  if ((PAYMENT_TYPES as readonly string[]).includes(key)) return key as PaymentType;
  return LEGACY_TYPES[key] ?? null;
}

/** spec 1 §4: the status a paid amount gives against a total: 0 or less unpaid, at least the total paid, else partial. */
export function statusForAmount(
  amountPaid: Cents,
  grandTotal: Cents,
): Extract<PaymentStatus, 'unpaid' | 'paid' | 'partial'> {
  if (amountPaid <= 0) return 'unpaid';
  if (amountPaid >= grandTotal - PAYMENT_TOLERANCE) return 'paid';
  return 'partial';
}

export type NewOrderPayment = {
  status: PaymentStatus;
  paymentType: PaymentType | null;
  amountPaid: Cents;
};

/**
 * spec 1 §4 for a new order: payment_later sets unpaid, no payment type, 0 paid; credit sets
 * unpaid with type credit; immediate payment follows the amount paid.
 */
export function newOrderPayment(
  intent: PaymentIntent,
  input: { paymentType: PaymentType | null; amountPaid: Cents; grandTotal: Cents },
): NewOrderPayment {
  if (intent === 'payment_later') return { status: 'unpaid', paymentType: null, amountPaid: 0 as Cents };
  if (intent === 'credit') return { status: 'unpaid', paymentType: 'credit', amountPaid: 0 as Cents };
  return {
    status: statusForAmount(input.amountPaid, input.grandTotal),
    paymentType: input.paymentType,
    amountPaid: input.amountPaid,
  };
}

/** spec 1 §5: a new order's immediate payment needs a method and an amount not above the total. */
export function immediatePaymentErrors(input: {
  paymentType: PaymentType | null;
  amount: Cents | null;
  grandTotal: Cents;
  symbol?: string;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.paymentType) errors.payment_type = M.methodRequired;
  else if (input.paymentType === 'credit') errors.payment_type = M.creditNotAPayment;
  if (input.amount === null) errors.amount_paid = M.amountRequired;
  else if (input.amount > input.grandTotal + PAYMENT_TOLERANCE)
    errors.amount_paid = M.amountOverOrderTotal(formatMoney(input.grandTotal, input.symbol));
  return errors;
}

/**
 * spec 1 §5 payment amount rules for a payment record: above 0, not above the grand total, and
 * with what was already paid not above it either. `alreadyPaid` excludes the record being edited.
 */
export function paymentAmountError(
  amount: Cents,
  input: { grandTotal: Cents; alreadyPaid: Cents; symbol?: string },
): string | null {
  if (amount <= 0) return M.amountPositive;
  if (amount > input.grandTotal + PAYMENT_TOLERANCE) return M.amountOverGrandTotal;
  const remaining = Math.max(0, input.grandTotal - input.alreadyPaid) as Cents;
  if (amount > remaining + PAYMENT_TOLERANCE)
    return M.amountOverRemaining(formatMoney(remaining, input.symbol));
  return null;
}

export type EditedPayment =
  | { ok: true; status: PaymentStatus; paymentType: PaymentType | null }
  | {
      ok: false;
      message: string;
      field: 'payment_status' | 'payment_intent' | 'payment_type';
      revertTo: PaymentStatus;
    };

/**
 * spec 1 §4 when editing an order (every case of §8 "Payment rules"): `paid` needs completed
 * payments covering the grand total, else it is refused and reverts to partial or unpaid;
 * immediate payment needs payments; credit (intent or type) only while nothing was paid; partial
 * needs some payment and less than the total.
 */
export function editPayment(input: {
  intent: PaymentIntent;
  /** The order's payment status before this edit. */
  currentStatus: PaymentStatus;
  requestedStatus: PaymentStatus;
  paymentType: PaymentType | null;
  completedPaid: Cents;
  grandTotal: Cents;
  symbol?: string;
}): EditedPayment {
  const byAmount = statusForAmount(input.completedPaid, input.grandTotal);
  const hasPayments = input.completedPaid > 0;
  if (input.requestedStatus === 'refunded' && input.currentStatus !== 'refunded')
    return { ok: false, message: M.refundedByRefunds, field: 'payment_status', revertTo: byAmount };
  if (input.intent === 'credit' || input.paymentType === 'credit') {
    if (hasPayments) {
      return input.intent === 'credit'
        ? { ok: false, message: M.creditAfterPayments, field: 'payment_intent', revertTo: byAmount }
        : { ok: false, message: M.creditTypeAfterPayments, field: 'payment_type', revertTo: byAmount };
    }
    return {
      ok: true,
      status: input.requestedStatus === 'credit' ? 'credit' : 'unpaid',
      paymentType: 'credit',
    };
  }
  if (input.intent === 'immediate_payment' && !hasPayments) {
    return { ok: false, message: M.immediateWithoutPayments, field: 'payment_intent', revertTo: 'unpaid' };
  }
  if (input.requestedStatus === 'paid' && byAmount !== 'paid') {
    const balance = Math.max(0, input.grandTotal - input.completedPaid) as Cents;
    return {
      ok: false,
      message: M.paidWithBalance(formatMoney(balance, input.symbol)),
      field: 'payment_status',
      revertTo: byAmount,
    };
  }
  if (input.requestedStatus === 'partial' && byAmount !== 'partial') {
    return { ok: true, status: byAmount, paymentType: input.paymentType };
  }
  if (input.requestedStatus === 'refunded')
    return { ok: true, status: 'refunded', paymentType: input.paymentType };
  if (input.intent === 'payment_later' && !hasPayments)
    return { ok: true, status: 'unpaid', paymentType: null };
  return { ok: true, status: byAmount, paymentType: input.paymentType };
}

/** spec 1 §4, §6: a paid order's items are locked (the server answers error type paid_order_restriction). */
export function itemsLocked(status: PaymentStatus): boolean {
  return status === 'paid';
}

/**
 * Whether the buyer can still pay an order online (the payment page, the order link's and the
 * areas' "pay"): something is due, and it is not cancelled, failed or refunded.
 */
export function isPayableOnline(order: {
  grandTotal: Cents;
  amountPaid: Cents;
  deliveryStatus: string;
  paymentStatus: string;
}): boolean {
  return (
    order.amountPaid < order.grandTotal &&
    !['cancelled', 'failed'].includes(order.deliveryStatus) &&
    order.paymentStatus !== 'refunded'
  );
}
