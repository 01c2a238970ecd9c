import { Card, SimpleGrid, Text } from '@mantine/core';
import type { SalesOverview } from '../../../../contracts/dashboard';
import { money } from '../../../lib/format';

function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** The sales overview of the range (spec 3 §3). */
export function StatCards({ overview, symbol }: { overview: SalesOverview; symbol: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
      <StatCard label="Orders" value={String(overview.total_orders)} />
      <StatCard label="Sales" value={money(overview.total_sales_amount, symbol)} />
      <StatCard label="Paid" value={money(overview.amount_paid, symbol)} />
      <StatCard label="Unpaid" value={money(overview.amount_unpaid, symbol)} />
      <StatCard label="Average order" value={money(overview.average_order_amount, symbol)} />
    </SimpleGrid>
  );
}
