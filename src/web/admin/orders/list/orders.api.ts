import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderListRow } from '../../../../contracts/orders';
import type { Paged } from '../../../../domain/paging/paging';
import { http } from '../../../lib/http';

/** Query keys of the orders area: every order change invalidates `all`. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (query: Record<string, string | number>) => ['orders', 'list', query] as const,
};

export const ORDERS_URL = '/admin/orders';
export const ORDERS_EXPORT_URL = '/admin/orders/export';

/** GET /admin/orders (the list page is also its endpoint; spec 1 §7 "Lists"). */
export function useOrders(query: Record<string, string | number>) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => http.get<Paged<OrderListRow>>(ORDERS_URL, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /admin/orders/{id} → { message }. */
export function useDeleteOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`${ORDERS_URL}/${id}`),
    // A failed delete may mean someone else deleted it: show the list as it now is either way.
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
