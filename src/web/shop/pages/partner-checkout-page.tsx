import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Radio,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  CREDIT_MESSAGES as M,
  type PartnerCheckoutProps,
  type PartnerCheckoutReply,
} from '../../../contracts/credit';
import { money as formatMoney } from '../../lib/format';
import { HttpError, http, navigation, newIdempotencyKey } from '../../lib/http';
import { announceCartCount } from '../cart-events';
import { OrderSummaryLines } from './order-summary-lines';

type Terms = { status: 'loading' } | { status: 'ready'; content: string } | { status: 'error' };

/** spec 3 §9: after a credit order 2 s to the dashboard; pay_now 1.5 s to the payment page. */
const CREDIT_REDIRECT_MS = 2000;
const PAY_NOW_REDIRECT_MS = 1500;

/**
 * The partner checkout (spec 3 §2 /partner/checkout, §4, §5, §8): the cart, the payment method
 * (credit only when the account is active and covers the grand total, else pay now), the partner
 * terms fetched from the configured URL and accepted before ordering.
 */
export function PartnerCheckoutPage(props: PartnerCheckoutProps & { orderingOpen: boolean }) {
  const { cartItems, creditAccount, hasSufficientCredit, partner_terms_url: termsUrl } = props;
  const money = (value: number) => formatMoney(value, props.currency_symbol);
  const [method, setMethod] = useState<string>(hasSufficientCredit ? 'credit' : 'pay_now');
  const [accepted, setAccepted] = useState(false);
  const [terms, setTerms] = useState<Terms>({ status: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PartnerCheckoutReply | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // One key per intended order (DECISIONS 25).
  const idempotencyKey = useRef<string | null>(null);

  useEffect(() => {
    if (!termsUrl) return;
    http
      .post<{ content: string }>('/api/fetch-external-content', { url: termsUrl })
      .then((reply) => setTerms({ status: 'ready', content: reply.content }))
      .catch(() => setTerms({ status: 'error' }));
  }, [termsUrl]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (method !== 'credit' && method !== 'pay_now') return setProblem(M.paymentMethod);
    if (termsUrl && !accepted) return setProblem(M.terms);
    setSubmitting(true);
    idempotencyKey.current ??= newIdempotencyKey();
    try {
      const reply = await http.post<PartnerCheckoutReply>(
        '/partner/checkout/process',
        { payment_method: method, terms_accepted: accepted },
        { 'Idempotency-Key': idempotencyKey.current },
      );
      setPlaced(reply);
      announceCartCount(0);
      window.setTimeout(
        () => navigation.assign(reply.redirect_url),
        reply.payment_method === 'credit' ? CREDIT_REDIRECT_MS : PAY_NOW_REDIRECT_MS,
      );
    } catch (error) {
      setSubmitting(false);
      // 422: the spec's refusals; 409: the stock could not fill the order.
      if (error instanceof HttpError && (error.status === 422 || error.status === 409)) {
        idempotencyKey.current = null;
        setProblem(error.firstError() ?? error.message);
      } else setProblem(M.failed);
    }
  }

  if (cartItems.length === 0 && !placed) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Partner checkout
        </Title>
        <Card withBorder padding="xl">
          <Stack align="center" gap="sm">
            <Text fw={600}>{M.cartEmpty}</Text>
            <Anchor href="/products">Browse the products</Anchor>
          </Stack>
        </Card>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Partner checkout
      </Title>
      <form noValidate onSubmit={submit} aria-label="Partner checkout" data-hydrated={isHydrated}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Card withBorder padding="lg">
                <Title order={2} size="h4" mb="sm">
                  Credit account
                </Title>
                {creditAccount ? (
                  <Group gap="xl">
                    <div>
                      <Text size="sm" c="dimmed">
                        Available balance
                      </Text>
                      <Text fw={700} size="lg" data-testid="partner-credit-balance">
                        {money(creditAccount.current_balance)}
                      </Text>
                    </div>
                    <div>
                      <Text size="sm" c="dimmed">
                        Status
                      </Text>
                      <Text fw={600}>{creditAccount.isActive ? 'Active' : creditAccount.status}</Text>
                    </div>
                  </Group>
                ) : (
                  <Text size="sm">You have no credit account yet.</Text>
                )}
              </Card>

              <Card withBorder padding="lg">
                <Radio.Group
                  label="Payment method"
                  value={method}
                  onChange={setMethod}
                  description={hasSufficientCredit ? undefined : (props.credit_message ?? undefined)}
                >
                  <Stack gap="sm" mt="sm">
                    <Radio
                      value="credit"
                      label="Pay on credit"
                      description="The grand total is taken from your credit balance."
                      disabled={!hasSufficientCredit}
                    />
                    <Radio value="pay_now" label="Pay now" description="Pay by card on the next page." />
                  </Stack>
                </Radio.Group>
              </Card>

              {termsUrl && (
                <Card withBorder padding="lg">
                  <Title order={2} size="h4" mb="sm">
                    Partner Terms &amp; Conditions
                  </Title>
                  {terms.status === 'loading' && <Text size="sm">Loading the terms…</Text>}
                  {terms.status === 'error' && (
                    <Alert color="yellow">
                      {M.termsUnavailable}{' '}
                      <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer">
                        Open the terms
                      </Anchor>
                    </Alert>
                  )}
                  {terms.status === 'ready' && (
                    <ScrollArea.Autosize mah={240} type="auto" tabIndex={0} aria-label="Partner terms">
                      {/* Sanitised by the server (DOMPurify) before it is sent. */}
                      <div
                        className="partner-terms"
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the server
                        dangerouslySetInnerHTML={{ __html: terms.content }}
                      />
                    </ScrollArea.Autosize>
                  )}
                  <Checkbox
                    mt="md"
                    label="I accept the Partner Terms & Conditions"
                    checked={accepted}
                    onChange={(e) => setAccepted(e.currentTarget.checked)}
                  />
                </Card>
              )}
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="sm">
                Your order
              </Title>
              <Stack gap={6}>
                <OrderSummaryLines
                  items={cartItems}
                  subtotal={props.subtotal}
                  tax={props.tax}
                  money={money}
                  lineTestId="partner-checkout-line"
                />
                <Group justify="space-between">
                  <Text fw={700}>Grand total</Text>
                  <Text fw={700} data-testid="partner-checkout-total">
                    {money(props.grandTotal)}
                  </Text>
                </Group>
              </Stack>
              {problem && (
                <Alert color="red" role="alert" mt="md">
                  {problem}
                </Alert>
              )}
              {placed && (
                <Alert color="green" role="status" mt="md">
                  <Text fw={600}>{placed.message}</Text>
                  <Text size="sm">
                    Order {placed.order_code}
                    {placed.remaining_balance !== null &&
                      ` · Remaining balance ${money(placed.remaining_balance)}`}
                  </Text>
                </Alert>
              )}
              <Button
                type="submit"
                fullWidth
                mt="lg"
                loading={submitting}
                disabled={!props.orderingOpen || placed !== null}
              >
                Place order
              </Button>
            </Card>
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}

export default PartnerCheckoutPage;
