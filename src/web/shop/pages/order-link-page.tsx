import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { OrderLinkGateProps, OrderLinkView } from '../../../contracts/orders';
import { orderValueLabel } from '../../../domain/orders/labels';
import { displayDate, money as formatMoney } from '../../lib/format';
import { HttpError, http } from '../../lib/http';
import { themedButton } from '../shop-layout';
import { ProblemAlert } from './problem-alert';

const viewsLeft = (uses: number, expiresAt: string) =>
  `This link can be opened ${uses} more ${uses === 1 ? 'time' : 'times'} until ${displayDate(expiresAt.slice(0, 10), 'DD/MM/YYYY')}.`;

/**
 * GET /order-link/{token}: the button that opens the order. Opening spends one of the link's views
 * (a POST), so a mail scanner or a link preview that fetches the page spends nothing and sees no
 * order data (docs/decisions/0032).
 */
export function OrderLinkGatePage({ token, uses_remaining, expires_at }: OrderLinkGateProps) {
  const [view, setView] = useState<OrderLinkView | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (view) return <OrderLinkPage {...view} />;
  const open = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const reply = await http.post<{ data: OrderLinkView }>(`/order-link/${encodeURIComponent(token)}`);
      setView(reply.data);
    } catch (error) {
      setProblem(error instanceof HttpError ? error.message : 'Network error. Please try again.');
      setBusy(false);
    }
  };
  return (
    <Stack gap="md" maw={520}>
      <Title order={2}>Your order</Title>
      <Text>The shop sent you this link to see your order and pay what is due.</Text>
      <ProblemAlert problem={problem} />
      <Group>
        <Button onClick={open} loading={busy} style={themedButton} data-testid="order-link-open">
          Open my order
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {viewsLeft(uses_remaining, expires_at)}
      </Text>
    </Stack>
  );
}

/**
 * The customer order link (DECISIONS 11): the order as the customer sees it, opened from the
 * e-mailed link without signing in, with "Pay now" to the shop's payment page while something is
 * due (the link's token opens that page too).
 */
export function OrderLinkPage(props: OrderLinkView) {
  const money = (value: number) => formatMoney(value, props.currency_symbol);
  const paid = props.amount_due <= 0;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Order {props.order_code}</Title>
        <Text c="dimmed">
          {props.customer_name ? `${props.customer_name} · ` : ''}
          Placed {displayDate(props.created_at.slice(0, 10), 'DD/MM/YYYY')}
        </Text>
      </div>
      <Group gap="xs">
        <Badge variant="light" color={paid ? 'green' : 'orange'}>
          Payment: {orderValueLabel(props.payment_status)}
        </Badge>
        <Badge variant="light">Delivery: {orderValueLabel(props.delivery_status)}</Badge>
      </Group>
      <Card withBorder>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Unit price</Table.Th>
              {/* A line's total is what it adds to the order: with its VAT when the order has VAT. */}
              <Table.Th ta="right">{props.vat_total > 0 ? 'Total incl. VAT' : 'Total'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {item.name}
                  {item.variant ? ` (${item.variant})` : ''}
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{money(item.unit_price)}</Table.Td>
                <Table.Td ta="right">{money(item.line_total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={4} mt="md" align="flex-end">
          <Text size="sm">Items: {money(props.items_total)}</Text>
          <Text size="sm">VAT: {money(props.vat_total)}</Text>
          <Text size="sm">Shipping: {money(props.shipping_cost)}</Text>
          {props.discount_total > 0 && <Text size="sm">Discount: -{money(props.discount_total)}</Text>}
          <Text fw={700}>Grand total: {money(props.grand_total)}</Text>
          <Text size="sm">Paid: {money(props.amount_paid)}</Text>
          <Text fw={700}>Amount due: {money(props.amount_due)}</Text>
        </Stack>
      </Card>
      {paid ? (
        <Alert color="green">This order is fully paid. Thank you!</Alert>
      ) : (
        <Alert color="blue" title={`Amount due: ${money(props.amount_due)}`}>
          {props.pay_url ? (
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Pay the amount due now by card, on the shop's secure payment page.</Text>
              <Button component="a" href={props.pay_url} style={themedButton} data-testid="order-link-pay">
                Pay now
              </Button>
            </Stack>
          ) : (
            'This order cannot be paid online. Please contact the shop.'
          )}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {viewsLeft(props.uses_remaining, props.expires_at)}
      </Text>
    </Stack>
  );
}
