import { and, asc, eq, ne } from 'drizzle-orm';
import { RENTAL_PERIOD_MESSAGES as M, type PeriodStatus } from '../../../contracts/rental-periods';
import { addDays } from '../../../domain/dates/date-format';
import { fieldError } from '../../../domain/errors';
import { periodDays, periodEndDate, periodStatusOptions } from '../../../domain/rentals/rental-periods';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { repricedLines } from './period-pricing';
import { findPeriodOr404, itemsOfPeriod, lockBookingOr404, lockPeriodOr404 } from './periods.queries';
import { assertBookingUnitsFit } from './rental-availability';
import { rentalPeriodItems, rentalPeriods } from './rentals.tables';

/** POST /admin/api/rental-periods/{id}/notes: the customer's and the admin's note. */
export async function updatePeriodNotes(
  ctx: AppContext,
  actor: Actor,
  periodId: number,
  body: { customer_note?: string | null | undefined; admin_note?: string | null | undefined },
) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const period = await lockPeriodOr404(tx, periodId);
    await tx
      .update(rentalPeriods)
      .set({ customerNote: body.customer_note ?? null, adminNote: body.admin_note ?? null, updatedAt: now })
      .where(eq(rentalPeriods.id, period.id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.notes_updated',
      subjectType: 'rental_period',
      subjectId: period.id,
      ip: actor.ip,
    });
  });
}

/**
 * PUT /admin/api/rental-periods/{id}/dates (spec 3 §5, §9): end = start + months − 1 day; the start
 * is not before the day after the previous period's end and the end before the next period's
 * start. The period's items are repriced for its new number of days.
 */
export async function updatePeriodDates(
  ctx: AppContext,
  actor: Actor,
  periodId: number,
  body: { start_date: string; duration_months: number },
) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The booking first, as createPeriod takes it: date ranges of one booking change in turn.
    await lockBookingOr404(tx, (await findPeriodOr404(tx, periodId)).bookingId);
    const found = await lockPeriodOr404(tx, periodId);
    const others = await tx
      .select()
      .from(rentalPeriods)
      .where(and(eq(rentalPeriods.bookingId, found.bookingId), ne(rentalPeriods.id, found.id)))
      .orderBy(asc(rentalPeriods.periodNumber));
    const previous = others.filter((p) => p.periodNumber < found.periodNumber).at(-1);
    const next = others.find((p) => p.periodNumber > found.periodNumber);
    const endDate = periodEndDate(body.start_date, body.duration_months);
    if (previous && body.start_date <= previous.endDate)
      throw fieldError('start_date', M.overlaps(addDays(previous.endDate, 1)));
    if (next && endDate >= next.startDate)
      throw fieldError('duration_months', M.runsIntoNext(next.startDate));
    await tx
      .update(rentalPeriods)
      .set({ startDate: body.start_date, endDate, updatedAt: now })
      .where(eq(rentalPeriods.id, found.id));
    const days = periodDays(body.start_date, endDate);
    const items = await itemsOfPeriod(tx, found.id);
    const repriced = await repricedLines(tx, items, days);
    for (const [index, item] of items.entries()) {
      const line = repriced[index]!;
      await tx
        .update(rentalPeriodItems)
        .set({ amount: line.amount, storedVatAmount: line.storedVatAmount, vatInfo: line.vatInfo })
        .where(eq(rentalPeriodItems.id, item.id));
    }
    await assertBookingUnitsFit(tx, found.bookingId, { start: body.start_date, end: endDate }, 'start_date');
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.dates_updated',
      subjectType: 'rental_period',
      subjectId: found.id,
      data: { from: [found.startDate, found.endDate], to: [body.start_date, endDate] },
      ip: actor.ip,
    });
  });
}

/** PUT /admin/api/rental-periods/{id}/status: one of the options of the period's number (spec 3 §4). */
export async function updatePeriodStatus(
  ctx: AppContext,
  actor: Actor,
  periodId: number,
  status: PeriodStatus,
) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const period = await lockPeriodOr404(tx, periodId);
    if (!periodStatusOptions(period.periodNumber).includes(status)) throw fieldError('status', M.status);
    await tx.update(rentalPeriods).set({ status, updatedAt: now }).where(eq(rentalPeriods.id, period.id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.status_updated',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: { from: period.status, to: status },
      ip: actor.ip,
    });
  });
}
