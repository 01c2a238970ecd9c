import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentMethodDetailReply,
  PaymentMethodSavedReply,
  PaymentMethodStatus,
  PaymentMethodsMessageReply,
  PaymentMethodsReply,
  PickupPointDeletedReply,
  PickupPointInput,
  PickupPointReply,
  PickupPointSavedReply,
} from '../../../contracts/shop-setup';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';
import { uploadWithProgress } from '../../lib/transfer';

type Query = Record<string, string | number>;

/** Query keys of shop setup: every change invalidates its area. */
export const shopSetupKeys = {
  pickupPoints: ['pickup-points'] as const,
  pickupPointList: (query: Query) => ['pickup-points', 'list', query] as const,
  paymentMethods: ['payment-methods'] as const,
  paymentMethodList: ['payment-methods', 'list'] as const,
  paymentMethod: (id: number) => ['payment-methods', 'detail', id] as const,
};

// Pickup points ----------------------------------------------------------------------------------

/** GET /api/pickup-points (10 per page, spec 2 §9). */
export function usePickupPoints(query: Query) {
  return useQuery({
    queryKey: shopSetupKeys.pickupPointList(query),
    queryFn: ({ signal }) => http.get<Paged<PickupPointReply>>('/api/pickup-points', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/pickup-points, PUT and DELETE /api/pickup-points/{id}. */
export function usePickupPointChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: shopSetupKeys.pickupPoints });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PickupPointInput }) =>
      id === null
        ? http.post<PickupPointSavedReply>('/api/pickup-points', body)
        : http.put<PickupPointSavedReply>(`/api/pickup-points/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<PickupPointDeletedReply>(`/api/pickup-points/${id}`),
    onSuccess: refresh,
  });
  return { save, remove };
}

// Payment methods --------------------------------------------------------------------------------

/** GET /api/payment-methods: every method in display order. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: shopSetupKeys.paymentMethodList,
    queryFn: ({ signal }) => http.get<PaymentMethodsReply>('/api/payment-methods', undefined, signal),
    select: (reply) => reply.payment_methods,
  });
}

/** GET /api/payment-methods/{id}. */
export function usePaymentMethod(id: number | null) {
  return useQuery({
    queryKey: shopSetupKeys.paymentMethod(id ?? 0),
    queryFn: ({ signal }) =>
      http.get<PaymentMethodDetailReply>(`/api/payment-methods/${id}`, undefined, signal),
    select: (reply) => reply.payment_method,
    enabled: id !== null,
    // A form shows what is stored now, not a cached copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST /api/payment-methods or POST /api/payment-methods/{id} with _method=PUT: a multipart form
 * (icon file, configuration as JSON text, spec 2 §7), sent with upload progress.
 */
export function useSavePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      form,
      onProgress,
    }: {
      id: number | null;
      form: FormData;
      onProgress: (percent: number) => void;
    }) => {
      if (id !== null) form.set('_method', 'PUT');
      return uploadWithProgress<PaymentMethodSavedReply>(
        id === null ? '/api/payment-methods' : `/api/payment-methods/${id}`,
        form,
        onProgress,
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: shopSetupKeys.paymentMethods }),
  });
}

/** POST /api/payment-methods/{id}/status, DELETE /api/payment-methods/{id}, POST /api/payment-methods/order. */
export function usePaymentMethodChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: shopSetupKeys.paymentMethods });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: PaymentMethodStatus }) =>
      http.post<PaymentMethodSavedReply>(`/api/payment-methods/${id}/status`, { status }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<PaymentMethodsMessageReply>(`/api/payment-methods/${id}`),
    onSuccess: refresh,
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      http.post<PaymentMethodsMessageReply>('/api/payment-methods/order', {
        orders: ids.map((id, index) => ({ id, display_order: index + 1 })),
      }),
    onSettled: refresh,
  });
  return { setStatus, remove, reorder };
}
