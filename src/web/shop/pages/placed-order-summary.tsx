import { Card, Stack, Text, Title } from '@mantine/core';
import type { PlacedOrderView } from '../../../contracts/checkout';
import { money as formatMoney } from '../../lib/format';
import { OrderedItemsTable, OrderTotalLines } from '../ordered-items-table';

const PAYMENT_STATUS: Record<string, string> = {
  unpaid: 'Not paid yet',
  pending: 'Payment pending',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  refunded: 'Refunded',
};

const DELIVERY: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** A placed order as its buyer sees it: items, totals, payment and delivery. */
export function PlacedOrderSummary({ order }: { order: PlacedOrderView }) {
  const money = (value: string) => formatMoney(value, order.currency_symbol);
  return (
    <Stack gap="md">
      <OrderedItemsTable items={order.items} money={money} />
      <OrderTotalLines order={order} money={money} />
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Payment and delivery
        </Title>
        <Stack gap={4}>
          <Text>
            Payment: {order.payment_method_name ?? order.payment_type ?? '—'} ·{' '}
            <span data-testid="payment-status">
              {PAYMENT_STATUS[order.payment_status] ?? order.payment_status}
            </span>
            {order.card?.last4 && ` · ${order.card.brand ?? 'Card'} ending ${order.card.last4}`}
          </Text>
          {order.payment_status !== 'paid' && order.payment_instructions && (
            <Text size="sm" c="dimmed">
              {order.payment_instructions}
            </Text>
          )}
          <Text>
            Delivery: {DELIVERY[order.delivery_status] ?? order.delivery_status}
            {order.pickup_point
              ? ` · pick up at ${order.pickup_point.name}, ${order.pickup_point.address}`
              : order.delivery_address
                ? ` · to ${order.delivery_address}`
                : ''}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
