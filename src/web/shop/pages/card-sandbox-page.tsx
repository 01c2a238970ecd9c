import { Alert, Badge, Button, Card, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CARD_MESSAGES as C, type CardSandboxProps, type SandboxPayReply } from '../../../contracts/checkout';
import { cardDigits, groupCardNumber } from '../../../domain/payments/card-number';
import { HttpError, http, navigation } from '../../lib/http';

/**
 * The card sandbox's hosted page (DECISIONS 19, docs/decisions/0052): it plays the payment provider,
 * so the card number is typed here and never reaches the shop. The result goes back to the shop
 * signed; the shop believes only the signature.
 */
export function CardSandboxPage({ request, merchant, test_cards }: CardSandboxProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Set once the page's script runs: journeys wait for it before using the controls.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function send(action: 'pay' | 'cancel') {
    setBusy(action);
    setErrors({});
    setProblem(null);
    try {
      const reply = await http.post<SandboxPayReply>('/payment-sandbox/pay', {
        ...request,
        action,
        card_number: number,
        expiry,
        cvc,
      });
      // The provider hands its signed result to the shop, then sends the buyer back.
      await http.post(reply.callback.url, reply.callback.fields);
      navigation.assign(reply.return_url);
    } catch (error) {
      setBusy(null);
      if (error instanceof HttpError && error.status === 422 && Object.keys(error.errors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])));
        const general = error.errors.signature?.[0];
        if (general) setProblem(general);
      } else setProblem(C.unableToPay);
    }
  }

  return (
    <Stack gap="lg" maw={520} mx="auto" data-testid="card-sandbox" data-hydrated={isHydrated}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Card payment
        </Title>
        <Badge color="orange" size="lg">
          Sandbox
        </Badge>
      </Group>
      <Alert color="orange" title="Test payment page">
        This is the shop’s built-in payment sandbox: no real card is charged. Use{' '}
        <Code>{groupCardNumber(test_cards.approved)}</Code> to pay, or{' '}
        <Code>{groupCardNumber(test_cards.declined)}</Code> for a declined card, with any future expiry and
        any 3-digit security code.
      </Alert>
      <Card withBorder padding="lg">
        <Text mb="md">
          Pay{' '}
          <strong>
            {request.amount} {request.currency}
          </strong>{' '}
          to {merchant}
        </Text>
        <form
          noValidate
          aria-label="Card details"
          onSubmit={(event) => {
            event.preventDefault();
            void send('pay');
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              value={groupCardNumber(number)}
              onChange={(event) => setNumber(cardDigits(event.currentTarget.value))}
              maxLength={19}
              error={errors.card_number}
            />
            <Group grow align="flex-start">
              <TextInput
                label="Expiry (MM/YY)"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                value={expiry}
                onChange={(event) => {
                  const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 4);
                  setExpiry(digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits);
                }}
                error={errors.expiry}
              />
              <TextInput
                label="Security code"
                inputMode="numeric"
                autoComplete="cc-csc"
                value={cvc}
                onChange={(event) => setCvc(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
                error={errors.cvc}
              />
            </Group>
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={busy === 'pay'} disabled={busy !== null}>
                Pay {request.amount} {request.currency}
              </Button>
              <Button
                variant="default"
                loading={busy === 'cancel'}
                disabled={busy !== null}
                onClick={() => void send('cancel')}
              >
                Cancel payment
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
