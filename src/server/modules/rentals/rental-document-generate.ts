import { randomBytes } from 'node:crypto';
import {
  RENTAL_DOCUMENT_MESSAGES as M,
  type PeriodDocumentType,
  type RentalDocumentType,
} from '../../../contracts/rental-documents';
import { formatIsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import { AppError } from '../../../domain/errors';
import { type Cents, cents, formatMoney, fromDecimal } from '../../../domain/money/money';
import { documentNumber, NUMBERED_DOCUMENT_PREFIX } from '../../../domain/orders/documents-and-link';
import { type BookingStatus, documentAvailable } from '../../../domain/rentals/booking-status';
import { periodBalance } from '../../../domain/rentals/period-payments';
import {
  bookingDocumentAvailable,
  isPeriodFullyPaid,
  periodInvoiceType,
} from '../../../domain/rentals/rental-documents';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/database';
import { nextInSequence } from '../../platform/db/next-in-sequence';
import { readLetterhead } from '../../platform/pdf/pdf-document';
import { getSettings } from '../../platform/settings/settings-store';
import { defaultCurrency } from '../currencies';
import { findDefaultRentalTemplate, renderRentalTemplate } from '../templates';
import {
  type BookingRow,
  bookingDocumentData,
  completedPaymentsTotal,
  findBookingOr404,
  findDeposit,
  findPeriodByIdOr404,
  findPeriodOr404,
  keptInvoiceNumber,
  nextRentalVersion,
  type PeriodWithTotals,
  periodDocumentData,
  periodsWithTotals,
  type RentalDocumentRow,
} from './documents.queries';
import { type RentalPdfInput, type RentalPdfLine, renderRentalPdf } from './render-rental-pdf';
import { rentalDocuments } from './rentals.tables';

/** Whether a document may be made now, and the spec's reason when not (spec 3 §4). */
export function rentalDocumentAvailability(
  booking: Pick<BookingRow, 'status'>,
  period: PeriodWithTotals | null,
  type: RentalDocumentType,
): { available: boolean; reason: string | null } {
  const status = booking.status as BookingStatus;
  if (period) {
    const fullyPaid = isPeriodFullyPaid(fromDecimal(period.total), fromDecimal(period.paid));
    const available = documentAvailable(type, { status }, { status: period.period.status, fullyPaid });
    return { available, reason: available ? null : M.unavailable[type] };
  }
  const available = bookingDocumentAvailable(type, status);
  if (available) return { available, reason: null };
  return { available, reason: type === 'final_invoice' ? M.finalInvoicePerPeriod : M.unavailable[type] };
}

/** 409 in the spec's words when the document is not available now. */
export function assertRentalDocumentAvailable(
  booking: BookingRow,
  period: PeriodWithTotals | null,
  type: RentalDocumentType,
): void {
  const { available, reason } = rentalDocumentAvailability(booking, period, type);
  if (!available)
    throw new AppError('conflict', reason ?? M.unavailable[type], undefined, { success: false });
}

const SETTING_KEYS = ['app_date_format', 'app_timezone'] as const;

function bookingDates(
  items: { rentalStartDate: string; rentalEndDate: string }[],
  periods: PeriodWithTotals[],
) {
  const starts = [...items.map((i) => i.rentalStartDate), ...periods.map((p) => p.period.startDate)].sort();
  const ends = [...items.map((i) => i.rentalEndDate), ...periods.map((p) => p.period.endDate)].sort();
  return { start: starts[0] ?? null, end: ends[ends.length - 1] ?? null };
}

/** Everything one rental document prints, read in the generating transaction. */
export async function rentalPdfInput(
  db: Executor,
  booking: BookingRow,
  period: PeriodWithTotals | null,
  type: RentalDocumentType,
  number: string | null,
  version: number,
  now: Date,
): Promise<RentalPdfInput> {
  const s = await getSettings(db, SETTING_KEYS);
  const company = await readLetterhead(db);
  const { symbol } = await defaultCurrency(db);
  const data = await bookingDocumentData(db, booking);
  const periods = await periodsWithTotals(db, booking.id);
  const deposit = await findDeposit(db, booking.id);
  const date = (iso: string) => formatIsoDate(iso, s.app_date_format);
  const today = date(isoDateInZone(now, s.app_timezone));
  const money = (value: Cents) => formatMoney(value, symbol);
  const dates = bookingDates(data.items, periods);

  const itemLines: RentalPdfLine[] = data.items.map((item) => ({
    description: item.variants ? `${item.productName} (${item.variants})` : item.productName,
    detail: `${date(item.rentalStartDate)} – ${date(item.rentalEndDate)}, ${item.rentalDuration} days`,
    quantity: item.quantity,
    rate: fromDecimal(item.dailyRate),
    amount: fromDecimal(item.totalCost),
  }));
  const serviceLines: RentalPdfLine[] = Object.entries(booking.additionalServices).map(([name, service]) => ({
    description: name,
    detail: service.description ?? null,
    quantity: null,
    rate: null,
    amount: fromDecimal(service.amount),
  }));

  // A period's document bills the period; delivery papers list the booking's items, or the
  // latest period's when the booking is billed by periods only.
  const ofPeriod = period ?? (data.items.length === 0 ? (periods[periods.length - 1] ?? null) : null);
  const periodData = ofPeriod ? await periodDocumentData(db, ofPeriod.period.id) : null;
  const periodLines: RentalPdfLine[] = periodData
    ? [
        ...periodData.items.map((item) => ({
          description: item.variants ? `${item.productName} (${item.variants})` : item.productName,
          detail: null,
          quantity: item.quantity,
          rate: fromDecimal(item.dailyRate),
          amount: fromDecimal(item.amount),
        })),
        ...periodData.services.map((service) => ({
          description: service.serviceName,
          detail: service.description,
          quantity: null,
          rate: null,
          amount: fromDecimal(service.amount),
        })),
      ]
    : [];

  let lines: RentalPdfLine[];
  let totals: RentalPdfInput['totals'] = null;
  let payments: RentalPdfInput['payments'] = [];
  if (period) {
    lines = periodLines;
    const total = fromDecimal(period.total);
    const paid = fromDecimal(period.paid);
    totals = { total, paid, due: periodBalance(total, paid) };
    payments = (periodData?.payments ?? []).map((p) => ({
      date: date(p.paymentDate),
      type: p.paymentType,
      amount: fromDecimal(p.amount),
      transaction_id: p.transactionId,
    }));
  } else if (type === 'proforma') {
    lines = [...itemLines, ...serviceLines];
    const total = fromDecimal(booking.totalEstimatedCost);
    const paid = fromDecimal(await completedPaymentsTotal(db, booking.id));
    totals = { total, paid, due: periodBalance(total, paid) };
  } else {
    lines = (data.items.length > 0 ? itemLines : periodLines.filter((l) => l.quantity !== null)).map((l) => ({
      ...l,
      rate: null,
    }));
  }

  let templateHtml: string | null = null;
  if (type === 'rental_agreement') {
    const template = await findDefaultRentalTemplate(db, 'rental_agreement');
    if (!template) throw new AppError('conflict', M.noAgreementTemplate, undefined, { success: false });
    // A month of each item costs its rate × quantity (spec 3 §9: the cost counts started 30 days).
    const monthly = cents(
      data.items.reduce((sum, item) => sum + fromDecimal(item.dailyRate) * item.quantity, 0),
    );
    const values: Record<string, string> = {
      customer_name: booking.customerName,
      customer_email: booking.customerEmail,
      customer_address: booking.deliveryAddress ?? data.pickupPoint ?? '',
      company_name: data.companyName ?? '',
      booking_code: booking.bookingNumber,
      start_date: dates.start ? date(dates.start) : '',
      end_date: dates.end ? date(dates.end) : '',
      items_table: [...itemLines, ...(data.items.length > 0 ? [] : periodLines)]
        .filter((l) => l.quantity !== null)
        .map((l) => `${l.description} × ${l.quantity}: ${money(l.amount)}`)
        .join('; '),
      monthly_total: money(monthly),
      deposit_amount: deposit ? money(fromDecimal(deposit.amount)) : money(cents(0)),
      shop_name: company.name,
      shop_email: company.email,
      shop_phone: company.phone,
      current_date: today,
    };
    templateHtml = renderRentalTemplate(template, values).html;
  }

  return {
    type,
    number,
    version,
    issued_on: today,
    company,
    booking: {
      number: booking.bookingNumber,
      status: booking.status,
      created_on: date(isoDateInZone(booking.createdAt, s.app_timezone)),
      customer_name: booking.customerName,
      customer_email: booking.customerEmail,
      customer_phone: booking.customerPhone,
      company_name: data.companyName,
      delivery_method: booking.deliveryMethod as 'delivery' | 'pickup',
      delivery_address: booking.deliveryAddress,
      pickup_point: data.pickupPoint,
      start_date: dates.start ? date(dates.start) : null,
      end_date: dates.end ? date(dates.end) : null,
    },
    period: period
      ? {
          number: period.period.periodNumber,
          start_date: date(period.period.startDate),
          end_date: date(period.period.endDate),
          status: period.period.status,
        }
      : null,
    lines,
    totals,
    payments,
    deposit: totals && deposit ? fromDecimal(deposit.amount) : null,
    template_html: templateHtml,
    symbol,
  };
}

/**
 * A final invoice's number (DECISIONS 12, docs/decisions/0069): the period keeps the number its
 * first final invoice got; otherwise the next of the shop's one invoice series (the orders' final
 * invoices count in it too), gapless because the counter's row lock lasts the transaction.
 */
async function invoiceNumber(tx: Tx, periodId: number, year: number): Promise<string> {
  const kept = await keptInvoiceNumber(tx, periodId);
  if (kept) return kept;
  return documentNumber(
    NUMBERED_DOCUMENT_PREFIX.final_invoice!,
    year,
    await nextInSequence(tx, 'final_invoice', year),
  );
}

/**
 * Generates, stores and records a new version of a rental document inside the caller's
 * transaction, which holds the booking's row lock. 409 when the type is not available now.
 */
export async function generateRentalDocumentIn(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  booking: BookingRow,
  period: PeriodWithTotals | null,
  type: RentalDocumentType,
): Promise<RentalDocumentRow> {
  assertRentalDocumentAvailable(booking, period, type);
  const now = ctx.now();
  const { app_timezone } = await getSettings(tx, ['app_timezone']);
  const year = Number(isoDateInZone(now, app_timezone).slice(0, 4));
  const periodId = period?.period.id ?? null;
  const number =
    type === 'final_invoice' && periodId !== null ? await invoiceNumber(tx, periodId, year) : null;
  const version = await nextRentalVersion(tx, booking.id, periodId, type);
  const pdf = await renderRentalPdf(await rentalPdfInput(tx, booking, period, type, number, version, now));
  const key = `rental-documents/${booking.id}/${periodId ? `period-${periodId}-` : ''}${type}-v${version}-${randomBytes(6).toString('hex')}.pdf`;
  await ctx.storage.put(key, pdf);
  const [doc] = await tx
    .insert(rentalDocuments)
    .values({
      bookingId: booking.id,
      periodId,
      documentType: type,
      documentNumber: number,
      version,
      storagePath: key,
      size: pdf.length,
      createdBy: actor.userId,
      createdAt: now,
    })
    .returning();
  await audit(tx, {
    actorUserId: actor.userId,
    action: 'rental_booking.document_generated',
    subjectType: 'rental_booking',
    subjectId: booking.id,
    data: {
      document_id: doc!.id,
      period_id: periodId,
      document_type: type,
      document_number: number,
      version,
    },
    ip: actor.ip,
  });
  return doc!;
}

/** POST /admin/rental-bookings/{id}/documents: a new version of one of the booking's documents. */
export async function generateBookingDocument(
  ctx: AppContext,
  actor: Actor,
  bookingId: number,
  type: RentalDocumentType,
): Promise<RentalDocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const booking = await findBookingOr404(tx, bookingId, true);
    return generateRentalDocumentIn(ctx, tx, actor, booking, null, type);
  });
}

/**
 * A new version of a period's proforma or final invoice. Without a type, the invoice of the
 * moment (POST /admin/api/rental-periods/{id}/invoice): the final invoice once available, else the
 * proforma. `bookingId` null finds the booking from the period. The booking's row lock is taken
 * before the period's totals are read.
 */
export async function generatePeriodDocument(
  ctx: AppContext,
  actor: Actor,
  target: { bookingId: number | null; periodId: number },
  type: PeriodDocumentType | null,
): Promise<RentalDocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const bookingId = target.bookingId ?? (await findPeriodByIdOr404(tx, target.periodId)).period.bookingId;
    const booking = await findBookingOr404(tx, bookingId, true);
    const period = await findPeriodOr404(tx, booking.id, target.periodId);
    const fullyPaid = isPeriodFullyPaid(fromDecimal(period.total), fromDecimal(period.paid));
    const chosen = type ?? periodInvoiceType({ status: period.period.status, fullyPaid });
    return generateRentalDocumentIn(ctx, tx, actor, booking, period, chosen);
  });
}
