import { and, asc, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { RENTAL_DOCUMENT_MESSAGES as M, type RentalDocumentType } from '../../../contracts/rental-documents';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { pickupPoints } from '../shop-setup/shop-setup.tables';
import { type PeriodWithTotals, periodTotalsColumns } from './periods.queries';
import {
  rentalBookings,
  rentalDeposits,
  rentalDocuments,
  rentalItems,
  rentalPayments,
  rentalPeriodItems,
  rentalPeriodServices,
  rentalPeriods,
} from './rentals.tables';

export type { PeriodWithTotals };

export type BookingRow = typeof rentalBookings.$inferSelect;
export type PeriodRow = typeof rentalPeriods.$inferSelect;
export type RentalDocumentRow = typeof rentalDocuments.$inferSelect;

/** A booking or 404; `lock` takes its row lock inside a transaction (documents of one booking queue). */
export async function findBookingOr404(db: Executor, id: number, lock = false): Promise<BookingRow> {
  const query = db.select().from(rentalBookings).where(eq(rentalBookings.id, id));
  const [booking] = lock ? await query.for('update') : await query;
  if (!booking) throw notFound(M.bookingNotFound);
  return booking;
}

/** Every period of a booking with its total and paid amount, in period order. */
export async function periodsWithTotals(db: Executor, bookingId: number): Promise<PeriodWithTotals[]> {
  return db
    .select(periodTotalsColumns)
    .from(rentalPeriods)
    .where(eq(rentalPeriods.bookingId, bookingId))
    .orderBy(asc(rentalPeriods.periodNumber), asc(rentalPeriods.id));
}

/** One period of the booking with its totals, or 404 (a period of another booking is not found). */
export async function findPeriodOr404(
  db: Executor,
  bookingId: number,
  periodId: number,
): Promise<PeriodWithTotals> {
  const [row] = await db
    .select(periodTotalsColumns)
    .from(rentalPeriods)
    .where(and(eq(rentalPeriods.id, periodId), eq(rentalPeriods.bookingId, bookingId)));
  if (!row) throw notFound(M.periodNotFound);
  return row;
}

/** A period by its own id (the /admin/api/rental-periods/{id} routes), with its totals, or 404. */
export async function findPeriodByIdOr404(db: Executor, periodId: number): Promise<PeriodWithTotals> {
  const [row] = await db
    .select(periodTotalsColumns)
    .from(rentalPeriods)
    .where(eq(rentalPeriods.id, periodId));
  if (!row) throw notFound(M.periodNotFound);
  return row;
}

/** The booking's completed payments, all of them (on the booking or on a period). */
export async function completedPaymentsTotal(db: Executor, bookingId: number): Promise<string> {
  const [row] = await db
    .select({ paid: sql<string>`coalesce(sum(${rentalPayments.amount}), 0)::text` })
    .from(rentalPayments)
    .where(and(eq(rentalPayments.bookingId, bookingId), eq(rentalPayments.status, 'completed')));
  return row?.paid ?? '0';
}

export async function findDeposit(db: Executor, bookingId: number) {
  const [row] = await db.select().from(rentalDeposits).where(eq(rentalDeposits.bookingId, bookingId));
  return row ?? null;
}

/** What a booking document prints besides the booking row. */
export async function bookingDocumentData(db: Executor, booking: BookingRow) {
  const items = await db
    .select()
    .from(rentalItems)
    .where(eq(rentalItems.bookingId, booking.id))
    .orderBy(asc(rentalItems.id));
  const [pickup] = booking.pickupPointId
    ? await db
        .select({ name: pickupPoints.name, address: pickupPoints.address })
        .from(pickupPoints)
        .where(eq(pickupPoints.id, booking.pickupPointId))
    : [];
  const [customer] = booking.userId
    ? await db
        .select({ companyName: users.companyName, userType: users.userType })
        .from(users)
        .where(eq(users.id, booking.userId))
    : [];
  return {
    items,
    pickupPoint: pickup ? `${pickup.name}, ${pickup.address}` : null,
    companyName: customer?.userType === 'company' ? (customer.companyName ?? null) : null,
  };
}

/** What a period document prints: its items and services. */
export async function periodDocumentData(db: Executor, periodId: number) {
  const items = await db
    .select()
    .from(rentalPeriodItems)
    .where(eq(rentalPeriodItems.periodId, periodId))
    .orderBy(asc(rentalPeriodItems.id));
  const services = await db
    .select()
    .from(rentalPeriodServices)
    .where(eq(rentalPeriodServices.periodId, periodId))
    .orderBy(asc(rentalPeriodServices.id));
  const payments = await db
    .select()
    .from(rentalPayments)
    .where(and(eq(rentalPayments.periodId, periodId), eq(rentalPayments.status, 'completed')))
    .orderBy(asc(rentalPayments.paymentDate), asc(rentalPayments.id));
  return { items, services, payments };
}

const periodIs = (periodId: number | null) =>
  periodId === null ? isNull(rentalDocuments.periodId) : eq(rentalDocuments.periodId, periodId);

/**
 * The booking's documents, newest first, with who made each: all of them, or those of the booking
 * itself (periodId null) or of one period, optionally of one type.
 */
export async function listRentalDocuments(
  db: Executor,
  bookingId: number,
  filter: { periodId?: number | null; type?: RentalDocumentType } = {},
) {
  const conditions = [eq(rentalDocuments.bookingId, bookingId)];
  if (filter.periodId !== undefined) conditions.push(periodIs(filter.periodId));
  if (filter.type) conditions.push(eq(rentalDocuments.documentType, filter.type));
  return db
    .select({
      doc: rentalDocuments,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
      creatorEmail: users.email,
    })
    .from(rentalDocuments)
    .leftJoin(users, eq(users.id, rentalDocuments.createdBy))
    .where(and(...conditions))
    .orderBy(desc(rentalDocuments.createdAt), desc(rentalDocuments.version), desc(rentalDocuments.id));
}
export type ListedRentalDocument = Awaited<ReturnType<typeof listRentalDocuments>>[number];

export async function findRentalDocument(
  db: Executor,
  bookingId: number,
  docId: number,
): Promise<RentalDocumentRow | null> {
  const [doc] = await db
    .select()
    .from(rentalDocuments)
    .where(and(eq(rentalDocuments.bookingId, bookingId), eq(rentalDocuments.id, docId)));
  return doc ?? null;
}

/** The current (newest) version of a type, of the booking itself or of one period. */
export async function latestRentalDocument(
  db: Executor,
  bookingId: number,
  periodId: number | null,
  type: RentalDocumentType,
): Promise<RentalDocumentRow | null> {
  const [doc] = await db
    .select()
    .from(rentalDocuments)
    .where(
      and(
        eq(rentalDocuments.bookingId, bookingId),
        periodIs(periodId),
        eq(rentalDocuments.documentType, type),
      ),
    )
    .orderBy(desc(rentalDocuments.version), desc(rentalDocuments.id))
    .limit(1);
  return doc ?? null;
}

/** One above the highest version of the type (the caller holds the booking's row lock). */
export async function nextRentalVersion(
  db: Executor,
  bookingId: number,
  periodId: number | null,
  type: RentalDocumentType,
): Promise<number> {
  const [row] = await db
    .select({ last: max(rentalDocuments.version) })
    .from(rentalDocuments)
    .where(
      and(
        eq(rentalDocuments.bookingId, bookingId),
        periodIs(periodId),
        eq(rentalDocuments.documentType, type),
      ),
    );
  return (row?.last ?? 0) + 1;
}

/** The number a period's final invoice got first: its later versions print the same (DECISIONS 12). */
export async function keptInvoiceNumber(db: Executor, periodId: number): Promise<string | null> {
  const [row] = await db
    .select({ number: rentalDocuments.documentNumber })
    .from(rentalDocuments)
    .where(
      and(
        eq(rentalDocuments.periodId, periodId),
        eq(rentalDocuments.documentType, 'final_invoice'),
        isNotNull(rentalDocuments.documentNumber),
      ),
    )
    .orderBy(asc(rentalDocuments.version))
    .limit(1);
  return row?.number ?? null;
}
