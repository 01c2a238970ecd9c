import { Box, Card, Progress, ScrollArea, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DashboardData } from '../../../../contracts/dashboard';
import { BREAKDOWN_STATUSES } from '../../../../domain/dashboard/dashboard-figures';
import { type DateFormat, formatIsoDate } from '../../../../domain/dates/date-format';
import { money } from '../../../lib/format';
import { PaymentStatusBadge } from '../../orders/list/order-badges';

function Share({ percentage, label }: { percentage: number; label: string }) {
  return (
    <Table.Td w={180}>
      <Text size="sm" span>
        {percentage.toFixed(1)} %
      </Text>
      <Progress
        value={percentage}
        size="sm"
        mt={4}
        aria-label={`${label}: ${percentage.toFixed(1)} percent`}
      />
    </Table.Td>
  );
}

/** spec 3 §3 paymentStatusBreakdown: paid, unpaid, partial, credit with count, amount, share. */
export function StatusBreakdown({ data }: { data: DashboardData }) {
  const symbol = data.currency.symbol;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="dashboard-statuses">
      <Title order={3} size="h4" id="dashboard-statuses" mb="sm">
        Payment status
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={100}>Status</Table.Th>
            <Table.Th ta="right">Orders</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Share of orders</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {BREAKDOWN_STATUSES.map((status) => {
            const entry = data.paymentStatusBreakdown[status];
            return (
              <Table.Tr key={status}>
                <Table.Td>
                  <PaymentStatusBadge status={status} />
                </Table.Td>
                <Table.Td ta="right">{entry.count}</Table.Td>
                <Table.Td ta="right">{money(entry.amount, symbol)}</Table.Td>
                <Share percentage={entry.percentage} label={status} />
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** spec 3 §3 paymentMethodStats: the range's completed payments by method. */
export function PaymentMethods({ data }: { data: DashboardData }) {
  const symbol = data.currency.symbol;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="dashboard-methods">
      <Title order={3} size="h4" id="dashboard-methods" mb="sm">
        Payments by method
      </Title>
      {data.paymentMethodStats.length === 0 ? (
        <Text c="dimmed" size="sm">
          No payments were recorded in this period.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Method</Table.Th>
              <Table.Th ta="right">Payments</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Share of amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.paymentMethodStats.map((m) => (
              <Table.Tr key={m.payment_type}>
                <Table.Td>{m.label}</Table.Td>
                <Table.Td ta="right">{m.count}</Table.Td>
                <Table.Td ta="right">{money(m.amount, symbol)}</Table.Td>
                <Share percentage={m.percentage} label={m.label} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** Sales per day of a range longer than a day, newest first, bars scaled to the best day. */
export function DailySales({ data, dateFormat }: { data: DashboardData; dateFormat: DateFormat }) {
  const days = [...data.salesOverview.selected_period_summary.days].reverse();
  const best = Math.max(...days.map((d) => Number(d.amount)), 0);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="dashboard-days">
      <Title order={3} size="h4" id="dashboard-days" mb="sm">
        Sales per day
      </Title>
      {/* Focusable, so the keyboard can scroll a long range (axe scrollable-region-focusable). */}
      <ScrollArea.Autosize
        mah={320}
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Sales per day, newest first' }}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th ta="right">Orders</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th w="40%">
                <VisuallyHidden>Bar</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Td>{formatIsoDate(d.date, dateFormat)}</Table.Td>
                <Table.Td ta="right">{d.count}</Table.Td>
                <Table.Td ta="right">{money(d.amount, data.currency.symbol)}</Table.Td>
                <Table.Td>
                  <Box
                    aria-hidden="true"
                    h={8}
                    bg="blue"
                    style={{ borderRadius: 4 }}
                    w={`${best > 0 ? (Number(d.amount) / best) * 100 : 0}%`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Card>
  );
}
