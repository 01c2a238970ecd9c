import { type Cents, cents } from '../money/money';
import { type BookingStatus, documentAvailable } from './booking-status';
import { periodBalance } from './period-payments';

export type RentalDocumentKind = Parameters<typeof documentAvailable>[0];

/**
 * A period is fully paid when something is billed on it and its completed payments cover it
 * (docs/decisions/0069): an empty period has nothing to finally invoice.
 */
export function isPeriodFullyPaid(total: Cents, paid: Cents): boolean {
  return total > 0 && periodBalance(total, paid) === 0;
}

/**
 * The invoice a period gets now (spec 3 §4): the final invoice once it is available (active_paid,
 * paid, or fully paid), the proforma before.
 */
export function periodInvoiceType(period: {
  status: string;
  fullyPaid: boolean;
}): 'proforma' | 'final_invoice' {
  return documentAvailable('final_invoice', { status: 'active' }, period) ? 'final_invoice' : 'proforma';
}

/** Whether a document of the booking itself (no period) may be made now; final invoices are per period. */
export function bookingDocumentAvailable(type: RentalDocumentKind, status: BookingStatus): boolean {
  return type !== 'final_invoice' && documentAvailable(type, { status });
}

/**
 * The booking's money (spec 3 §7 financial_summary): billed is the sum of its periods' totals, or
 * the booking's estimate while it has no period; paid the sum of its completed payments;
 * outstanding what is left, never below 0.
 */
export function financialSummary(input: { periodTotals: readonly Cents[]; estimate: Cents; paid: Cents }): {
  billed: Cents;
  paid: Cents;
  outstanding: Cents;
  billedFrom: 'periods' | 'estimate';
} {
  const fromPeriods = input.periodTotals.length > 0;
  const billed = fromPeriods
    ? cents(input.periodTotals.reduce<number>((sum, t) => sum + t, 0))
    : input.estimate;
  return {
    billed,
    paid: input.paid,
    outstanding: cents(Math.max(0, billed - input.paid)),
    billedFrom: fromPeriods ? 'periods' : 'estimate',
  };
}
