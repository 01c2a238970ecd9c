import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardReply, PendingStatsReply } from '../../../contracts/dashboard';
import type { DateRange } from '../../../domain/dashboard/dashboard-range';
import { http } from '../../lib/http';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  range: (range: DateRange) => ['dashboard', 'figures', range.from, range.to] as const,
  pending: ['dashboard', 'pending-users'] as const,
};

/** GET /api/admin/dashboard for a range (spec 3 §7); null while the custom range is not good. */
export function useDashboard(range: DateRange | null) {
  return useQuery({
    queryKey: dashboardKeys.range(range ?? ({ from: '', to: '' } as DateRange)),
    queryFn: ({ signal }) =>
      http.get<DashboardReply>(
        '/api/admin/dashboard',
        { date_from: range!.from, date_to: range!.to },
        signal,
      ),
    select: (reply) => reply.data,
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/users/pending-stats (spec 3 §7). */
export function usePendingUsers() {
  return useQuery({
    queryKey: dashboardKeys.pending,
    queryFn: ({ signal }) => http.get<PendingStatsReply>('/api/users/pending-stats', undefined, signal),
    select: (reply) => reply.data,
  });
}
