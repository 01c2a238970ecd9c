import { Divider, Group, Text } from '@mantine/core';

/** A cart line as both checkouts summarise it. */
export type SummaryLine = {
  id: number;
  quantity: number;
  name: string;
  variant: string | null;
  subtotal: number;
};

/**
 * The lines of "Your order" on both checkouts: each cart line with its subtotal, then the subtotal
 * and the tax; the page adds its own rows below (shipping, the total, the credit's balance).
 */
export function OrderSummaryLines({
  items,
  subtotal,
  tax,
  money,
  lineTestId,
}: {
  items: readonly SummaryLine[];
  subtotal: number;
  tax: number;
  money: (value: number) => string;
  lineTestId: string;
}) {
  return (
    <>
      {items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" data-testid={lineTestId}>
          <Text size="sm">
            {item.quantity} × {item.variant ? `${item.name} (${item.variant})` : item.name}
          </Text>
          <Text size="sm">{money(item.subtotal)}</Text>
        </Group>
      ))}
      <Divider my="xs" />
      <Group justify="space-between">
        <Text>Subtotal</Text>
        <Text>{money(subtotal)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>Tax</Text>
        <Text>{money(tax)}</Text>
      </Group>
    </>
  );
}
