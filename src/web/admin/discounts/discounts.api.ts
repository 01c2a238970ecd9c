import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CategoryOption,
  DiscountListReply,
  DiscountRuleDeletedReply,
  DiscountRuleDetailReply,
  DiscountRuleSavedReply,
  ProductOption,
} from '../../../contracts/discounts';
import { SELECTOR_RESULTS } from '../../../contracts/discounts';
import { http } from '../../lib/http';

type Query = Record<string, string | number>;

/** Query keys of the discounts area: every change invalidates `all`. */
export const discountKeys = {
  all: ['discounts'] as const,
  list: (query: Query) => ['discounts', 'list', query] as const,
  detail: (id: number) => ['discounts', 'detail', id] as const,
  selector: (kind: SelectorKind, search: string, exclude: readonly number[]) =>
    ['discount-selector', kind, search, exclude.join(',')] as const,
};

/** GET /api/discounts (spec 2 §7, 10 per page). */
export function useDiscounts(query: Query) {
  return useQuery({
    queryKey: discountKeys.list(query),
    queryFn: ({ signal }) => http.get<DiscountListReply>('/api/discounts', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/discounts/{id}. */
export function useDiscount(id: number | null) {
  return useQuery({
    queryKey: discountKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<DiscountRuleDetailReply>(`/api/discounts/${id}`, undefined, signal),
    select: (reply) => reply.data,
    enabled: id !== null,
  });
}

/** POST /api/discounts (id null) or PUT /api/discounts/{id}: the whole rule. */
export function useSaveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null
        ? http.post<DiscountRuleSavedReply>('/api/discounts', body)
        : http.put<DiscountRuleSavedReply>(`/api/discounts/${id}`, body),
    onSuccess: (reply) => {
      client.setQueryData(discountKeys.detail(reply.data.id), { success: true, data: reply.data });
      return client.invalidateQueries({ queryKey: discountKeys.all });
    },
  });
}

/** DELETE /api/discounts/{id}. */
export function useDeleteDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<DiscountRuleDeletedReply>(`/api/discounts/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: discountKeys.all }),
  });
}

export type SelectorKind = 'products' | 'categories';
type OptionOf<K extends SelectorKind> = K extends 'products' ? ProductOption : CategoryOption;

/**
 * GET /api/discounts/selector/{products|categories}?search&per_page=10 (spec 2 §5, §7): only once
 * the (debounced) search has its 2 characters; chosen ids are left out by the server.
 */
export function useSelectorOptions<K extends SelectorKind>(
  kind: K,
  search: string,
  exclude: readonly number[],
  enabled: boolean,
) {
  return useQuery({
    queryKey: discountKeys.selector(kind, search, exclude),
    queryFn: ({ signal }) =>
      http.get<{ data: OptionOf<K>[] }>(
        `/api/discounts/selector/${kind}`,
        { search, per_page: SELECTOR_RESULTS, exclude: exclude.join(',') || undefined },
        signal,
      ),
    select: (reply) => reply.data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
