import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { AreaOrderSummary } from '../../../contracts/customer-areas';
import { orderValueLabel } from '../../../domain/orders/labels';
import { displayDate, money } from '../../lib/format';
import { AreaOrderActions } from './area-order-actions';

const PAYMENT_COLOURS: Record<string, string> = { paid: 'green', partial: 'yellow', unpaid: 'orange' };

export function PaymentBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={PAYMENT_COLOURS[status] ?? 'gray'}>
      {orderValueLabel(status)}
    </Badge>
  );
}

export function DeliveryBadge({ status }: { status: string }) {
  return (
    <Badge variant="outline" color={status === 'cancelled' || status === 'failed' ? 'red' : 'blue'}>
      {orderValueLabel(status)}
    </Badge>
  );
}

/** The area's orders: code (to the detail), date, items, total, statuses and the actions. */
export function AreaOrdersTable({
  role,
  orders,
  caption,
}: {
  role: string;
  orders: AreaOrderSummary[];
  caption: string;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Items</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Payment</Table.Th>
            <Table.Th>Delivery</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor href={`/${role}/order/${o.id}`} fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {o.order_code}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {displayDate(o.created_at.slice(0, 10), 'DD/MM/YYYY')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{o.items_count}</Table.Td>
              <Table.Td ta="right">{money(o.grand_total, o.currency_symbol)}</Table.Td>
              <Table.Td>
                <PaymentBadge status={o.payment_status} />
              </Table.Td>
              <Table.Td>
                <DeliveryBadge status={o.delivery_status} />
              </Table.Td>
              <Table.Td>
                <AreaOrderActions role={role} order={o} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
