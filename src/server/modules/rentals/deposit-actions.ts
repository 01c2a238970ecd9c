import { eq } from 'drizzle-orm';
import { RENTAL_DEPOSIT_MESSAGES as D } from '../../../contracts/rental-periods';
import { fieldError } from '../../../domain/errors';
import { formatMoney, fromDecimal, toDecimalText } from '../../../domain/money/money';
import {
  type DepositAction,
  type DepositStatus,
  depositAfter,
  refundError,
} from '../../../domain/rentals/deposits';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/http/errors';
import { defaultCurrency } from '../currencies';
import type { DepositRow } from './deposits.presenter';
import { lockBookingOr404 } from './periods.queries';
import { rentalDeposits } from './rentals.tables';

export async function depositOfBooking(ctx: AppContext, bookingId: number): Promise<DepositRow | null> {
  const [row] = await ctx.db
    .select()
    .from(rentalDeposits)
    .where(eq(rentalDeposits.bookingId, bookingId))
    .limit(1);
  return row ?? null;
}

/** POST /admin/api/rental-deposits/booking/{id}: one deposit per booking, not collected yet. */
export async function createDeposit(
  ctx: AppContext,
  actor: Actor,
  bookingId: number,
  body: { amount: number; notes?: string | null | undefined },
): Promise<DepositRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBookingOr404(tx, bookingId);
    const [created] = await tx
      .insert(rentalDeposits)
      .values({
        bookingId: booking.id,
        amount: toDecimalText(fromDecimal(body.amount)),
        notes: body.notes ?? null,
        status: 'not_set',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(D.exists);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_deposit.created',
      subjectType: 'rental_booking',
      subjectId: booking.id,
      data: { deposit_id: created.id, amount: created.amount },
      ip: actor.ip,
    });
    return created;
  });
}

/**
 * Collect, refund and forfeit (spec 3 §4 Deposit status): under the deposit's row lock, the
 * transition rule (depositAfter) decides with its message, then the change is written.
 */
async function transition(
  ctx: AppContext,
  actor: Actor,
  depositId: number,
  action: DepositAction,
  change: (
    tx: Tx,
    deposit: DepositRow,
    symbol: string,
    now: Date,
  ) => Partial<typeof rentalDeposits.$inferInsert>,
): Promise<DepositRow> {
  const now = ctx.now();
  const { symbol } = await defaultCurrency(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const [deposit] = await tx
      .select()
      .from(rentalDeposits)
      .where(eq(rentalDeposits.id, depositId))
      .for('update')
      .limit(1);
    if (!deposit) throw notFound();
    const next = depositAfter(deposit.status as DepositStatus, action);
    if (next === null) throw conflict(D.transition(deposit.status.replace('_', ' '), action));
    const values = change(tx, deposit, symbol, now);
    const [updated] = await tx
      .update(rentalDeposits)
      .set({ ...values, status: next, updatedAt: now })
      .where(eq(rentalDeposits.id, deposit.id))
      .returning();
    await audit(tx, {
      actorUserId: actor.userId,
      action: `rental_deposit.${next}`,
      subjectType: 'rental_booking',
      subjectId: deposit.bookingId,
      data: { deposit_id: deposit.id, from: deposit.status, to: next, ...values },
      ip: actor.ip,
    });
    return updated!;
  });
}

/** PUT …/collect: the amount collected (the deposit's own by default), never above the deposit. */
export function collectDeposit(
  ctx: AppContext,
  actor: Actor,
  depositId: number,
  body: { amount?: number | undefined; admin_notes?: string | null | undefined },
) {
  return transition(ctx, actor, depositId, 'collect', (_tx, deposit, symbol, now) => {
    const amount = body.amount === undefined ? fromDecimal(deposit.amount) : fromDecimal(body.amount);
    const max = fromDecimal(deposit.amount);
    if (amount > max) throw fieldError('amount', D.collectTooMuch(formatMoney(max, symbol)));
    return {
      collectedAmount: toDecimalText(amount),
      adminNotes: body.admin_notes ?? deposit.adminNotes,
      collectedAt: now,
    };
  });
}

/** PUT …/refund: never more than what was collected (refundError). */
export function refundDeposit(
  ctx: AppContext,
  actor: Actor,
  depositId: number,
  body: { refund_amount: number; refund_reason?: string | null | undefined },
) {
  return transition(ctx, actor, depositId, 'refund', (_tx, deposit, symbol, now) => {
    const refund = fromDecimal(body.refund_amount);
    const error = refundError(refund, fromDecimal(deposit.collectedAmount), (v) => formatMoney(v, symbol));
    if (error) throw fieldError('refund_amount', error);
    return {
      refundedAmount: toDecimalText(refund),
      refundReason: body.refund_reason ?? null,
      settledAt: now,
    };
  });
}

/** PUT …/forfeit: the shop keeps what was collected; a reason is required. */
export function forfeitDeposit(
  ctx: AppContext,
  actor: Actor,
  depositId: number,
  body: { forfeit_reason: string },
) {
  return transition(ctx, actor, depositId, 'forfeit', (_tx, _deposit, _symbol, now) => ({
    forfeitReason: body.forfeit_reason,
    settledAt: now,
  }));
}
