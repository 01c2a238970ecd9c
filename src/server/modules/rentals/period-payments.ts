import { and, eq } from 'drizzle-orm';
import { RENTAL_PERIOD_MESSAGES as M, type PeriodPaymentBody } from '../../../contracts/rental-periods';
import { fieldError } from '../../../domain/errors';
import { formatMoney, fromDecimal, toDecimalText } from '../../../domain/money/money';
import {
  PERIOD_PAYMENT_MESSAGES,
  periodBalance,
  periodPaymentError,
} from '../../../domain/rentals/period-payments';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/errors';
import { shopToday } from '../../platform/settings/settings-store';
import { defaultCurrency } from '../currencies';
import { isFullyPaid, settlePeriodPaidState } from './period-paid-state';
import { findPeriodOr404, lockPeriodOr404, moneyOfPeriod } from './periods.queries';
import { rentalPayments, rentalPeriods } from './rentals.tables';

/**
 * POST /admin/api/rental-periods/{id}/payments (spec 3 §5 Period payment): under the period's row
 * lock (select … for update) the paid amount is read and the payment checked against the remaining
 * balance, so two payments at once queue and the second sees the first: together they can never
 * pay more than the period costs. A payment that completes the period makes its invoice paid.
 */
export async function recordPeriodPayment(
  ctx: AppContext,
  actor: Actor,
  periodId: number,
  body: PeriodPaymentBody,
) {
  const now = ctx.now();
  const [{ symbol }, today] = await Promise.all([defaultCurrency(ctx.db), shopToday(ctx.db, now)]);
  return ctx.db.transaction(async (tx) => {
    const period = await lockPeriodOr404(tx, periodId);
    const money = await moneyOfPeriod(tx, period.id);
    if (isFullyPaid(money)) throw conflict(PERIOD_PAYMENT_MESSAGES.fullyPaid);
    if (money.total === 0) throw fieldError('amount', M.nothingDue);
    const amount = fromDecimal(body.amount);
    const error = periodPaymentError(amount, money.total, money.paid, (value) => formatMoney(value, symbol));
    if (error) throw fieldError('amount', error);
    const [payment] = await tx
      .insert(rentalPayments)
      .values({
        bookingId: period.bookingId,
        periodId: period.id,
        amount: toDecimalText(amount),
        paymentType: body.payment_type,
        paymentDate: body.payment_date ?? today,
        transactionId: body.transaction_id ?? null,
        paymentDetails: body.payment_details ?? null,
        status: 'completed',
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await settlePeriodPaidState(tx, period, now);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.payment_added',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: { payment_id: payment!.id, amount: payment!.amount, payment_type: payment!.paymentType },
      ip: actor.ip,
    });
    return payment!;
  });
}

/** DELETE /admin/api/rental-periods/{id}/payments/{paymentId}: a payment of this period only. */
export async function deletePeriodPayment(
  ctx: AppContext,
  actor: Actor,
  periodId: number,
  paymentId: number,
) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const period = await lockPeriodOr404(tx, periodId);
    const [deleted] = await tx
      .delete(rentalPayments)
      .where(and(eq(rentalPayments.id, paymentId), eq(rentalPayments.periodId, period.id)))
      .returning();
    if (!deleted) throw notFound();
    await settlePeriodPaidState(tx, period, now);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.payment_deleted',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: { payment_id: deleted.id, amount: deleted.amount, payment_type: deleted.paymentType },
      ip: actor.ip,
    });
    await tx.update(rentalPeriods).set({ updatedAt: now }).where(eq(rentalPeriods.id, period.id));
  });
}

/** GET /admin/api/rental-periods/{id}/payment-info. */
export async function periodPaymentInfo(ctx: AppContext, periodId: number) {
  await findPeriodOr404(ctx.db, periodId);
  const money = await moneyOfPeriod(ctx.db, periodId);
  return {
    total_amount: toDecimalText(money.total),
    amount_paid: toDecimalText(money.paid),
    remaining_balance: toDecimalText(periodBalance(money.total, money.paid)),
    is_fully_paid: isFullyPaid(money),
  };
}
