import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import {
  type CheckoutChoice,
  type CheckoutInput,
  type CheckoutPageProps,
  type CheckoutPickupPoint,
  type CheckoutPlacedReply,
  checkoutBody,
  CHECKOUT_MESSAGES as M,
  PICKUP_CHOICE,
} from '../../../contracts/checkout';
import { errorMessage } from '../../lib/form-errors';
import { money as formatMoney } from '../../lib/format';
import { HttpError, http, navigation, newIdempotencyKey } from '../../lib/http';
import { zodValidate } from '../../lib/zod-form';
import { OrderSummaryLines } from './order-summary-lines';

type Values = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  country_id: string;
  state_id: string;
  city: string;
  shipping_method: string;
  pickup_point_id: string;
  payment_type: string;
  notes: string;
};

type PickupState =
  | { status: 'idle' | 'loading' | 'error' }
  | { status: 'ready'; points: CheckoutPickupPoint[] };

type ShippingState =
  | { status: 'none' }
  | { status: 'calculating' }
  | { status: 'ready'; cost: number }
  | { status: 'error'; message: string };

/**
 * The checkout (spec 3 §2 "/checkout", §4 Cart and checkout, §5 Checkout): the buyer's details,
 * the address, the shipping method priced by the shared calculation (DECISIONS 15) or a pickup
 * point with its fee, and the payment method. The order is made by the server from its own cart.
 */
export function CheckoutPage(props: CheckoutPageProps & { orderingOpen?: boolean }) {
  const orderingOpen = props.orderingOpen ?? true;
  const { cart, currency_symbol, countries, shipping_methods, payment_methods, prefill } = props;
  const money = (value: number) => formatMoney(value, currency_symbol);
  const [states, setStates] = useState<CheckoutChoice[]>([]);
  const [cities, setCities] = useState<CheckoutChoice[]>([]);
  const [pickup, setPickup] = useState<PickupState>({ status: 'idle' });
  const [shipping, setShipping] = useState<ShippingState>({ status: 'none' });
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Set once the page's script runs: journeys wait for it before using the controls.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // One key per intended order: a retry after a lost reply takes the same order (DECISIONS 25).
  const idempotencyKey = useRef<string | null>(null);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      ...prefill,
      address: '',
      country_id: countries.length === 1 ? String(countries[0]!.id) : '',
      state_id: '',
      city: '',
      shipping_method: '',
      pickup_point_id: '',
      payment_type: payment_methods.length === 1 ? payment_methods[0]!.code : '',
      notes: '',
    },
    validate: zodValidate(checkoutBody),
    onValuesChange: () => {
      idempotencyKey.current = null;
    },
  });
  const v = form.getValues();
  const isPickup = v.shipping_method === PICKUP_CHOICE;
  const cityId = cities.find((c) => c.name.toLowerCase() === v.city.trim().toLowerCase())?.id ?? null;

  // States of the chosen country (GET /checkout/get-states).
  useEffect(() => {
    setStates([]);
    if (!v.country_id) return;
    let live = true;
    http
      .get<{ states: CheckoutChoice[] }>('/checkout/get-states', { country_id: v.country_id })
      .then((reply) => live && setStates(reply.states))
      .catch(() => live && setStates([]));
    return () => {
      live = false;
    };
  }, [v.country_id]);

  // Cities of the chosen state, offered as suggestions for the City field.
  useEffect(() => {
    setCities([]);
    if (!v.state_id) return;
    let live = true;
    http
      .get<{ data: CheckoutChoice[] }>('/api/cities', { state_id: v.state_id })
      .then((reply) => live && setCities(reply.data.map((c) => ({ id: c.id, name: c.name }))))
      .catch(() => live && setCities([]));
    return () => {
      live = false;
    };
  }, [v.state_id]);

  // Pickup points, loaded when pickup is chosen (spec 3 §8 Pickup).
  useEffect(() => {
    if (!isPickup || pickup.status === 'ready' || pickup.status === 'loading') return;
    setPickup({ status: 'loading' });
    http
      .get<{ pickup_points: CheckoutPickupPoint[] }>('/api/checkout/pickup-points')
      .then((reply) => setPickup({ status: 'ready', points: reply.pickup_points }))
      .catch(() => setPickup({ status: 'error' }));
  }, [isPickup, pickup.status]);

  // The shipping cost from the shared calculation, recalculated when the address or method changes.
  useEffect(() => {
    if (!v.shipping_method || isPickup) {
      setShipping({ status: 'none' });
      return;
    }
    let live = true;
    setShipping({ status: 'calculating' });
    http
      .post<{ shipping_cost: number }>('/api/shipping-methods/calculate', {
        items: cart.items.map((i) => ({
          product_id: i.product_id,
          product_stock_id: i.product_stock_id,
          quantity: i.quantity,
        })),
        cart_total: cart.total,
        country_id: v.country_id || null,
        state_id: v.state_id || null,
        city_id: cityId,
        shipping_method_id: v.shipping_method,
      })
      .then((reply) => live && setShipping({ status: 'ready', cost: reply.shipping_cost }))
      .catch(
        (error) =>
          live &&
          setShipping({
            status: 'error',
            message:
              error instanceof HttpError ? (error.firstError() ?? error.message) : M.shippingUnavailable,
          }),
      );
    return () => {
      live = false;
    };
  }, [v.shipping_method, v.country_id, v.state_id, cityId, isPickup, cart]);

  const pickupFee =
    isPickup && pickup.status === 'ready'
      ? (pickup.points.find((p) => String(p.id) === v.pickup_point_id)?.service_fee ?? 0)
      : 0;
  const shippingCost = isPickup ? pickupFee : shipping.status === 'ready' ? shipping.cost : 0;
  const calculating = shipping.status === 'calculating';

  async function submit(values: Values) {
    setProblem(null);
    setSubmitting(true);
    idempotencyKey.current ??= newIdempotencyKey();
    const body: CheckoutInput = {
      ...values,
      city_id: cityId,
      pickup_point_id: isPickup ? values.pickup_point_id : '',
    };
    try {
      const reply = await http.post<CheckoutPlacedReply>('/checkout', body, {
        'Idempotency-Key': idempotencyKey.current,
      });
      navigation.assign(reply.redirect_url);
    } catch (error) {
      setSubmitting(false);
      if (error instanceof HttpError && error.status === 422) {
        const fields: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.errors)) {
          if (field in values) fields[field] = messages[0] ?? '';
        }
        form.setErrors(fields);
        const other = Object.entries(error.errors).find(([field]) => !(field in values));
        setProblem(other?.[1][0] ?? (Object.keys(fields).length ? null : error.message));
      } else {
        // The idempotency key stays: sending again after a 503 or a lost reply places one order.
        setProblem(errorMessage(error, M.orderFailed));
      }
    }
  }

  if (cart.items.length === 0) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Checkout
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
        Checkout
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit(submit)}
        aria-label="Checkout"
        data-testid="checkout-form"
        data-hydrated={isHydrated}
      >
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Card withBorder component="fieldset" padding="lg">
                <Title order={2} size="h4" component="legend">
                  Your details
                </Title>
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="First Name"
                      withAsterisk
                      autoComplete="given-name"
                      {...form.getInputProps('first_name')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Last Name"
                      withAsterisk
                      autoComplete="family-name"
                      {...form.getInputProps('last_name')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Email Address"
                      type="email"
                      withAsterisk
                      autoComplete="email"
                      {...form.getInputProps('email')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Phone Number"
                      type="tel"
                      withAsterisk
                      autoComplete="tel"
                      {...form.getInputProps('phone')}
                    />
                  </Grid.Col>
                </Grid>
              </Card>

              <Card withBorder component="fieldset" padding="lg">
                <Title order={2} size="h4" component="legend">
                  Address
                </Title>
                <Stack gap="sm">
                  <TextInput
                    label="Street Address"
                    withAsterisk
                    autoComplete="street-address"
                    {...form.getInputProps('address')}
                  />
                  <NativeSelect
                    label="Country"
                    withAsterisk
                    data={[
                      { value: '', label: 'Choose a country' },
                      ...countries.map((c) => ({ value: String(c.id), label: c.name })),
                    ]}
                    {...form.getInputProps('country_id')}
                    onChange={(event) => {
                      form.setFieldValue('country_id', event.currentTarget.value);
                      form.setFieldValue('state_id', '');
                    }}
                  />
                  <NativeSelect
                    label="State/Province"
                    withAsterisk
                    data={[
                      { value: '', label: 'Choose a state or province' },
                      ...states.map((s) => ({ value: String(s.id), label: s.name })),
                    ]}
                    {...form.getInputProps('state_id')}
                  />
                  <TextInput
                    label="City"
                    withAsterisk
                    autoComplete="address-level2"
                    list="checkout-cities"
                    {...form.getInputProps('city')}
                  />
                  <datalist id="checkout-cities">
                    {cities.map((c) => (
                      <option key={c.id} value={c.name} />
                    ))}
                  </datalist>
                </Stack>
              </Card>

              <Card withBorder padding="lg">
                <Radio.Group label="Shipping method" withAsterisk {...form.getInputProps('shipping_method')}>
                  <Stack gap="xs" mt="xs">
                    {shipping_methods.map((m) => (
                      <Radio
                        key={m.id}
                        value={String(m.id)}
                        label={m.name}
                        description={`${m.description ? `${m.description} · ` : ''}${m.estimated_days_min}–${m.estimated_days_max} days`}
                      />
                    ))}
                    <Radio value={PICKUP_CHOICE} label="Pick up at a pickup point" />
                  </Stack>
                </Radio.Group>
                {shipping.status === 'error' && (
                  <Text c="red" size="sm" mt="xs" role="alert">
                    {shipping.message}
                  </Text>
                )}
                {isPickup && (
                  <Stack mt="md" gap="xs">
                    {pickup.status === 'loading' && <Text role="status">{M.loadingPickupPoints}</Text>}
                    {pickup.status === 'error' && (
                      <Text c="red" role="alert">
                        {M.pickupPointsError}
                      </Text>
                    )}
                    {pickup.status === 'ready' && pickup.points.length === 0 && (
                      <Text>{M.noPickupPoints}</Text>
                    )}
                    {pickup.status === 'ready' && pickup.points.length > 0 && (
                      <Radio.Group
                        label="Pickup point"
                        withAsterisk
                        {...form.getInputProps('pickup_point_id')}
                      >
                        <Stack gap="xs" mt="xs">
                          {pickup.points.map((p) => (
                            <Radio
                              key={p.id}
                              value={String(p.id)}
                              label={
                                p.service_fee > 0 ? `${p.name} (service fee ${money(p.service_fee)})` : p.name
                              }
                              description={[p.address, p.operating_hours].filter(Boolean).join(' · ')}
                            />
                          ))}
                        </Stack>
                      </Radio.Group>
                    )}
                  </Stack>
                )}
              </Card>

              <Card withBorder padding="lg">
                <Radio.Group label="Payment method" withAsterisk {...form.getInputProps('payment_type')}>
                  <Stack gap="xs" mt="xs">
                    {payment_methods.map((m) => (
                      <Radio
                        key={m.code}
                        value={m.code}
                        label={m.name}
                        description={m.description ?? undefined}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              </Card>

              <Textarea label="Order notes" autosize minRows={2} {...form.getInputProps('notes')} />
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="sm">
                Your order
              </Title>
              <Stack gap={6}>
                <OrderSummaryLines
                  items={cart.items}
                  subtotal={cart.subtotal}
                  tax={cart.tax}
                  money={money}
                  lineTestId="checkout-line"
                />
                <Group justify="space-between" aria-live="polite">
                  <Text>Shipping</Text>
                  <Text data-testid="checkout-shipping">
                    {calculating ? M.calculating : money(shippingCost)}
                  </Text>
                </Group>
                <Group justify="space-between" aria-live="polite">
                  <Text fw={700}>Total</Text>
                  <Text fw={700} data-testid="checkout-total">
                    {calculating ? M.calculating : money(cart.total + shippingCost)}
                  </Text>
                </Group>
              </Stack>
              {problem && (
                <Alert color="red" role="alert" mt="md">
                  {problem}
                </Alert>
              )}
              <Button
                type="submit"
                fullWidth
                mt="lg"
                loading={submitting}
                disabled={calculating || !orderingOpen}
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
