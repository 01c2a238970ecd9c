import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJobReply } from '../../../contracts/jobs';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';

type Query = Record<string, string | number>;

export const jobKeys = {
  all: ['failed-jobs'] as const,
  list: (query: Query) => ['failed-jobs', 'list', query] as const,
};

/** GET /api/jobs?status=failed: newest failure first, 25 a page. */
export function useFailedJobs(query: Query) {
  return useQuery({
    queryKey: jobKeys.list(query),
    queryFn: ({ signal }) =>
      http.get<Paged<FailedJobReply>>('/api/jobs', { status: 'failed', page: query.page ?? 1 }, signal),
    placeholderData: keepPreviousData,
  });
}

type Changed = { success: true; message: string };

/** POST /api/jobs/{id}/retry and DELETE /api/jobs/{id}. */
export function useFailedJobChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: jobKeys.all });
  const retry = useMutation({
    mutationFn: (id: number) => http.post<Changed>(`/api/jobs/${id}/retry`),
    onSettled: refresh,
  });
  const discard = useMutation({
    mutationFn: (id: number) => http.delete<Changed>(`/api/jobs/${id}`),
    onSettled: refresh,
  });
  return { retry, discard };
}
