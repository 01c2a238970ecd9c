import { RENTAL_DOCUMENT_MESSAGES as M, type RentalDocumentType } from '../../../contracts/rental-documents';
import type { AppContext } from '../../platform/context';
import { readStoredFile } from '../../platform/files/read-stored-file';
import { notFound } from '../../platform/http/errors';
import {
  type BookingRow,
  findBookingOr404,
  findPeriodOr404,
  findRentalDocument,
  latestRentalDocument,
  type RentalDocumentRow,
} from './documents.queries';

/**
 * The current version of a type, as GET …/documents/view/{type} shows it (of the booking, or of
 * one of its periods). Never makes one: 404 with the reason when none was generated yet.
 */
export async function currentStoredRentalDocument(
  ctx: AppContext,
  bookingId: number,
  periodId: number | null,
  type: RentalDocumentType,
): Promise<{ booking: BookingRow; doc: RentalDocumentRow }> {
  const booking = await findBookingOr404(ctx.db, bookingId);
  if (periodId !== null) await findPeriodOr404(ctx.db, booking.id, periodId);
  const doc = await latestRentalDocument(ctx.db, booking.id, periodId, type);
  if (!doc) throw notFound(M.notGeneratedYet);
  return { booking, doc };
}

/** One version of the booking's documents (GET …/documents/{docId}/view); 404 for another booking's. */
export async function storedRentalDocument(
  ctx: AppContext,
  bookingId: number,
  docId: number,
): Promise<{ booking: BookingRow; doc: RentalDocumentRow }> {
  const booking = await findBookingOr404(ctx.db, bookingId);
  const doc = await findRentalDocument(ctx.db, booking.id, docId);
  if (!doc) throw notFound(M.documentNotFound);
  return { booking, doc };
}

/** The stored PDF of a version; a file gone from the storage is 404. */
export async function readRentalDocumentPdf(ctx: AppContext, doc: RentalDocumentRow): Promise<Buffer> {
  const pdf = await readStoredFile(ctx.storage, doc.storagePath);
  if (!pdf) throw notFound(M.documentFileMissing);
  return pdf;
}

/** "INV-2026-000001.pdf", else "proforma-RNT-2026-000007-v2.pdf". */
export function rentalDocumentFileName(
  booking: Pick<BookingRow, 'bookingNumber'>,
  doc: Pick<RentalDocumentRow, 'documentType' | 'documentNumber' | 'version'>,
): string {
  const base = doc.documentNumber ?? `${doc.documentType}-${booking.bookingNumber}`;
  return `${base}${doc.version > 1 ? `-v${doc.version}` : ''}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
}
