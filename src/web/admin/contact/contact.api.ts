import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessageReply } from '../../../contracts/contact';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';

type Query = Record<string, string | number>;

export const contactKeys = {
  all: ['contact-messages'] as const,
  list: (query: Query) => ['contact-messages', 'list', query] as const,
};

/** GET /api/contact-messages: newest first, paged in SQL. */
export function useContactMessages(query: Query) {
  return useQuery({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => http.get<Paged<ContactMessageReply>>('/api/contact-messages', query, signal),
    placeholderData: keepPreviousData,
  });
}

type Changed = { success: true; message: string; data?: ContactMessageReply };

/** PATCH (read or unread) and DELETE /api/contact-messages/{id}. */
export function useContactMessageChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: contactKeys.all });
  const mark = useMutation({
    mutationFn: ({ id, is_read }: { id: number; is_read: boolean }) =>
      http.patch<Changed>(`/api/contact-messages/${id}`, { is_read }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<Changed>(`/api/contact-messages/${id}`),
    onSettled: refresh,
  });
  return { mark, remove };
}
