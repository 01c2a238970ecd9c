import { dashboardRangeQuery } from '../../../contracts/dashboard';
import { defineRoute } from '../../platform/http/define-route';
import { sendXlsxDownload } from '../../platform/xlsx/xlsx-stream';
import { exportDashboardStats } from './export-dashboard-stats';
import { pendingStats } from './pending-stats';
import { readDashboard } from './read-dashboard';

/** DECISIONS 1: the back-office dashboard and everything it reads. */
const auth = { permission: 'dashboard.view' } as const;

/** The admin dashboard's reads and its statistics export (spec 3 §7 "Dashboard and exports"). */
export const dashboardRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/admin/dashboard',
    auth,
    query: dashboardRangeQuery,
    handler: async ({ ctx, query }) => ({
      success: true as const,
      data: await readDashboard(ctx, query),
      error: null,
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/users/pending-stats',
    auth,
    handler: async ({ ctx }) => ({ data: await pendingStats(ctx) }),
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/dashboard/export-stats',
    auth,
    query: dashboardRangeQuery,
    handler: async ({ ctx, req, reply, query }) => {
      const download = await exportDashboardStats(ctx, query, (error) =>
        req.log.error({ err: error, request_id: req.id }, 'dashboard export failed'),
      );
      return sendXlsxDownload(reply, download);
    },
  }),
];
