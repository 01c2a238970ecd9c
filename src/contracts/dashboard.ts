import { z } from 'zod';
import type { BreakdownEntry, BreakdownStatus } from '../domain/dashboard/dashboard-figures';
import { rangeProblems } from '../domain/dashboard/dashboard-range';

/** spec 3 §8, word for word. */
export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load dashboard data',
  initFailed: 'Failed to initialize dashboard',
  exportFailed: 'Export failed. Please try again.',
} as const;

const optionalText = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().max(40).optional(),
);

/**
 * GET /api/admin/dashboard and /admin/dashboard/export-stats (spec 3 §7): `date_from` and
 * `date_to` as YYYY-MM-DD days of the shop's time zone, both or neither (neither: today, spec 3 §9).
 * The range's rules and messages are src/domain/dashboard (docs/decisions/0065).
 */
export const dashboardRangeQuery = z
  .object({ date_from: optionalText, date_to: optionalText })
  .superRefine((q, check) => {
    if (q.date_from === undefined && q.date_to === undefined) return;
    for (const problem of rangeProblems(q.date_from, q.date_to))
      check.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type DashboardRangeQuery = z.output<typeof dashboardRangeQuery>;

export type MoneyText = string;

export type DashboardDay = { date: string; count: number; amount: MoneyText };

export type SalesOverview = {
  total_orders: number;
  total_sales_amount: MoneyText;
  amount_paid: MoneyText;
  amount_unpaid: MoneyText;
  average_order_amount: MoneyText;
  selected_period_summary: {
    date_from: string;
    date_to: string;
    count: number;
    amount: MoneyText;
    /** Every day of the range, empty days included. */
    days: DashboardDay[];
  };
};

export type PaymentMethodStat = {
  payment_type: string;
  label: string;
  count: number;
  amount: MoneyText;
  /** Share of the range's payments by amount, one decimal. */
  percentage: number;
};

export type RecentOrder = {
  id: number;
  order_code: string;
  customer_name: string;
  grand_total: MoneyText;
  payment_status: string;
  delivery_status: string;
  created_at: string;
};

export type RecentPayment = {
  id: number;
  order_id: number;
  order_code: string;
  payment_type: string;
  label: string;
  amount: MoneyText;
  payment_date: string;
  created_at: string;
};

export type DashboardData = {
  date_from: string;
  date_to: string;
  salesOverview: SalesOverview;
  paymentMethodStats: PaymentMethodStat[];
  paymentStatusBreakdown: Record<BreakdownStatus, BreakdownEntry>;
  recentActivity: { orders: RecentOrder[]; payments: RecentPayment[] };
  currency: { symbol: string; code: string };
};

/** GET /api/admin/dashboard (spec 3 §7): success, data, error. */
export type DashboardReply = { success: true; data: DashboardData; error: null };

export type PendingUser = {
  id: number;
  full_name: string;
  email: string;
  roles: string[];
  created_at: string;
};

/** GET /api/users/pending-stats (spec 3 §3, §7; docs/decisions/0065 says who is pending). */
export type PendingStatsReply = {
  data: { pending_count: number; recent_pending_count: number; pending_users: PendingUser[] };
};
