import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreditAccountView,
  CreditChangeView,
  CreditRequestView,
  CreditTransactionsPage,
  PartnerCreditRow,
  PartnerCreditSummary,
} from '../../../contracts/credit';
import type { Paged } from '../../../domain/paging/paging';
import { http, newIdempotencyKey, request } from '../../lib/http';

type Query = Record<string, string | number>;

export const creditKeys = {
  all: ['partner-credit'] as const,
  list: (query: Query) => ['partner-credit', 'list', query] as const,
  partner: (id: number) => ['partner-credit', 'partner', id] as const,
  transactions: (id: number, page: number) => ['partner-credit', 'transactions', id, page] as const,
};

/** GET /admin/api/partners: the partner credit page. */
export function usePartnersWithCredit(query: Query) {
  return useQuery({
    queryKey: creditKeys.list(query),
    queryFn: ({ signal }) => http.get<Paged<PartnerCreditRow>>('/admin/api/partners', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/api/partners/{id}?include_history=true (spec 3 §7). */
export function usePartnerCredit(id: number) {
  return useQuery({
    queryKey: creditKeys.partner(id),
    queryFn: ({ signal }) =>
      http.get<{ data: PartnerCreditSummary & { change_history?: CreditChangeView[] } }>(
        `/admin/api/partners/${id}`,
        { include_history: 'true' },
        signal,
      ),
  });
}

/** GET /admin/api/partners/{partnerId}/credit/transactions (20 per page). */
export function useCreditTransactions(id: number, page: number) {
  return useQuery({
    queryKey: creditKeys.transactions(id, page),
    queryFn: ({ signal }) =>
      http.get<{ data: CreditTransactionsPage }>(
        `/admin/api/partners/${id}/credit/transactions`,
        { page },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

type Saved = { success: true; message: string; data: CreditAccountView };

export type CreditAction =
  | { kind: 'add' | 'remove'; body: { amount: string; note: string } }
  | { kind: 'limit'; body: { credit_limit: string; note: string } }
  | { kind: 'status'; body: { status: string; note: string } };

/**
 * The credit writes (spec 3 §7). Each dialog makes one Idempotency-Key when it opens, so a double
 * click or a retry after a lost reply moves the money once (DECISIONS 25).
 */
export function useCreditAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, key }: { action: CreditAction; key: string }) => {
      const base = `/admin/api/partners/${id}/credit`;
      const headers = { 'Idempotency-Key': key };
      if (action.kind === 'add' || action.kind === 'remove')
        return http.post<Saved>(`${base}/${action.kind}`, action.body, headers);
      return request<Saved>(`${base}/${action.kind}`, { method: 'PUT', body: action.body, headers });
    },
    onSettled: () => client.invalidateQueries({ queryKey: creditKeys.all }),
  });
}

export { newIdempotencyKey };

/** GET /admin/api/credit-requests: every partner's requests, pending first (docs/decisions/0070). */
export function useCreditRequests(query: Query) {
  return useQuery({
    queryKey: [...creditKeys.all, 'requests', query] as const,
    queryFn: ({ signal }) =>
      http.get<{ data: Paged<CreditRequestView> }>('/admin/api/credit-requests', query, signal),
    placeholderData: keepPreviousData,
  });
}

export type CreditAnswer =
  | { kind: 'approve'; body: { amount: string; note: string } }
  | { kind: 'decline'; body: { reason: string } };

/** Approve (with one Idempotency-Key per opened dialog) or decline a credit request. */
export function useAnswerCreditRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer, key }: { id: number; answer: CreditAnswer; key: string }) =>
      http.post<{ success: true; message: string; data: CreditRequestView }>(
        `/admin/api/credit-requests/${id}/${answer.kind}`,
        answer.body,
        { 'Idempotency-Key': key },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: creditKeys.all }),
  });
}
