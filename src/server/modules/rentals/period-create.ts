import { asc, eq } from 'drizzle-orm';
import { RENTAL_PERIOD_MESSAGES as M, type NewPeriodBody } from '../../../contracts/rental-periods';
import { fieldError } from '../../../domain/errors';
import {
  earliestNextPeriodStart,
  matchDurationMonths,
  PERIOD_MESSAGES,
  periodDays,
  periodEndDate,
} from '../../../domain/rentals/rental-periods';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { type PeriodItemValues, repricedLines } from './period-pricing';
import {
  type BookingRow,
  itemsOfPeriod,
  lockBookingOr404,
  type PeriodRow,
  servicesOfPeriod,
} from './periods.queries';
import { assertBookingUnitsFit } from './rental-availability';
import { rentalItems, rentalPeriodItems, rentalPeriodServices, rentalPeriods } from './rentals.tables';

type ServiceValues = Omit<typeof rentalPeriodServices.$inferInsert, 'periodId'>;

/**
 * The services a new period takes from its booking and the previous period (docs/decisions/0068):
 * with inherit_recurring_services, the previous period's recurring services and the booking's
 * recurring (or all_future) additional services, one per name; always, the booking's
 * next_invoice_only services added since the latest period was created, so each goes to exactly one
 * period: the next one created after it was added.
 */
export function servicesForNewPeriod(
  booking: Pick<BookingRow, 'additionalServices'>,
  previous: {
    createdAt: Date;
    services: { serviceName: string; serviceType: string; amount: string; description: string | null }[];
  } | null,
  inheritRecurring: boolean,
): ServiceValues[] {
  const out: ServiceValues[] = [];
  const names = new Set<string>();
  if (inheritRecurring) {
    for (const s of previous?.services ?? []) {
      if (s.serviceType !== 'recurring' || names.has(s.serviceName)) continue;
      names.add(s.serviceName);
      out.push({
        serviceName: s.serviceName,
        serviceType: 'recurring',
        amount: s.amount,
        description: s.description,
      });
    }
  }
  for (const [name, service] of Object.entries(booking.additionalServices ?? {})) {
    const recurring = service.type === 'recurring' || service.applies_to === 'all_future';
    if (recurring) {
      if (!inheritRecurring || names.has(name)) continue;
      names.add(name);
      out.push({
        serviceName: name,
        serviceType: 'recurring',
        amount: service.amount,
        description: service.description ?? null,
      });
      continue;
    }
    const addedAt = Date.parse(service.added_at);
    const isNew = previous === null || Number.isNaN(addedAt) || addedAt > previous.createdAt.getTime();
    if (!isNew) continue;
    out.push({
      serviceName: name,
      serviceType: 'one_time',
      amount: service.amount,
      description: service.description ?? null,
    });
  }
  return out;
}

async function itemsToCopy(
  tx: Tx,
  booking: BookingRow,
  periods: PeriodRow[],
  previous: PeriodRow | null,
  copyFrom: boolean | number,
  days: number,
): Promise<PeriodItemValues[]> {
  if (copyFrom === false) return [];
  if (typeof copyFrom === 'number') {
    const source = periods.find((p) => p.id === copyFrom);
    if (!source) throw fieldError('copy_items_from_period', M.previousNotFound);
    return repricedLines(tx, await itemsOfPeriod(tx, source.id), days);
  }
  if (previous) return repricedLines(tx, await itemsOfPeriod(tx, previous.id), days);
  // The first period: the booking's own items, when it has any.
  const bookingItems = await tx
    .select()
    .from(rentalItems)
    .where(eq(rentalItems.bookingId, booking.id))
    .orderBy(asc(rentalItems.id));
  if (bookingItems.length === 0) throw fieldError('copy_items_from_period', M.nothingToCopy);
  return repricedLines(tx, bookingItems, days);
}

/**
 * POST /admin/api/rental-periods/booking/{id} (spec 3 §5 Period dates, §7): under the booking's row
 * lock, a period that starts no earlier than the day after the latest end, numbered next, with the
 * items and services asked for, in one transaction.
 */
export async function createPeriod(
  ctx: AppContext,
  actor: Actor,
  bookingId: number,
  body: NewPeriodBody,
): Promise<PeriodRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBookingOr404(tx, bookingId);
    const periods = await tx
      .select()
      .from(rentalPeriods)
      .where(eq(rentalPeriods.bookingId, booking.id))
      .orderBy(asc(rentalPeriods.periodNumber));
    const earliest = earliestNextPeriodStart(periods.map((p) => p.endDate));
    if (earliest !== null && body.start_date < earliest)
      throw fieldError('start_date', PERIOD_MESSAGES.overlaps(earliest));
    const months =
      body.duration_months ??
      matchDurationMonths(periodDays(body.start_date, body.end_date ?? body.start_date));
    const endDate = periodEndDate(body.start_date, months);
    const days = periodDays(body.start_date, endDate);
    const previous = periods.at(-1) ?? null;

    const items = await itemsToCopy(tx, booking, periods, previous, body.copy_items_from_period, days);
    const services = servicesForNewPeriod(
      booking,
      previous ? { createdAt: previous.createdAt, services: await servicesOfPeriod(tx, previous.id) } : null,
      body.inherit_recurring_services,
    );

    const [period] = await tx
      .insert(rentalPeriods)
      .values({
        bookingId: booking.id,
        periodNumber: (previous?.periodNumber ?? 0) + 1,
        startDate: body.start_date,
        endDate,
        // Later periods take only the statuses from active_unpaid on (spec 3 §4).
        status: previous ? 'active_unpaid' : 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (items.length > 0)
      await tx
        .insert(rentalPeriodItems)
        .values(items.map((item) => ({ ...item, periodId: period!.id, createdAt: now })));
    if (services.length > 0)
      await tx
        .insert(rentalPeriodServices)
        .values(services.map((service) => ({ ...service, periodId: period!.id, createdAt: now })));
    // The booking now holds its units until this period's end (docs/decisions/0066).
    await assertBookingUnitsFit(tx, booking.id, { start: body.start_date, end: endDate }, 'start_date');
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.created',
      subjectType: 'rental_booking',
      subjectId: booking.id,
      data: {
        period_id: period!.id,
        period_number: period!.periodNumber,
        start_date: body.start_date,
        end_date: endDate,
      },
      ip: actor.ip,
    });
    return period!;
  });
}
