import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PeriodDocumentsReply,
  PeriodDocumentType,
  RentalDocumentActionReply,
  RentalDocumentGeneratedReply,
  RentalDocumentHistoryReply,
  RentalDocumentsReply,
  RentalDocumentType,
} from '../../../../contracts/rental-documents';
import { http } from '../../../lib/http';

/**
 * Query keys of a booking's documents. Everything that changes what a document or the financial
 * summary shows (a payment, a period's items, the booking's status) should invalidate
 * `rentalDocumentKeys.all(bookingId)`.
 */
export const rentalDocumentKeys = {
  all: (bookingId: number) => ['rental-bookings', bookingId, 'documents'] as const,
  list: (bookingId: number) => ['rental-bookings', bookingId, 'documents', 'list'] as const,
  history: (bookingId: number, type: RentalDocumentType) =>
    ['rental-bookings', bookingId, 'documents', 'history', type] as const,
  period: (bookingId: number, periodId: number) =>
    ['rental-bookings', bookingId, 'documents', 'period', periodId] as const,
};

/** The viewer's addresses: server routes answering the stored PDF inline (spec 3 §2). */
export const rentalDocumentUrls = {
  current: (bookingId: number, type: RentalDocumentType) =>
    `/admin/rental-bookings/${bookingId}/documents/view/${type}`,
  version: (bookingId: number, docId: number) =>
    `/admin/rental-bookings/${bookingId}/documents/${docId}/view`,
  period: (bookingId: number, periodId: number, type: PeriodDocumentType) =>
    `/admin/rental-bookings/${bookingId}/periods/${periodId}/documents/view/${type}`,
};

/** GET /admin/rental-bookings/{id}/documents: documents, their status, invoices and the money. */
export function useRentalDocuments(bookingId: number) {
  return useQuery({
    queryKey: rentalDocumentKeys.list(bookingId),
    queryFn: ({ signal }) =>
      http.get<RentalDocumentsReply>(`/admin/rental-bookings/${bookingId}/documents`, undefined, signal),
  });
}

/** GET …/documents/{type}/history, read when the history is opened. */
export function useRentalDocumentHistory(bookingId: number, type: RentalDocumentType, enabled: boolean) {
  return useQuery({
    queryKey: rentalDocumentKeys.history(bookingId, type),
    queryFn: ({ signal }) =>
      http.get<RentalDocumentHistoryReply>(
        `/admin/rental-bookings/${bookingId}/documents/${type}/history`,
        undefined,
        signal,
      ),
    enabled,
  });
}

/** GET /admin/rental-bookings/{id}/periods/{periodId}/documents. */
export function usePeriodDocuments(bookingId: number, periodId: number) {
  return useQuery({
    queryKey: rentalDocumentKeys.period(bookingId, periodId),
    queryFn: ({ signal }) =>
      http.get<PeriodDocumentsReply>(
        `/admin/rental-bookings/${bookingId}/periods/${periodId}/documents`,
        undefined,
        signal,
      ),
  });
}

/** Generate a booking or period document, or e-mail a period's; each refreshes the documents. */
export function useRentalDocumentActions(bookingId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: rentalDocumentKeys.all(bookingId) });
  const generate = useMutation({
    mutationFn: (type: RentalDocumentType) =>
      http.post<RentalDocumentGeneratedReply>(`/admin/rental-bookings/${bookingId}/documents`, {
        document_type: type,
      }),
    onSuccess: refresh,
  });
  const generatePeriod = useMutation({
    mutationFn: ({ periodId, type }: { periodId: number; type: PeriodDocumentType }) =>
      http.post<RentalDocumentGeneratedReply>(
        `/admin/rental-bookings/${bookingId}/periods/${periodId}/documents`,
        { document_type: type },
      ),
    onSuccess: refresh,
  });
  const email = useMutation({
    mutationFn: ({ periodId, type }: { periodId: number; type: PeriodDocumentType }) =>
      http.post<RentalDocumentActionReply>(`/admin/api/rental-periods/${periodId}/send-document-email`, {
        document_type: type,
      }),
    onSettled: refresh,
  });
  return { generate, generatePeriod, email };
}
