import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardData } from '../../../../contracts/dashboard';
import { formatIsoDate } from '../../../../domain/dates/date-format';
import { displayDateTime, money } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { DeliveryStatusBadge, PaymentStatusBadge } from '../../orders/list/order-badges';

function OrderCode({ id, code, canOpen }: { id: number; code: string; canOpen: boolean }) {
  return canOpen ? (
    <Anchor component={Link} to={`/admin/orders/${id}/edit`} fw={600} size="sm">
      {code}
    </Anchor>
  ) : (
    <Text fw={600} size="sm" span>
      {code}
    </Text>
  );
}

/** spec 3 §3 recentActivity: the newest orders and payments, whatever the period. */
export function RecentActivity({ data, canOpenOrders }: { data: DashboardData; canOpenOrders: boolean }) {
  const { date_format, timezone } = useUiSettings();
  const symbol = data.currency.symbol;
  const { orders, payments } = data.recentActivity;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder padding="md" component="section" aria-labelledby="dashboard-recent-orders">
        <Title order={3} size="h4" id="dashboard-recent-orders" mb="sm">
          Recent orders
        </Title>
        {orders.length === 0 ? (
          <Text c="dimmed" size="sm">
            No orders yet.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {orders.map((o) => (
              <Group
                key={o.id}
                component="li"
                justify="space-between"
                align="flex-start"
                wrap="nowrap"
                gap="xs"
              >
                <Stack gap={2} miw={0}>
                  <OrderCode id={o.id} code={o.order_code} canOpen={canOpenOrders} />
                  <Text size="xs" c="dimmed">
                    {o.customer_name} · {displayDateTime(o.created_at, date_format, timezone)}
                  </Text>
                  <Group gap={6}>
                    <PaymentStatusBadge status={o.payment_status} />
                    <DeliveryStatusBadge status={o.delivery_status} />
                  </Group>
                </Stack>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {money(o.grand_total, symbol)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder padding="md" component="section" aria-labelledby="dashboard-recent-payments">
        <Title order={3} size="h4" id="dashboard-recent-payments" mb="sm">
          Recent payments
        </Title>
        {payments.length === 0 ? (
          <Text c="dimmed" size="sm">
            No payments yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {payments.map((p) => (
              <Group key={p.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0}>
                  <OrderCode id={p.order_id} code={p.order_code} canOpen={canOpenOrders} />
                  <Text size="xs" c="dimmed">
                    {p.label} · paid {formatIsoDate(p.payment_date, date_format)}
                  </Text>
                </Stack>
                <Text size="sm" fw={600}>
                  {money(p.amount, symbol)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </SimpleGrid>
  );
}
