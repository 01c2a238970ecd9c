import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Cents, fromDecimal } from '../../../domain/money/money';
import type { Executor, Tx } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { readTogether } from '../../platform/db/read-together';
import { notFound } from '../../platform/http/errors';
import {
  type rentalBookings,
  rentalPayments,
  rentalPeriodItems,
  rentalPeriodServices,
  rentalPeriods,
} from './rentals.tables';

export type BookingRow = typeof rentalBookings.$inferSelect;
export type PeriodRow = typeof rentalPeriods.$inferSelect;
export type PeriodItemRow = typeof rentalPeriodItems.$inferSelect;
export type PeriodServiceRow = typeof rentalPeriodServices.$inferSelect;
export type PeriodPaymentRow = typeof rentalPayments.$inferSelect;
export type PeriodMoney = { total: Cents; paid: Cents };

/** The booking or 404, and under its row lock: the bookings' own reads. */
export { findBooking as findBookingOr404, lockBooking as lockBookingOr404 } from './bookings.queries';

export async function findPeriodOr404(db: Executor, periodId: number): Promise<PeriodRow> {
  const [row] = await db.select().from(rentalPeriods).where(eq(rentalPeriods.id, periodId)).limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The period's row under lock (select … for update): payments, items and services of one period are
 * written one after another, so two payments can never both fit the same remaining balance.
 */
export async function lockPeriodOr404(tx: Tx, periodId: number): Promise<PeriodRow> {
  const [row] = await tx
    .select()
    .from(rentalPeriods)
    .where(eq(rentalPeriods.id, periodId))
    .for('update')
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function periodsOfBooking(db: Executor, bookingId: number): Promise<PeriodRow[]> {
  return db
    .select()
    .from(rentalPeriods)
    .where(eq(rentalPeriods.bookingId, bookingId))
    .orderBy(asc(rentalPeriods.periodNumber));
}

/**
 * A period's money in one query (spec 3 §3 Rental period): total = Σ its items' amounts + Σ its
 * services' amounts; paid = Σ its completed payments. Decimal text, as numeric sums come back.
 */
export const periodTotalsColumns = {
  period: rentalPeriods,
  total: sql<string>`(
    (select coalesce(sum(${qualified(rentalPeriodItems.amount)}), 0) from ${rentalPeriodItems}
      where ${qualified(rentalPeriodItems.periodId)} = ${qualified(rentalPeriods.id)})
    + (select coalesce(sum(${qualified(rentalPeriodServices.amount)}), 0) from ${rentalPeriodServices}
      where ${qualified(rentalPeriodServices.periodId)} = ${qualified(rentalPeriods.id)})
  )::text`,
  paid: sql<string>`(select coalesce(sum(${qualified(rentalPayments.amount)}), 0) from ${rentalPayments}
    where ${qualified(rentalPayments.periodId)} = ${qualified(rentalPeriods.id)}
      and ${qualified(rentalPayments.status)} = 'completed')::text`,
};
export type PeriodWithTotals = { period: PeriodRow; total: string; paid: string };

/** Totals of several periods, in one query (no N+1). */
export async function moneyOfPeriods(
  db: Executor,
  periodIds: readonly number[],
): Promise<Map<number, PeriodMoney>> {
  if (periodIds.length === 0) return new Map();
  const rows = await db
    .select({ id: rentalPeriods.id, total: periodTotalsColumns.total, paid: periodTotalsColumns.paid })
    .from(rentalPeriods)
    .where(inArray(rentalPeriods.id, [...periodIds]));
  const result = new Map<number, PeriodMoney>(
    periodIds.map((id) => [id, { total: 0 as Cents, paid: 0 as Cents }]),
  );
  for (const row of rows) result.set(row.id, { total: fromDecimal(row.total), paid: fromDecimal(row.paid) });
  return result;
}

export async function moneyOfPeriod(db: Executor, periodId: number): Promise<PeriodMoney> {
  return (await moneyOfPeriods(db, [periodId])).get(periodId)!;
}

/** Items, services and payments of several periods: one query each. */
export async function detailsOfPeriods(db: Executor, periodIds: readonly number[]) {
  if (periodIds.length === 0) return { items: [], services: [], payments: [] };
  const ids = [...periodIds];
  const [items, services, payments] = await readTogether(db, [
    () =>
      db
        .select()
        .from(rentalPeriodItems)
        .where(inArray(rentalPeriodItems.periodId, ids))
        .orderBy(asc(rentalPeriodItems.id)),
    () =>
      db
        .select()
        .from(rentalPeriodServices)
        .where(inArray(rentalPeriodServices.periodId, ids))
        .orderBy(asc(rentalPeriodServices.id)),
    () =>
      db
        .select()
        .from(rentalPayments)
        .where(inArray(rentalPayments.periodId, ids))
        .orderBy(asc(rentalPayments.paymentDate), asc(rentalPayments.id)),
  ]);
  return { items, services, payments };
}

export async function itemsOfPeriod(db: Executor, periodId: number): Promise<PeriodItemRow[]> {
  return db
    .select()
    .from(rentalPeriodItems)
    .where(eq(rentalPeriodItems.periodId, periodId))
    .orderBy(asc(rentalPeriodItems.id));
}

export async function servicesOfPeriod(db: Executor, periodId: number): Promise<PeriodServiceRow[]> {
  return db
    .select()
    .from(rentalPeriodServices)
    .where(eq(rentalPeriodServices.periodId, periodId))
    .orderBy(asc(rentalPeriodServices.id));
}
