import { Alert, Grid, Group, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../../contracts/dashboard';
import {
  type DashboardPreset,
  type DateRange,
  DEFAULT_DASHBOARD_PRESET,
  presetRange,
  rangeProblems,
} from '../../../domain/dashboard/dashboard-range';
import { formatIsoDate, type IsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import { useUiSettings } from '../../lib/ui-settings';
import { useLoadFailure } from '../../lib/use-load-failure';
import { ExportButton } from '../../ui/export-button';
import { LoadFailed } from '../../ui/load-failed';
import { PageHeader } from '../../ui/page-header';
import { can, useViewer } from '../session';
import { DailySales, PaymentMethods, StatusBreakdown } from './components/breakdowns';
import { SalesChart, StatusChart } from './components/charts';
import { PendingUsers } from './components/pending-users';
import { type RangeDraft, RangePicker } from './components/range-picker';
import { RecentActivity } from './components/recent-activity';
import { StatCards } from './components/stat-cards';
import { useDashboard } from './dashboard.api';

/**
 * The admin dashboard (spec 3 §1, §2, §3): the sales of a period (today by default, spec 3 §9),
 * its charts (issue 17), payment statistics, recent activity, pending users and the statistics export.
 */
export function DashboardPage() {
  const { data: viewer } = useViewer();
  const { timezone, date_format } = useUiSettings();
  // The shop's today, in its own time zone (system settings app_timezone).
  const today: IsoDate = isoDateInZone(new Date(), timezone);
  const [preset, setPreset] = useState<DashboardPreset>(DEFAULT_DASHBOARD_PRESET);
  const [custom, setCustom] = useState<RangeDraft>({ from: null, to: null });

  const fromPreset = presetRange(preset, today);
  const draft: RangeDraft = fromPreset ?? custom;
  const problems = fromPreset ? [] : rangeProblems(custom.from, custom.to);
  const range: DateRange | null = fromPreset ?? (problems.length === 0 ? (custom as DateRange) : null);

  const dashboard = useDashboard(range);
  useLoadFailure(dashboard.isError, DASHBOARD_MESSAGES.loadFailed);
  const data = dashboard.data;
  // A range of more than one day gets its sales per day, as a chart and as a table.
  const manyDays = (data?.salesOverview.selected_period_summary.days.length ?? 0) > 1;

  const shown = range ?? (data ? { from: data.date_from, to: data.date_to } : null);
  const period = shown
    ? shown.from === shown.to
      ? formatIsoDate(shown.from, date_format)
      : `${formatIsoDate(shown.from, date_format)} to ${formatIsoDate(shown.to, date_format)}`
    : '';

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome, ${viewer?.first_name ?? viewer?.full_name ?? ''}. Sales of ${period}.`}
        actions={
          range && (
            <ExportButton
              url="/admin/dashboard/export-stats"
              query={{ date_from: range.from, date_to: range.to }}
              fallbackName={`dashboard_statistics_${range.from}_${range.to}.xlsx`}
              label="Export statistics"
            />
          )
        }
      />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <RangePicker
            preset={preset}
            draft={draft}
            problems={problems}
            onPreset={(next) => {
              if (next === 'custom') setCustom(draft);
              setPreset(next);
            }}
            onDates={(next) => {
              setCustom(next);
              setPreset('custom');
            }}
          />
          {dashboard.isFetching && data && (
            <Loader size="sm" role="status" aria-label="Updating the figures" />
          )}
        </Group>

        {dashboard.isError ? (
          <LoadFailed
            title={DASHBOARD_MESSAGES.loadFailed}
            detail="The figures could not be read. Check the connection and try again."
            onRetry={() => dashboard.refetch()}
          />
        ) : !data ? (
          range && (
            <Group justify="center" py="xl">
              <Loader role="status" aria-label="Loading the dashboard" />
            </Group>
          )
        ) : (
          <>
            {data.salesOverview.total_orders === 0 && (
              <Alert color="gray" title="No sales in this period">
                No orders were placed between these dates. Choose another period to see its figures.
              </Alert>
            )}
            <StatCards overview={data.salesOverview} symbol={data.currency.symbol} />
            {/* The charts (issue 17); the tables below carry the same figures as text. */}
            <Grid gap="md">
              {manyDays && (
                <Grid.Col span={{ base: 12, lg: 8 }}>
                  <SalesChart data={data} dateFormat={date_format} />
                </Grid.Col>
              )}
              <Grid.Col span={{ base: 12, lg: manyDays ? 4 : 12 }}>
                <StatusChart data={data} />
              </Grid.Col>
            </Grid>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <StatusBreakdown data={data} />
              <PaymentMethods data={data} />
            </SimpleGrid>
            {manyDays && <DailySales data={data} dateFormat={date_format} />}
            <RecentActivity data={data} canOpenOrders={can(viewer, 'orders.view')} />
          </>
        )}
        <PendingUsers canManageUsers={can(viewer, 'users.manage')} />
      </Stack>
    </>
  );
}

export default DashboardPage;
