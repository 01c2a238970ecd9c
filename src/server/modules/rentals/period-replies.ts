import type { PeriodReply, PeriodsReply } from '../../../contracts/rental-periods';
import { earliestNextPeriodStart } from '../../../domain/rentals/rental-periods';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { shopToday } from '../../platform/settings/settings-store';
import { presentPeriod } from './periods.presenter';
import {
  detailsOfPeriods,
  findBookingOr404,
  findPeriodOr404,
  moneyOfPeriods,
  periodsOfBooking,
} from './periods.queries';

/** GET /admin/api/rental-periods/booking/{id}: every period with its totals, in a fixed number of queries. */
export async function loadBookingPeriods(db: Executor, bookingId: number, now: Date): Promise<PeriodsReply> {
  await findBookingOr404(db, bookingId);
  const periods = await periodsOfBooking(db, bookingId);
  const ids = periods.map((p) => p.id);
  const [money, details, today] = await readTogether(db, [
    () => moneyOfPeriods(db, ids),
    () => detailsOfPeriods(db, ids),
    () => shopToday(db, now),
  ]);
  return {
    periods: periods.map((p) => presentPeriod(p, money.get(p.id)!, details, today)),
    next_start_date: earliestNextPeriodStart(periods.map((p) => p.endDate)),
    today,
  };
}

/** One period as the list shows it (the reply of the writes that change a period). */
export async function loadPeriod(db: Executor, periodId: number, now: Date): Promise<PeriodReply> {
  const period = await findPeriodOr404(db, periodId);
  const [money, details, today] = await readTogether(db, [
    () => moneyOfPeriods(db, [period.id]),
    () => detailsOfPeriods(db, [period.id]),
    () => shopToday(db, now),
  ]);
  return presentPeriod(period, money.get(period.id)!, details, today);
}
