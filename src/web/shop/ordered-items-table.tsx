import { Card, Table } from '@mantine/core';

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
