import {
  DEPOSIT_STATUS_TEXT,
  type DepositReply,
  type DepositStatus,
} from '../../../contracts/rental-periods';
import { cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { rentalDeposits } from './rentals.tables';

export type DepositRow = typeof rentalDeposits.$inferSelect;

export function presentDeposit(row: DepositRow): DepositReply {
  const status = row.status as DepositStatus;
  const refundable =
    status === 'collected' || status === 'held'
      ? Math.max(0, fromDecimal(row.collectedAmount) - fromDecimal(row.refundedAmount))
      : 0;
  return {
    id: row.id,
    booking_id: row.bookingId,
    amount: row.amount,
    notes: row.notes,
    admin_notes: row.adminNotes,
    collected_amount: row.collectedAmount,
    refunded_amount: row.refundedAmount,
    refundable_amount: toDecimalText(cents(refundable)),
    status,
    status_text: DEPOSIT_STATUS_TEXT[status],
    refund_reason: row.refundReason,
    forfeit_reason: row.forfeitReason,
    collected_at: row.collectedAt?.toISOString() ?? null,
    settled_at: row.settledAt?.toISOString() ?? null,
  };
}
