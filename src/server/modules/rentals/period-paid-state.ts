import { eq } from 'drizzle-orm';
import { type InvoiceStatus, periodAfterPaymentChange } from '../../../domain/rentals/period-payments';
import type { Tx } from '../../platform/db/database';
import { moneyOfPeriod, type PeriodRow } from './periods.queries';
import { rentalPeriods } from './rentals.tables';

/** Fully paid: something is due and it is all paid (an empty period is not "paid"). */
export function isFullyPaid(money: { total: number; paid: number }): boolean {
  return money.total > 0 && money.paid >= money.total;
}

/**
 * After a payment, item or service of a locked period changed: its invoice status and status follow
 * what is now paid (periodAfterPaymentChange), written only when they change.
 */
export async function settlePeriodPaidState(tx: Tx, period: PeriodRow, now: Date): Promise<void> {
  const money = await moneyOfPeriod(tx, period.id);
  const next = periodAfterPaymentChange(
    { status: period.status, invoiceStatus: period.invoiceStatus as InvoiceStatus },
    isFullyPaid(money),
  );
  if (next.status === period.status && next.invoiceStatus === period.invoiceStatus) return;
  await tx
    .update(rentalPeriods)
    .set({ status: next.status, invoiceStatus: next.invoiceStatus, updatedAt: now })
    .where(eq(rentalPeriods.id, period.id));
}
