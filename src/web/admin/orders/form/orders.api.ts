import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderProduct, VariantsBatchReply } from '../../../../contracts/catalogue';
import type {
  CustomerInput,
  CustomerReply,
  OrderFormInput,
  OrderReferenceDataReply,
  OrderReply,
  OrderSavedReply,
  OrderStockActionReply,
  OrderStockStatusReply,
  PaymentRecordReply,
} from '../../../../contracts/orders';
import type { ActivePickupPointsReply, PaymentMethodsReply } from '../../../../contracts/shop-setup';
import { http } from '../../../lib/http';
import { orderDocumentKeys } from '../panels/documents-and-link.api';

/** Query keys of the order form; every change to an order invalidates its `detail`. */
export const orderKeys = {
  all: ['orders'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  stock: (id: number) => ['orders', 'stock', id] as const,
  reference: ['orders', 'reference-data'] as const,
  products: (search: string, customerId: number | null) => ['order-products', search, customerId] as const,
  customers: (search: string) => ['order-customers', search] as const,
};

export type Currency = { id: number | null; code: string; name: string; symbol: string; is_default: boolean };

/** GET /api/orders/{id}. */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<{ data: OrderReply }>(`/api/orders/${id}`, undefined, signal),
    select: (reply) => reply.data,
    enabled: id !== null,
  });
}

/** GET /api/orders/form/reference-data: users, sellers, carriers, pickup points. */
export function useOrderReferenceData() {
  return useQuery({
    queryKey: orderKeys.reference,
    queryFn: ({ signal }) =>
      http.get<OrderReferenceDataReply>('/api/orders/form/reference-data', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 60_000,
  });
}

export function useActivePickupPoints() {
  return useQuery({
    queryKey: ['pickup-points', 'active'],
    queryFn: ({ signal }) =>
      http.get<ActivePickupPointsReply>('/api/pickup-points/active', undefined, signal),
    select: (reply) => reply.pickup_points,
    staleTime: 60_000,
  });
}

export function useActivePaymentMethods() {
  return useQuery({
    queryKey: ['payment-methods', 'active'],
    queryFn: ({ signal }) => http.get<PaymentMethodsReply>('/api/payment-methods/active', undefined, signal),
    select: (reply) => reply.payment_methods,
    staleTime: 60_000,
  });
}

export function useDefaultCurrency() {
  return useQuery({
    queryKey: ['currencies', 'default'],
    queryFn: ({ signal }) => http.get<Currency>('/api/currencies/default', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

export function useActiveCurrencies() {
  return useQuery({
    queryKey: ['currencies', 'active'],
    queryFn: ({ signal }) => http.get<{ data: Currency[] }>('/api/currencies/active', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /api/order-products?search (2 characters at least: spec 1 §5, §9), as the order's customer
 * sees and pays (a guest without one; issue 12).
 */
export function useOrderProducts(search: string, customerId: number | null) {
  return useQuery({
    queryKey: orderKeys.products(search, customerId),
    queryFn: ({ signal }) =>
      http.get<{ data: OrderProduct[] }>(
        '/api/order-products',
        customerId === null ? { search } : { search, customer_id: customerId },
        signal,
      ),
    select: (reply) => reply.data,
    enabled: search.trim().length >= 2,
  });
}

/** POST /api/products/variants/batch: the variants of the saved items' products, priced for the customer. */
export function fetchVariants(productIds: number[], customerId: number | null) {
  return http.post<VariantsBatchReply>('/api/products/variants/batch', {
    product_ids: productIds,
    customer_id: customerId,
  });
}

/** GET /api/customers?search= (debounced by the caller: 300 ms). */
export function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: orderKeys.customers(search),
    queryFn: ({ signal }) => http.get<{ data: CustomerReply[] }>('/api/customers', { search }, signal),
    select: (reply) => reply.data,
  });
}

export const customersApi = {
  create: (body: CustomerInput) =>
    http.post<{ message?: string; data: CustomerReply }>('/api/customers', body),
  update: (id: number, body: CustomerInput) =>
    http.put<{ message?: string; data: CustomerReply }>(`/api/customers/${id}/profile`, body),
  /** spec 1 §6: choosing a customer makes the server ensure the customer role. */
  ensureRole: (userId: number) =>
    http.post<{ success: boolean; data: { roles: string[] } }>(`/api/users/${userId}/ensure-customer-role`),
};

export type UpdateItemsReply = {
  message: string;
  order: { grand_total: string };
  stock_reversed: boolean;
  error_type?: string;
};

export const ordersApi = {
  /** The key makes a repeated Create take one order (DECISIONS 25). */
  create: (body: OrderFormInput, idempotencyKey: string) =>
    http.post<OrderSavedReply>('/admin/orders', body, { 'Idempotency-Key': idempotencyKey }),
  update: (id: number, body: OrderFormInput) => http.put<OrderSavedReply>(`/admin/orders/${id}`, body),
  updateItems: (id: number, body: { order_items_json: string; grand_total: string }) =>
    http.post<UpdateItemsReply>(`/admin/orders/${id}/update-items`, body),
  quickStatus: (id: number, body: { delivery_status: string; status_reason: string | null }) =>
    http.post<{ message: string; order: { delivery_status: string; status_reason: string | null } }>(
      `/api/orders/${id}/status`,
      body,
    ),
  /** The key makes a repeated Save record one payment (DECISIONS 25). */
  addPayment: (id: number, body: PaymentInput, idempotencyKey: string) =>
    http.post<{ message: string; payment?: PaymentRecordReply }>(`/admin/orders/${id}/add-payment`, body, {
      'Idempotency-Key': idempotencyKey,
    }),
  updatePayment: (paymentId: number, body: PaymentInput) =>
    http.put<{ message: string; payment?: PaymentRecordReply }>(`/admin/orders/payments/${paymentId}`, body),
  refundPayment: (paymentId: number, reason: string) =>
    http.post<{ message: string; payment: PaymentRecordReply }>(
      `/admin/orders/payments/${paymentId}/refund`,
      {
        reason,
      },
    ),
  stockStatus: (id: number, signal?: AbortSignal) =>
    http.get<OrderStockStatusReply>(`/api/orders/${id}/stock-status`, undefined, signal),
  stockAction: (id: number, action: StockAction) =>
    http.post<OrderStockActionReply>(`/api/orders/${id}/${action}`),
};

export type StockAction = 'deduct-stock' | 'deduct-stock-credit' | 'reset-stock-deduction';

export type PaymentInput = {
  payment_type: string;
  amount: string;
  payment_date: string;
  transaction_id: string | null;
  payment_details: string | null;
};

/** GET /api/orders/{id}/stock-status. */
export function useOrderStockStatus(id: number) {
  return useQuery({
    queryKey: orderKeys.stock(id),
    queryFn: ({ signal }) => ordersApi.stockStatus(id, signal),
    select: (reply) => reply.data,
  });
}

/**
 * After any change to an order: read it again in place, with what depends on it: its stock status,
 * which documents are available (a payment can make the invoice available) and the link status.
 */
export function useRefreshOrder(id: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: orderKeys.detail(id) }),
      ...dependentsOf(id).map((queryKey) => client.invalidateQueries({ queryKey })),
    ]);
}

const dependentsOf = (id: number) => [
  orderKeys.stock(id),
  orderDocumentKeys.documents(id),
  orderDocumentKeys.link(id),
];

/** Reads the order again now (query cache updated) and gives it back; its stock status too. */
export function useFetchFreshOrder() {
  const client = useQueryClient();
  return async (id: number): Promise<OrderReply> => {
    for (const queryKey of dependentsOf(id)) void client.invalidateQueries({ queryKey });
    const reply = await client.fetchQuery({
      queryKey: orderKeys.detail(id),
      queryFn: ({ signal }) => http.get<{ data: OrderReply }>(`/api/orders/${id}`, undefined, signal),
      staleTime: 0,
    });
    return reply.data;
  };
}

export function useStockAction(id: number) {
  const refresh = useRefreshOrder(id);
  return useMutation({
    mutationFn: (action: StockAction) => ordersApi.stockAction(id, action),
    onSuccess: () => refresh(),
  });
}
