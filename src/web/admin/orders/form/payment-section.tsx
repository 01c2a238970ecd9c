import { Badge, Card, Grid, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { OrderReply } from '../../../../contracts/orders';
import type { PaymentMethodReply } from '../../../../contracts/shop-setup';
import { type Cents, fromDecimal } from '../../../../domain/money/money';
import { PAYMENT_TYPE_LABELS } from '../../../../domain/orders/labels';
import {
  editPayment,
  normalizePaymentType,
  type PaymentIntent,
  type PaymentStatus,
} from '../../../../domain/orders/payment-rules';
import { money } from '../../../lib/format';
import { SystemDateInput } from '../../../ui/date-input';
import type { OrderFormValues } from './order-form-state';

export const INTENT_OPTIONS: { value: PaymentIntent; label: string }[] = [
  { value: 'payment_later', label: 'Payment later' },
  { value: 'credit', label: 'Credit' },
  { value: 'immediate_payment', label: 'Immediate payment' },
];

/** Active payment methods as order payment types (DECISIONS 9: legacy names map to four types). */
export function paymentTypeOptions(methods: readonly PaymentMethodReply[] | undefined) {
  const seen = new Map<string, string>();
  for (const method of methods ?? []) {
    const type = normalizePaymentType(method.code);
    if (type && type !== 'credit' && !seen.has(type)) seen.set(type, method.name);
  }
  if (seen.size === 0)
    for (const [type, label] of Object.entries(PAYMENT_TYPE_LABELS).filter(([type]) => type !== 'credit'))
      seen.set(type, label);
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** The order's payment (spec 1 §2, §4 payment_intent, §5 payment messages). */
export function PaymentSection({
  form,
  methods,
  order,
  grandTotal,
  symbol,
}: {
  form: UseFormReturnType<OrderFormValues>;
  methods: readonly PaymentMethodReply[] | undefined;
  /** The saved order on the edit page; null on the create page. */
  order: OrderReply | null;
  grandTotal: Cents;
  symbol: string;
}) {
  const values = form.getValues();
  const isNew = order === null;
  const completedPaid = order
    ? order.payments
        .filter((p) => p.status === 'completed')
        .reduce((sum, p) => sum + fromDecimal(p.amount), 0)
    : 0;

  const changeIntent = (intent: PaymentIntent | null) => {
    if (!intent) return;
    if (order) {
      // spec 1 §4 when editing: the rules of §8 "Payment rules" decide, and a refusal keeps the old intent.
      const result = editPayment({
        intent,
        currentStatus: order.payment_status as PaymentStatus,
        requestedStatus: order.payment_status as PaymentStatus,
        paymentType: values.payment_type ? normalizePaymentType(values.payment_type) : null,
        completedPaid: completedPaid as Cents,
        grandTotal,
        symbol,
      });
      if (!result.ok) {
        form.setFieldError('payment_intent', result.message);
        return;
      }
    }
    form.clearFieldError('payment_intent');
    form.setFieldValue('payment_intent', intent);
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Payment</Title>
          {order && (
            <Group gap="xs">
              <Badge variant="light" data-testid="payment-status">
                {order.payment_status}
              </Badge>
              <Text size="sm">Paid: {money(order.amount_paid, symbol)}</Text>
            </Group>
          )}
        </Group>
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Payment intent"
              data={INTENT_OPTIONS}
              allowDeselect={false}
              value={values.payment_intent}
              error={form.errors.payment_intent}
              onChange={(value) => changeIntent(value as PaymentIntent | null)}
            />
          </Grid.Col>
          {values.payment_intent === 'immediate_payment' && (
            <>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Payment type"
                  placeholder="Choose a payment method"
                  data={paymentTypeOptions(methods)}
                  {...form.getInputProps('payment_type')}
                />
              </Grid.Col>
              {isNew && (
                <>
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <TextInput
                      label="Amount paid"
                      inputMode="decimal"
                      leftSection={<Text size="xs">{symbol}</Text>}
                      {...form.getInputProps('amount_paid')}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        if (/^\d*(\.\d{0,2})?$/.test(text)) form.setFieldValue('amount_paid', text);
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <SystemDateInput
                      label="Payment date"
                      value={values.payment_date}
                      error={form.errors.payment_date as string | undefined}
                      onChange={(iso) => form.setFieldValue('payment_date', iso)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <TextInput label="Transaction ID" {...form.getInputProps('transaction_id')} />
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <Textarea
                      label="Payment details"
                      autosize
                      minRows={2}
                      {...form.getInputProps('payment_details')}
                    />
                  </Grid.Col>
                </>
              )}
            </>
          )}
        </Grid>
        {!isNew && values.payment_intent === 'immediate_payment' && (
          <Text size="xs" c="dimmed">
            Payments of a saved order are recorded below in Payment records.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
