import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AreaOrderProps } from '../../../contracts/customer-areas';
import { orderValueLabel } from '../../../domain/orders/labels';
import { displayDate, money as formatMoney } from '../../lib/format';
import { OrderedItemsTable, OrderTotalLines } from '../ordered-items-table';
import { AreaOrderActions } from './area-order-actions';
import { DeliveryBadge, PaymentBadge } from './area-orders-table';
import { AreaShell } from './area-shell';

/** /customer/order/{id}, /partner/order/{id}: one of the user's own orders (anyone else's is 404). */
export function AreaOrderPage({ role, order }: AreaOrderProps) {
  const money = (value: string) => formatMoney(value, order.currency_symbol);
  const due = Number(order.grand_total) - Number(order.amount_paid);
  return (
    <AreaShell role={role} section="orders">
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor href={`/${role}/orders`} size="sm">
            ← All orders
          </Anchor>
          <Title order={2}>Order {order.order_code}</Title>
          <Text c="dimmed">Placed {displayDate(order.created_at.slice(0, 10), 'DD/MM/YYYY')}</Text>
        </div>
        <AreaOrderActions role={role} order={order} size="sm" />
      </Group>
      <Group gap="xs">
        <PaymentBadge status={order.payment_status} />
        <DeliveryBadge status={order.delivery_status} />
      </Group>
      {order.status_reason && (
        <Alert color="gray" title={orderValueLabel(order.delivery_status)}>
          {order.status_reason}
        </Alert>
      )}
      <OrderedItemsTable items={order.items} money={money} />
      <Group align="flex-start" grow>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="xs">
            Delivery
          </Title>
          <Stack gap={4}>
            <Text size="sm">Shipping: {orderValueLabel(order.shipping_type)}</Text>
            {order.delivery_address && <Text size="sm">Address: {order.delivery_address}</Text>}
            {order.tracking_code && <Text size="sm">Tracking code: {order.tracking_code}</Text>}
            {order.payment_type && (
              <Text size="sm">Payment method: {orderValueLabel(order.payment_type)}</Text>
            )}
          </Stack>
        </Card>
        <OrderTotalLines order={order} money={money}>
          <Group justify="space-between">
            <Text>Paid</Text>
            <Text>{money(order.amount_paid)}</Text>
          </Group>
          {due > 0 && order.can_pay && (
            <Group justify="space-between">
              <Text fw={600}>Due</Text>
              <Text fw={600}>{money(due.toFixed(2))}</Text>
            </Group>
          )}
        </OrderTotalLines>
      </Group>
    </AreaShell>
  );
}

export default AreaOrderPage;
