import { Alert, Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CARD_MESSAGES as C, type PaymentPageProps } from '../../../contracts/checkout';
import { money } from '../../lib/format';
import { HttpError, http, navigation } from '../../lib/http';
import { PlacedOrderSummary } from './placed-order-summary';

/**
 * /payment/{orderCode} (spec 3 §2, DECISIONS 19): the order and its amount due; paying hands over
 * to the card gateway's hosted page. Back from it, the last attempt's outcome is shown; a declined
 * or cancelled card leaves the order payable again.
 */
export function PaymentPage({ order, token, last_attempt, payable }: PaymentPageProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Set once the page's script runs: journeys wait for it before using the controls.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const due = Number(order.grand_total) - Number(order.amount_paid);
  const confirmation = `/order-confirmation/${order.order_code}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

  async function pay() {
    setBusy(true);
    setProblem(null);
    try {
      const reply = await http.post<{ redirect_url: string }>(
        `/payment/${order.order_code}/card`,
        token ? { token } : {},
      );
      navigation.assign(reply.redirect_url);
    } catch (error) {
      setBusy(false);
      setProblem(error instanceof HttpError ? (error.firstError() ?? C.unableToPay) : C.unableToPay);
    }
  }

  return (
    <Stack gap="lg" data-testid="payment-page" data-hydrated={isHydrated}>
      <Title order={1} size="h2">
        Payment for order {order.order_code}
      </Title>
      {last_attempt === 'paid' && (
        <Alert color="teal" role="status">
          {C.paid}
        </Alert>
      )}
      {(last_attempt === 'declined' || last_attempt === 'cancelled') && payable && (
        <Alert color="red" role="alert">
          {last_attempt === 'declined' ? C.declined : C.cancelled}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {payable ? (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Text>
              Amount due: <strong>{money(due, order.currency_symbol)}</strong>
            </Text>
            <Button onClick={pay} loading={busy} w="fit-content">
              Pay {money(due, order.currency_symbol)} by card
            </Button>
          </Stack>
        </Card>
      ) : (
        <Text>
          Nothing is left to pay. <Anchor href={confirmation}>See your order</Anchor>
        </Text>
      )}
      <PlacedOrderSummary order={order} />
      {payable && (
        <Text>
          <Anchor href={confirmation}>See your order without paying now</Anchor>
        </Text>
      )}
    </Stack>
  );
}
