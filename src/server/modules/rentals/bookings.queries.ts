import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../domain/rentals/booking-status';
import { users } from '../../platform/auth/auth.tables';
import type { Executor, Tx } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { notFound } from '../../platform/http/errors';
import { likePattern, paged } from '../../platform/http/paging';
import { productStocks, products } from '../catalogue/catalogue.tables';
import {
  rentalBookings,
  rentalItems,
  rentalPayments,
  rentalPeriodItems,
  rentalPeriods,
} from './rentals.tables';

export type BookingRow = typeof rentalBookings.$inferSelect;
export type RentalItemRow = typeof rentalItems.$inferSelect;
export type RentalPaymentRow = typeof rentalPayments.$inferSelect;

export const bookingStatusOf = (row: Pick<BookingRow, 'status'>) => row.status as BookingStatus;

/** The booking, or 404. */
export async function findBooking(db: Executor, id: number): Promise<BookingRow> {
  const [row] = await db.select().from(rentalBookings).where(eq(rentalBookings.id, id));
  if (!row) throw notFound();
  return row;
}

/** The booking under its row lock (every change of a booking takes it first), or 404. */
export async function lockBooking(tx: Tx, id: number): Promise<BookingRow> {
  const [row] = await tx.select().from(rentalBookings).where(eq(rentalBookings.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export function itemsOfBooking(db: Executor, bookingId: number): Promise<RentalItemRow[]> {
  return db
    .select()
    .from(rentalItems)
    .where(eq(rentalItems.bookingId, bookingId))
    .orderBy(asc(rentalItems.id));
}

export function paymentsOfBooking(db: Executor, bookingId: number): Promise<RentalPaymentRow[]> {
  return db
    .select()
    .from(rentalPayments)
    .where(eq(rentalPayments.bookingId, bookingId))
    .orderBy(asc(rentalPayments.paymentDate), asc(rentalPayments.id));
}

/** How many items the booking's periods hold (spec 3 §5: they count as the booking's items). */
export async function periodItemCount(db: Executor, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rentalPeriodItems)
    .innerJoin(rentalPeriods, eq(rentalPeriods.id, rentalPeriodItems.periodId))
    .where(eq(rentalPeriods.bookingId, bookingId));
  return row?.n ?? 0;
}

/** DECISIONS 16: active needs a completed payment, of the booking or of any of its periods. */
export async function hasCompletedPayment(db: Executor, bookingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: rentalPayments.id })
    .from(rentalPayments)
    .where(and(eq(rentalPayments.bookingId, bookingId), eq(rentalPayments.status, 'completed')))
    .limit(1);
  return row !== undefined;
}

export type BookingCustomerRow = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  mobile: string | null;
  userType: string;
  companyName: string | null;
};

export async function customerOf(db: Executor, userId: number | null): Promise<BookingCustomerRow | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      mobile: users.mobile,
      userType: users.userType,
      companyName: users.companyName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

// ── The admin list ──────────────────────────────────────────────────────────────────────────

export type BookingListDbRow = {
  id: number;
  bookingNumber: string;
  customerName: string;
  customerEmail: string;
  status: string;
  source: string;
  totalEstimatedCost: string;
  createdAt: Date;
  itemsCount: number;
  amountPaid: string;
  firstStart: string | null;
  lastEnd: string | null;
};

function listFilters(query: { status?: BookingStatus | undefined; search?: string | undefined }) {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(rentalBookings.status, query.status) : undefined,
    query.search
      ? or(
          ilike(rentalBookings.bookingNumber, likePattern(query.search)),
          ilike(rentalBookings.customerName, likePattern(query.search)),
          ilike(rentalBookings.customerEmail, likePattern(query.search)),
          ilike(sql`coalesce(${rentalBookings.customerPhone}, '')`, likePattern(query.search)),
        )
      : undefined,
  ];
  return and(...conditions);
}

/**
 * GET /api/rental/admin-bookings (spec 3 §7, §9): 25 a page, newest first, paged in SQL; the items'
 * count, dates and the paid amount come from grouped subqueries of the page's rows, one query.
 */
export async function bookingListPage(
  db: Executor,
  query: { page: number; status?: BookingStatus | undefined; search?: string | undefined },
  perPage: number,
) {
  const bookingId = qualified(rentalBookings.id);
  const where = listFilters(query);
  return paged<BookingListDbRow>(
    query.page,
    perPage,
    (limit, offset) =>
      db
        .select({
          id: rentalBookings.id,
          bookingNumber: rentalBookings.bookingNumber,
          customerName: rentalBookings.customerName,
          customerEmail: rentalBookings.customerEmail,
          status: rentalBookings.status,
          source: rentalBookings.source,
          totalEstimatedCost: rentalBookings.totalEstimatedCost,
          createdAt: rentalBookings.createdAt,
          itemsCount: sql<number>`coalesce(items.items_count, 0)::int`,
          firstStart: sql<string | null>`items.first_start::text`,
          lastEnd: sql<string | null>`items.last_end::text`,
          amountPaid: sql<string>`coalesce(paid.amount_paid, 0)::text`,
        })
        .from(rentalBookings)
        .leftJoin(
          sql`(select ${qualified(rentalItems.bookingId)} as booking_id, count(*) as items_count,
              min(${qualified(rentalItems.rentalStartDate)}) as first_start,
              max(${qualified(rentalItems.rentalEndDate)}) as last_end
            from ${rentalItems} group by ${qualified(rentalItems.bookingId)}) items`,
          sql`items.booking_id = ${bookingId}`,
        )
        .leftJoin(
          sql`(select ${qualified(rentalPayments.bookingId)} as booking_id, sum(${qualified(rentalPayments.amount)}) as amount_paid
            from ${rentalPayments} where ${qualified(rentalPayments.status)} = 'completed'
            group by ${qualified(rentalPayments.bookingId)}) paid`,
          sql`paid.booking_id = ${bookingId}`,
        )
        .where(where)
        .orderBy(desc(rentalBookings.createdAt), desc(rentalBookings.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db.select({ n: count() }).from(rentalBookings).where(where);
      return row?.n ?? 0;
    },
  );
}

// ── Rental products for the item row's search ─────────────────────────────────────────────

export type RentalProductRow = {
  id: number;
  name: string;
  sku: string | null;
  rentalPrice: string | null;
  unitRentalLabel: string | null;
  isVariable: boolean;
  stockQuantity: number;
};

/** GET /api/rental-products?simple_list=true[&search]: rental products with their variants. */
export async function rentalProducts(db: Executor, search: string | undefined) {
  const rows: RentalProductRow[] = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      rentalPrice: products.rentalPrice,
      unitRentalLabel: products.unitRentalLabel,
      isVariable: products.isVariableProduct,
      stockQuantity: products.stockQuantity,
    })
    .from(products)
    .where(
      and(
        eq(products.isRentalProduct, true),
        isNull(products.deletedAt),
        search
          ? or(ilike(products.name, likePattern(search)), ilike(products.sku, likePattern(search)))
          : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(50);
  const ids = rows.filter((r) => r.isVariable).map((r) => r.id);
  const variants = ids.length
    ? await db
        .select({
          id: productStocks.id,
          productId: productStocks.productId,
          variant: productStocks.variant,
          qty: productStocks.qty,
        })
        .from(productStocks)
        .where(inArray(productStocks.productId, ids))
        .orderBy(asc(productStocks.sortOrder), asc(productStocks.id))
    : [];
  return rows.map((row) => ({ ...row, variants: variants.filter((v) => v.productId === row.id) }));
}
