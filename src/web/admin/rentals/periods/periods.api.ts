import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentInfoReply, PeriodReply, PeriodsReply } from '../../../../contracts/rental-periods';
import { HttpError, http, request } from '../../../lib/http';
import { useRefreshBooking } from '../rentals.api';

type Reply<T> = { success: boolean; message: string; data: T };
type PeriodSaved = Reply<{ period: PeriodReply }>;

export const periodKeys = {
  all: ['rental-periods'] as const,
  booking: (bookingId: number) => ['rental-periods', 'booking', bookingId] as const,
  products: (search: string) => ['rental-periods', 'products', search] as const,
};

/** GET /admin/api/rental-periods/booking/{id}: the booking's periods with their totals. */
export function useBookingPeriods(bookingId: number) {
  return useQuery({
    queryKey: periodKeys.booking(bookingId),
    queryFn: ({ signal }) =>
      http.get<Reply<PeriodsReply>>(`/admin/api/rental-periods/booking/${bookingId}`, undefined, signal),
  });
}

/** GET …/{id}/payment-info: read when the payment modal opens, so it shows the balance of now. */
export function fetchPaymentInfo(periodId: number) {
  return http.get<Reply<PaymentInfoReply>>(`/admin/api/rental-periods/${periodId}/payment-info`);
}

/** Every write of the periods section; each answers the changed period and refreshes the list. */
export type PeriodAction =
  | { kind: 'create'; body: Record<string, unknown> }
  | { kind: 'item'; periodId: number; body: Record<string, unknown> }
  | { kind: 'service'; periodId: number; body: Record<string, unknown> }
  | { kind: 'notes'; periodId: number; body: Record<string, unknown> }
  | { kind: 'payment'; periodId: number; body: Record<string, unknown> }
  | { kind: 'dates'; periodId: number; body: Record<string, unknown> }
  | { kind: 'status'; periodId: number; body: { status: string } }
  | { kind: 'payment-link'; periodId: number }
  | { kind: 'copy-items'; periodId: number; body: { source_period_id: number } }
  | { kind: 'copy-services'; periodId: number; body: { source_period_id: number; service_type?: string } }
  | { kind: 'delete-item'; itemId: number }
  | { kind: 'delete-service'; serviceId: number }
  | { kind: 'delete-payment'; periodId: number; paymentId: number };

const BASE = '/admin/api/rental-periods';

function send(bookingId: number, action: PeriodAction): Promise<PeriodSaved> {
  switch (action.kind) {
    case 'create':
      return http.post(`${BASE}/booking/${bookingId}`, action.body);
    case 'item':
      return http.post(`${BASE}/${action.periodId}/items`, action.body);
    case 'service':
      return http.post(`${BASE}/${action.periodId}/services`, action.body);
    case 'notes':
      return http.post(`${BASE}/${action.periodId}/notes`, action.body);
    case 'payment':
      return http.post(`${BASE}/${action.periodId}/payments`, action.body);
    case 'dates':
      return http.put(`${BASE}/${action.periodId}/dates`, action.body);
    case 'status':
      return http.put(`${BASE}/${action.periodId}/status`, action.body);
    case 'payment-link':
      return http.post(`${BASE}/${action.periodId}/payment-link`);
    case 'copy-items':
      return http.post(`${BASE}/${action.periodId}/copy-items`, action.body);
    case 'copy-services':
      return http.post(`${BASE}/${action.periodId}/copy-services`, action.body);
    case 'delete-item':
      return http.delete(`${BASE}/items/${action.itemId}`);
    case 'delete-service':
      return http.delete(`${BASE}/services/${action.serviceId}`);
    case 'delete-payment':
      return http.delete(`${BASE}/${action.periodId}/payments/${action.paymentId}`);
  }
}

export function usePeriodAction(bookingId: number) {
  const refreshBooking = useRefreshBooking();
  return useMutation({
    mutationFn: (action: PeriodAction) => send(bookingId, action),
    // A period's payment or status moves the booking's paid amount, documents and summary too.
    onSettled: () => refreshBooking(bookingId),
  });
}

/** A rental product to add to a period, with its variants. */
export type RentalProductOption = {
  id: number;
  name: string;
  rental_price: string | number | null;
  is_variable_product: boolean;
  variations: { id: number; variant: string }[];
};

type ProductRow = {
  id: number;
  name: string;
  rental_price?: string | number | null;
  is_variable_product?: boolean;
  is_rental_product?: boolean;
  variations?: { id: number; variant: string }[];
};

/**
 * Product search for the product modal (spec 3 §5: at least 2 characters): GET
 * /api/rental-products?simple_list=true&search; while that route is not there, the catalogue's
 * own list filtered to rental products, whose variants are read when one is chosen.
 */
export function useRentalProductSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: periodKeys.products(term),
    enabled: term.length >= 2,
    queryFn: async ({ signal }): Promise<RentalProductOption[]> => {
      let rows: ProductRow[];
      try {
        rows = (
          await http.get<{ data: ProductRow[] }>(
            '/api/rental-products',
            { simple_list: 'true', search: term },
            signal,
          )
        ).data;
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 404) throw error;
        rows = (
          await http.get<{ data: ProductRow[] }>('/admin/products', { search: term, per_page: 20 }, signal)
        ).data.filter((row) => row.is_rental_product !== false);
      }
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        rental_price: row.rental_price ?? null,
        is_variable_product: row.is_variable_product ?? false,
        variations: row.variations ?? [],
      }));
    },
  });
}

/** The variants of a variable product whose search row did not carry them (GET /api/products/{id}). */
export function useProductVariants(product: RentalProductOption | null) {
  return useQuery({
    queryKey: ['rental-periods', 'variants', product?.id ?? 0],
    enabled: Boolean(product?.is_variable_product && product.variations.length === 0),
    queryFn: ({ signal }) =>
      request<{ variations: { id: number; variant: string }[] }>(`/api/products/${product!.id}`, { signal }),
  });
}
