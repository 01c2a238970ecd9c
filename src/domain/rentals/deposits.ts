import type { Cents } from '../money/money';

/** spec 3 §4 deposit statuses. */
export const DEPOSIT_STATUSES = ['not_set', 'collected', 'held', 'refunded', 'forfeited'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export type DepositAction = 'collect' | 'hold' | 'refund' | 'forfeit';

export const DEPOSIT_MESSAGES = {
  transition: (status: string, action: string) => `A ${status} deposit cannot be ${action}ed.`,
  refundTooMuch: (max: string) => `The refund cannot be more than the deposit collected (${max}).`,
  refundPositive: 'The refund amount must be greater than 0.',
  reasonRequired: 'Please give a reason.',
} as const;

const NEXT: Record<DepositAction, { from: readonly DepositStatus[]; to: DepositStatus }> = {
  collect: { from: ['not_set'], to: 'collected' },
  hold: { from: ['not_set', 'collected'], to: 'held' },
  refund: { from: ['collected', 'held'], to: 'refunded' },
  forfeit: { from: ['collected', 'held'], to: 'forfeited' },
};

/**
 * spec 3 §4 and issue 16: not_set → collected or held → refunded or forfeited; refunded and
 * forfeited are final. Answers the new status, or null when the action is not allowed.
 */
export function depositAfter(status: DepositStatus, action: DepositAction): DepositStatus | null {
  const rule = NEXT[action];
  return rule.from.includes(status) ? rule.to : null;
}

/** A refund is above zero and never above what was collected. */
export function refundError(
  refund: Cents,
  collected: Cents,
  format: (value: Cents) => string,
): string | null {
  if (refund <= 0) return DEPOSIT_MESSAGES.refundPositive;
  if (refund > collected) return DEPOSIT_MESSAGES.refundTooMuch(format(collected));
  return null;
}
