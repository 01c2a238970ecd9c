import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { PlacedOrderView } from '../../../contracts/checkout';
import { PlacedOrderSummary } from './placed-order-summary';

/** The buyer's order confirmation (issue 14, docs/decisions/0051). */
export function OrderConfirmationPage({ order }: { order: PlacedOrderView }) {
  const paid = order.payment_status === 'paid';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Thank you for your order
      </Title>
      <Alert color="teal" role="status">
        Your order <strong data-testid="order-code">{order.order_code}</strong> has been placed.
        {order.email && ` A confirmation was sent to ${order.email}.`}
        {paid && ' Your payment was received.'}
      </Alert>
      <PlacedOrderSummary order={order} />
      {order.pay_url && (
        <Button component="a" href={order.pay_url} w="fit-content">
          Pay now by card
        </Button>
      )}
      <Text>
        <Anchor href="/products">Continue shopping</Anchor>
      </Text>
    </Stack>
  );
}
