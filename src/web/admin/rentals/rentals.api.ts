import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingListRow,
  BookingReply,
  BookingStatus,
  PaymentType,
  RentalReply,
} from '../../../contracts/rentals';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';

/** Query keys of the rental bookings area; every change to a booking invalidates its `detail`. */
export const rentalKeys = {
  all: ['rental-bookings'] as const,
  list: (query: Record<string, string | number>) => ['rental-bookings', 'list', query] as const,
  detail: (id: number) => ['rental-bookings', 'detail', id] as const,
  stock: (id: number) => ['rental-bookings', 'stock', id] as const,
  products: (search: string) => ['rental-products', search] as const,
  pickupPoints: ['checkout', 'pickup-points'] as const,
};

/**
 * The admin rental side answers `{success, message, errors, data}` (spec 3 §8); a reply that is
 * already the record (an older route, a plain list) is taken as it is.
 */
export function unwrap<T>(reply: RentalReply<T> | T, isRecord: (value: unknown) => boolean): T {
  if (isRecord(reply)) return reply as T;
  return (reply as RentalReply<T>).data;
}

const isBooking = (value: unknown) =>
  typeof value === 'object' && value !== null && 'booking_number' in value && 'rental_items' in value;
const isPaged = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { data?: unknown }).data) &&
  'current_page' in value;

/** GET /api/rental/admin-bookings?page&status&search: 25 a page (spec 3 §9). */
export function useRentalBookings(query: Record<string, string | number>) {
  return useQuery({
    queryKey: rentalKeys.list(query),
    queryFn: async ({ signal }) => {
      const reply = await http.get<
        | Paged<BookingListRow>
        | RentalReply<Paged<BookingListRow>>
        | (Paged<BookingListRow> & { pagination?: Omit<Paged<BookingListRow>, 'data'> })
      >('/api/rental/admin-bookings', query, signal);
      return pagedOf(reply);
    },
    placeholderData: keepPreviousData,
  });
}

/** The list's page in the house shape, whichever way the route writes it (spec 3 §7 "data, pagination"). */
export function pagedOf(reply: unknown): Paged<BookingListRow> {
  if (isPaged(reply)) return reply as Paged<BookingListRow>;
  const outer = reply as { data?: unknown; pagination?: Omit<Paged<BookingListRow>, 'data'> };
  if (isPaged(outer.data)) return outer.data as Paged<BookingListRow>;
  const rows = Array.isArray(outer.data) ? (outer.data as BookingListRow[]) : [];
  const p = outer.pagination;
  return {
    data: rows,
    current_page: p?.current_page ?? 1,
    last_page: p?.last_page ?? 1,
    per_page: p?.per_page ?? 25,
    total: p?.total ?? rows.length,
    from: p?.from ?? (rows.length > 0 ? 1 : null),
    to: p?.to ?? (rows.length > 0 ? rows.length : null),
  } as Paged<BookingListRow>;
}

export async function fetchBooking(id: number, signal?: AbortSignal): Promise<BookingReply> {
  const reply = await http.get<RentalReply<BookingReply> | BookingReply>(
    `/api/rental-bookings/${id}`,
    undefined,
    signal,
  );
  return unwrap(reply, isBooking);
}

/** GET /api/rental-bookings/{id}: the booking the editor loads (spec 3 §7). */
export function useBooking(id: number | null) {
  return useQuery({
    queryKey: rentalKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchBooking(id as number, signal),
    enabled: id !== null,
    retry: false,
  });
}

/**
 * Reads the booking again after a change made by one of the page's sections, with everything
 * computed from it: its periods, deposit, documents and financial summary.
 */
export function useRefreshBooking() {
  const client = useQueryClient();
  return (id: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: rentalKeys.detail(id) }),
      client.invalidateQueries({ queryKey: rentalKeys.stock(id) }),
      client.invalidateQueries({ queryKey: ['rental-bookings', 'list'] }),
      client.invalidateQueries({ queryKey: ['rental-bookings', id] }),
      client.invalidateQueries({ queryKey: ['rental-periods', 'booking', id] }),
      client.invalidateQueries({ queryKey: ['rental-deposit', id] }),
    ]);
}

export type RentalProductOption = {
  id: number;
  name: string;
  rental_price: string | number | null;
  is_variable_product?: boolean;
  variations?: { id: number; variant: string; qty?: number; rental_price?: string | number | null }[];
};

/** GET /api/rental-products?simple_list=true&search: only from 2 characters (spec 3 §5). */
export function useRentalProducts(search: string) {
  return useQuery({
    queryKey: rentalKeys.products(search),
    queryFn: async ({ signal }) => {
      const reply = await http.get<{ data: RentalProductOption[] } | RentalProductOption[]>(
        '/api/rental-products',
        { simple_list: 'true', search },
        signal,
      );
      return Array.isArray(reply) ? reply : reply.data;
    },
    enabled: search.trim().length >= 2,
    staleTime: 30_000,
  });
}

export type CheckoutPickupPoint = {
  id: number;
  name: string;
  address: string;
  service_fee: string | number;
  operating_hours?: string | null;
};

/** GET /api/checkout/pickup-points: pickup_points (spec 3 §7). */
export function usePickupPoints() {
  return useQuery({
    queryKey: rentalKeys.pickupPoints,
    queryFn: ({ signal }) =>
      http.get<{ pickup_points: CheckoutPickupPoint[] }>('/api/checkout/pickup-points', undefined, signal),
    select: (reply) => reply.pickup_points,
    staleTime: 60_000,
  });
}

export type StockStatusReply = {
  stock_management_enabled?: boolean;
  stock_deducted_at: string | null;
  items: {
    product_id: number;
    product_stock_id?: number | null;
    name?: string;
    quantity?: number;
    /** Whether the booking holds this item's units now. */
    deducted?: boolean;
    current_stock?: number;
    period_number: number | null;
  }[];
};

/** GET /api/rental-bookings/{id}/stock-status: data.items (spec 3 §7). */
export function useBookingStockStatus(id: number) {
  return useQuery({
    queryKey: rentalKeys.stock(id),
    queryFn: async ({ signal }) => {
      const reply = await http.get<RentalReply<StockStatusReply>>(
        `/api/rental-bookings/${id}/stock-status`,
        undefined,
        signal,
      );
      return reply.data;
    },
    retry: false,
  });
}

export type SavedBookingReply = RentalReply<
  Partial<BookingReply> & { id?: number; status: BookingStatus; status_badge: string }
>;

/** The booking's writes (spec 3 §7 "Rental bookings (admin)"). */
export const rentalsApi = {
  create: (body: unknown) => http.post<SavedBookingReply>('/admin/rental-bookings', body),
  update: (id: number, body: unknown) => http.put<SavedBookingReply>(`/admin/rental-bookings/${id}`, body),
  deliveryMethod: (
    id: number,
    body: { delivery_method: 'delivery' | 'pickup'; pickup_point_id: number | null },
  ) => http.post<RentalReply<unknown>>(`/admin/rental-bookings/${id}/delivery-method`, body),
  deliveryAddress: (id: number, body: { delivery_address: string }) =>
    http.post<RentalReply<unknown>>(`/admin/rental-bookings/${id}/delivery-address`, body),
  customer: (id: number, body: { user_id: number | null }) =>
    http.post<RentalReply<unknown>>(`/admin/rental-bookings/${id}/customer`, body),
  serviceFee: (
    id: number,
    body: { name: string; amount?: string; applicationType?: string; description?: string; remove?: boolean },
  ) =>
    http.post<
      RentalReply<{
        additional_services?: BookingReply['additional_services'];
        total_estimated_cost?: string;
      }>
    >(`/admin/rental-bookings/${id}/service-fees`, body),
  status: (id: number, body: { status: BookingStatus; status_reason: string | null }) =>
    http.post<RentalReply<{ status: BookingStatus; status_badge: string }>>(
      `/api/rental/bookings/${id}/status`,
      body,
    ),
  addPayment: (id: number, body: PaymentBody, idempotencyKey: string) =>
    http.post<RentalReply<unknown>>(`/admin/rental-bookings/${id}/payments`, body, {
      'Idempotency-Key': idempotencyKey,
    }),
  updatePayment: (id: number, paymentId: number, body: PaymentBody) =>
    http.put<RentalReply<unknown>>(`/admin/rental-bookings/${id}/payments/${paymentId}`, body),
  deletePayment: (id: number, paymentId: number) =>
    http.delete<RentalReply<unknown>>(`/admin/rental-bookings/${id}/payments/${paymentId}`),
};

export type PaymentBody = {
  payment_type: PaymentType;
  amount: string;
  payment_date: string;
  transaction_id: string;
  payment_details: string;
};

type CurrencyRow = { symbol: string; code: string; is_default?: boolean };
/** spec 3 §9: "$" and USD until the shop's currency is known. */
export const FALLBACK_CURRENCY: CurrencyRow = { symbol: '$', code: 'USD' };

/**
 * The currency the booking screens show (spec 3 §7): GET /api/currencies/default, else the
 * default among GET /api/currencies/active, else a dollar sign and USD.
 */
export function useRentalCurrency(): CurrencyRow {
  const currency = useQuery({
    queryKey: ['currencies', 'rental-display'],
    queryFn: async ({ signal }) => {
      try {
        return await http.get<CurrencyRow>('/api/currencies/default', undefined, signal);
      } catch {
        const active = await http.get<{ data: CurrencyRow[] }>('/api/currencies/active', undefined, signal);
        return active.data.find((c) => c.is_default) ?? FALLBACK_CURRENCY;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  return currency.data?.symbol ? currency.data : FALLBACK_CURRENCY;
}
