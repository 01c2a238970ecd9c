import { Card, Divider, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type OrderedItem = {
  name: string;
  variant: string | null;
  quantity: number;
  price: string;
  line_total: string;
};

/** An order's lines as its buyer sees them (order confirmation, payment page, the areas' order). */
export function OrderedItemsTable({
  items,
  money,
}: {
  items: readonly OrderedItem[];
  money: (value: string) => string;
}) {
  return (
    <Card withBorder padding={0}>
      <Table verticalSpacing="sm" aria-label="Ordered items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines have no id of their own here
            <Table.Tr key={index}>
              <Table.Td>{item.variant ? `${item.name} (${item.variant})` : item.name}</Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{money(item.price)}</Table.Td>
              <Table.Td ta="right">{money(item.line_total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** An order's money lines as its buyer sees them: items, tax, shipping, any discount, the total. */
export function OrderTotalLines({
  order,
  money,
  children,
}: {
  order: {
    items_total: string;
    vat_total: string;
    shipping_cost: string;
    discount_total?: string;
    grand_total: string;
  };
  money: (value: string) => string;
  /** Lines under the total (what was paid, what is due). */
  children?: ReactNode;
}) {
  const line = (label: string, value: string) => (
    <Group justify="space-between">
      <Text>{label}</Text>
      <Text>{value}</Text>
    </Group>
  );
  return (
    <Card withBorder padding="lg">
      <Stack gap={6}>
        {line('Items', money(order.items_total))}
        {line('Tax', money(order.vat_total))}
        {line('Shipping', money(order.shipping_cost))}
        {order.discount_total !== undefined &&
          Number(order.discount_total) > 0 &&
          line('Discount', `-${money(order.discount_total)}`)}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="order-total">
            {money(order.grand_total)}
          </Text>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
