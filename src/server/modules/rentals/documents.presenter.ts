import {
  PERIOD_DOCUMENT_TYPES,
  type PeriodDocumentType,
  type PeriodInvoiceReply,
  RENTAL_DOCUMENT_TYPES,
  type RentalDocumentReply,
  type RentalDocumentStatus,
  type RentalDocumentsReply,
  type RentalDocumentType,
} from '../../../contracts/rental-documents';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import { periodBalance } from '../../../domain/rentals/period-payments';
import {
  financialSummary,
  isPeriodFullyPaid,
  periodInvoiceType,
} from '../../../domain/rentals/rental-documents';
import type { BookingRow, findDeposit, ListedRentalDocument, PeriodWithTotals } from './documents.queries';
import { rentalDocumentAvailability } from './rental-document-generate';

/** Where the viewer opens a version (a server route answering the PDF inline). */
export const rentalDocumentViewUrl = (bookingId: number, docId: number) =>
  `/admin/rental-bookings/${bookingId}/documents/${docId}/view`;

const keyOf = (periodId: number | null, type: string) => `${periodId ?? 'booking'}:${type}`;

/** The ids of the newest version of each (booking or period, type), rows newest first. */
export function currentIds(rows: readonly ListedRentalDocument[]): Set<number> {
  const best = new Map<string, ListedRentalDocument['doc']>();
  for (const { doc } of rows) {
    const key = keyOf(doc.periodId, doc.documentType);
    const seen = best.get(key);
    if (!seen || doc.version > seen.version) best.set(key, doc);
  }
  return new Set([...best.values()].map((doc) => doc.id));
}

export function presentRentalDocument(row: ListedRentalDocument, current: Set<number>): RentalDocumentReply {
  const name = [row.creatorFirst, row.creatorLast].filter(Boolean).join(' ') || row.creatorEmail || null;
  return {
    id: row.doc.id,
    period_id: row.doc.periodId,
    document_type: row.doc.documentType as RentalDocumentType,
    document_number: row.doc.documentNumber,
    version: row.doc.version,
    size: row.doc.size,
    is_current: current.has(row.doc.id),
    created_at: row.doc.createdAt.toISOString(),
    created_by: name,
    view_url: rentalDocumentViewUrl(row.doc.bookingId, row.doc.id),
  };
}

function statusOf(
  booking: BookingRow,
  period: PeriodWithTotals | null,
  type: RentalDocumentType,
  documents: readonly RentalDocumentReply[],
): RentalDocumentStatus {
  const ofType = documents.filter(
    (d) => d.document_type === type && d.period_id === (period?.period.id ?? null),
  );
  return {
    ...rentalDocumentAvailability(booking, period, type),
    current_id: ofType.find((d) => d.is_current)?.id ?? null,
    count: ofType.length,
  };
}

/** A period's invoice line: its money and its current proforma and final invoice. */
export function presentPeriodInvoice(
  p: PeriodWithTotals,
  documents: readonly RentalDocumentReply[],
): PeriodInvoiceReply {
  const total = fromDecimal(p.total);
  const paid = fromDecimal(p.paid);
  const fullyPaid = isPeriodFullyPaid(total, paid);
  const current = (type: PeriodDocumentType) =>
    documents.find((d) => d.period_id === p.period.id && d.document_type === type && d.is_current) ?? null;
  return {
    period_id: p.period.id,
    period_number: p.period.periodNumber,
    start_date: p.period.startDate,
    end_date: p.period.endDate,
    status: p.period.status,
    invoice_status: p.period.invoiceStatus,
    total: toDecimalText(total),
    paid: toDecimalText(paid),
    outstanding: toDecimalText(periodBalance(total, paid)),
    is_fully_paid: fullyPaid,
    invoice_type: periodInvoiceType({ status: p.period.status, fullyPaid }),
    proforma: current('proforma'),
    final_invoice: current('final_invoice'),
  };
}

/** GET /admin/rental-bookings/{id}/documents (spec 3 §7). */
export function presentRentalDocuments(input: {
  booking: BookingRow;
  rows: readonly ListedRentalDocument[];
  periods: readonly PeriodWithTotals[];
  paid: string;
  deposit: Awaited<ReturnType<typeof findDeposit>>;
}): RentalDocumentsReply {
  const { booking, periods, deposit } = input;
  const current = currentIds(input.rows);
  const documents = input.rows.map((row) => presentRentalDocument(row, current));
  const bookingDocuments = documents.filter((d) => d.period_id === null);
  const document_status = Object.fromEntries(
    RENTAL_DOCUMENT_TYPES.map((type) => [type, statusOf(booking, null, type, bookingDocuments)]),
  ) as Record<RentalDocumentType, RentalDocumentStatus>;
  const summary = financialSummary({
    periodTotals: periods.map((p) => fromDecimal(p.total)),
    estimate: fromDecimal(booking.totalEstimatedCost),
    paid: fromDecimal(input.paid),
  });
  return {
    success: true,
    message: 'Documents loaded',
    booking_id: booking.id,
    booking_number: booking.bookingNumber,
    booking_status: booking.status,
    documents,
    document_status,
    rental_invoices: periods.map((p) => presentPeriodInvoice(p, documents)),
    financial_summary: {
      billed: toDecimalText(summary.billed),
      paid: toDecimalText(summary.paid),
      outstanding: toDecimalText(summary.outstanding),
      billed_from: summary.billedFrom,
      deposit: deposit
        ? {
            amount: toDecimalText(fromDecimal(deposit.amount)),
            status: deposit.status,
            collected: toDecimalText(fromDecimal(deposit.collectedAmount)),
            refunded: toDecimalText(fromDecimal(deposit.refundedAmount)),
          }
        : null,
    },
  };
}

/** The period documents' status: its proforma and final invoice. */
export function periodDocumentStatus(
  booking: BookingRow,
  period: PeriodWithTotals,
  documents: readonly RentalDocumentReply[],
): Record<PeriodDocumentType, RentalDocumentStatus> {
  return Object.fromEntries(
    PERIOD_DOCUMENT_TYPES.map((type) => [type, statusOf(booking, period, type, documents)]),
  ) as Record<PeriodDocumentType, RentalDocumentStatus>;
}
