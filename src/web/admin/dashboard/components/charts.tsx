import '@mantine/charts/styles.css';
import { AreaChart, DonutChart } from '@mantine/charts';
import { Box, Card, ColorSwatch, Group, Text, Title } from '@mantine/core';
import type { DashboardData } from '../../../../contracts/dashboard';
import { BREAKDOWN_STATUSES } from '../../../../domain/dashboard/dashboard-figures';
import { type DateFormat, formatIsoDate } from '../../../../domain/dates/date-format';
import { orderValueLabel } from '../../../../domain/orders/labels';
import { money } from '../../../lib/format';
import { paymentStatusColor } from '../../orders/list/order-badges';

/*
 * The dashboard's charts (issue 17), drawn with @mantine/charts (recharts underneath). This file is
 * imported only by the lazily loaded dashboard page, so the chart library and its styles stay out
 * of the admin's initial bundle (docs/decisions/0065). Each chart is a figure named by its caption;
 * the tables of the same figures ("Sales per day", "Payment status") are its text alternative.
 */

/** The period's sales per day as an area, oldest day first. */
export function SalesChart({ data, dateFormat }: { data: DashboardData; dateFormat: DateFormat }) {
  const symbol = data.currency.symbol;
  const days = data.salesOverview.selected_period_summary.days.map((d) => ({
    day: formatIsoDate(d.date, dateFormat),
    sales: Number(d.amount),
    orders: d.count,
  }));
  return (
    <Card withBorder padding="md" h="100%" component="section" aria-labelledby="dashboard-sales-chart">
      <Title order={3} size="h4" id="dashboard-sales-chart" mb="sm">
        Sales over the period
      </Title>
      <Box component="figure" m={0} aria-labelledby="dashboard-sales-chart-caption">
        <AreaChart
          h={260}
          data={days}
          dataKey="day"
          series={[{ name: 'sales', label: 'Sales', color: 'blue.6' }]}
          curveType="linear"
          valueFormatter={(value) => money(value, symbol)}
          yAxisProps={{ width: 90 }}
          xAxisProps={{ minTickGap: 24 }}
          gridAxis="x"
          withDots={days.length <= 31}
        />
        <Text component="figcaption" id="dashboard-sales-chart-caption" size="sm" c="dimmed" mt="xs">
          Sales per day, {days[0]?.day} to {days.at(-1)?.day}. Each day's figures are in the table "Sales per
          day" below.
        </Text>
      </Box>
    </Card>
  );
}

/** The period's orders by payment status as a donut, in the colours of the status badges. */
export function StatusChart({ data }: { data: DashboardData }) {
  const slices = BREAKDOWN_STATUSES.map((status) => ({
    name: orderValueLabel(status),
    value: data.paymentStatusBreakdown[status].count,
    color: `${paymentStatusColor(status)}.6`,
    percentage: data.paymentStatusBreakdown[status].percentage,
  }));
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  return (
    <Card withBorder padding="md" h="100%" component="section" aria-labelledby="dashboard-status-chart">
      <Title order={3} size="h4" id="dashboard-status-chart" mb="sm">
        Orders by status
      </Title>
      <Box component="figure" m={0} aria-labelledby="dashboard-status-chart-caption">
        {total === 0 ? (
          <Text c="dimmed" size="sm">
            No orders in this period.
          </Text>
        ) : (
          <Group gap="xl" wrap="wrap" justify="center">
            <DonutChart
              data={slices
                .filter((s) => s.value > 0)
                .map(({ name, value, color }) => ({ name, value, color }))}
              size={180}
              thickness={28}
              chartLabel={`${total} ${total === 1 ? 'order' : 'orders'}`}
              tooltipDataSource="segment"
              valueFormatter={(value) => `${value} ${value === 1 ? 'order' : 'orders'}`}
            />
            <Box component="ul" aria-hidden="true" p={0} m={0} style={{ listStyle: 'none' }}>
              {slices.map((s) => (
                <Group component="li" key={s.name} gap="xs" mb={6} wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${s.color.replace('.', '-')})`} size={12} />
                  <Text size="sm">
                    {s.name}: {s.value} ({s.percentage.toFixed(1)} %)
                  </Text>
                </Group>
              ))}
            </Box>
          </Group>
        )}
        <Text component="figcaption" id="dashboard-status-chart-caption" size="sm" c="dimmed" mt="xs">
          Share of the period's orders by payment status. The counts are in the table "Payment status".
        </Text>
      </Box>
    </Card>
  );
}
