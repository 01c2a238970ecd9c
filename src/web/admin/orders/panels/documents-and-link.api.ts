import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerLinkStatusReply,
  OrderDocumentActionReply,
  OrderDocumentGeneratedReply,
  OrderDocumentHistoryReply,
  OrderDocumentsReply,
  SendCustomerLinkReply,
} from '../../../../contracts/orders';
import type { DocumentType } from '../../../../domain/orders/documents-and-link';
import { http } from '../../../lib/http';

/** Query keys of an order's documents and customer link. */
export const orderDocumentKeys = {
  documents: (orderId: number) => ['orders', orderId, 'documents'] as const,
  history: (orderId: number, type: DocumentType) =>
    ['orders', orderId, 'documents', 'history', type] as const,
  link: (orderId: number) => ['orders', orderId, 'customer-link'] as const,
};

/** The URL of one stored version. */
export const storedDocumentUrl = (orderId: number, docId: number) =>
  `/admin/orders/${orderId}/documents/${docId}/view`;

/** GET /admin/orders/{id}/documents. */
export function useOrderDocuments(orderId: number) {
  return useQuery({
    queryKey: orderDocumentKeys.documents(orderId),
    queryFn: ({ signal }) =>
      http.get<OrderDocumentsReply>(`/admin/orders/${orderId}/documents`, undefined, signal),
  });
}

/** GET /admin/orders/{id}/documents/{type}/history, read when the list is opened. */
export function useDocumentHistory(orderId: number, type: DocumentType, enabled: boolean) {
  return useQuery({
    queryKey: orderDocumentKeys.history(orderId, type),
    queryFn: ({ signal }) =>
      http.get<OrderDocumentHistoryReply>(
        `/admin/orders/${orderId}/documents/${type}/history`,
        undefined,
        signal,
      ),
    enabled,
  });
}

/** Generate or view (and e-mail, delete) an order's documents; each refreshes the list. */
export function useDocumentActions(orderId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: orderDocumentKeys.documents(orderId) });
  /**
   * POST …/documents/{type}/generate: the current version (reused while the order is unchanged,
   * new when `fresh`); the viewer then shows that stored version. A refusal (422 not available,
   * 404) reaches the screen as an error before the viewer opens.
   */
  const prepare = useMutation({
    mutationFn: async ({ type, fresh }: { type: DocumentType; fresh: boolean }) => {
      const reply = await http.post<OrderDocumentGeneratedReply>(
        `/admin/orders/${orderId}/documents/${type}/generate`,
        { fresh },
      );
      if (reply.generated) {
        await refresh();
        await client.invalidateQueries({ queryKey: orderDocumentKeys.history(orderId, type) });
      }
      return reply.document_id;
    },
  });
  const email = useMutation({
    mutationFn: (type: DocumentType) =>
      http.post<OrderDocumentActionReply>(`/admin/orders/${orderId}/send-document-email`, {
        document_type: type,
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ docId }: { docId: number; type: DocumentType }) =>
      http.delete<OrderDocumentActionReply>(`/admin/orders/${orderId}/documents/${docId}`),
    onSuccess: (_reply, { type }) => {
      void refresh();
      void client.invalidateQueries({ queryKey: orderDocumentKeys.history(orderId, type) });
    },
  });
  return { prepare, email, remove };
}

/** spec 1 §9: the link status is read again every 30 s while the page is visible. */
export const LINK_REFRESH_MS = 30_000;

/** GET /admin/orders/{id}/customer-link-status. */
export function useCustomerLinkStatus(orderId: number | null) {
  return useQuery({
    queryKey: orderDocumentKeys.link(orderId ?? 0),
    queryFn: ({ signal }) =>
      http.get<CustomerLinkStatusReply>(`/admin/orders/${orderId}/customer-link-status`, undefined, signal),
    enabled: orderId !== null,
    refetchInterval: () => (document.visibilityState === 'visible' ? LINK_REFRESH_MS : false),
  });
}

/** POST /admin/orders/{id}/send-customer-link. */
export function useSendCustomerLink(orderId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<SendCustomerLinkReply>(`/admin/orders/${orderId}/send-customer-link`),
    onSettled: () => client.invalidateQueries({ queryKey: orderDocumentKeys.link(orderId ?? 0) }),
  });
}
