import { Card, Grid, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PickupPointReply } from '../../../../contracts/shop-setup';
import { fromDecimal } from '../../../../domain/money/money';
import {
  type DeliveryStatus,
  FORM_DELIVERY_STATUSES,
  needsReason,
  SHIPPING_TYPES,
  type ShippingType,
  withDeliveryRequired,
  withPickupPoint,
  withShippingType,
} from '../../../../domain/orders/delivery-rules';
import { orderValueLabel } from '../../../../domain/orders/labels';
import { money } from '../../../lib/format';
import { SystemDateInput } from '../../../ui/date-input';
import { deliveryFieldsOf, type OrderFormValues, valuesWithDelivery } from './order-form-state';

/** Delivery, shipping and pickup point (spec 1 §2, §4 delivery toggle, DECISIONS 6 and 8). */
export function DeliverySection({
  form,
  carriers,
  pickupPoints,
  symbol,
}: {
  form: UseFormReturnType<OrderFormValues>;
  carriers: readonly { id: number; name: string }[] | undefined;
  pickupPoints: readonly PickupPointReply[] | undefined;
  symbol: string;
}) {
  const values = form.getValues();
  // Every delivery change goes through the shared rules, then back into the form's fields.
  const apply = (
    rule: (fields: ReturnType<typeof deliveryFieldsOf>) => ReturnType<typeof deliveryFieldsOf>,
  ) => form.setValues(valuesWithDelivery(form.getValues(), rule(deliveryFieldsOf(form.getValues()))));
  const statuses: string[] = [...FORM_DELIVERY_STATUSES];
  if (!statuses.includes(values.delivery_status)) statuses.unshift(values.delivery_status);

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>Delivery</Title>
        <Switch
          label="Delivery required"
          checked={values.delivery_required}
          onChange={(event) => {
            const required = event.currentTarget.checked;
            apply((f) => withDeliveryRequired(f, required));
          }}
        />
        {values.delivery_required && (
          <Grid>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Select
                label="Shipping type"
                allowDeselect={false}
                data={SHIPPING_TYPES.map((t) => ({ value: t, label: orderValueLabel(t) }))}
                value={values.shipping_type}
                onChange={(value) => value && apply((f) => withShippingType(f, value as ShippingType))}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Select
                label="Carrier"
                placeholder="No carrier"
                clearable
                data={(carriers ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                {...form.getInputProps('carrier_id')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput label="Tracking code" {...form.getInputProps('tracking_code')} />
            </Grid.Col>
            {values.shipping_type === 'pickup' ? (
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Select
                  label="Pickup point"
                  placeholder="Choose a pickup point"
                  clearable
                  data={(pickupPoints ?? []).map((p) => ({
                    value: String(p.id),
                    label: `${p.name} — ${p.address} (${money(p.service_fee, symbol)})`,
                  }))}
                  value={values.pickup_point_id}
                  error={form.errors.pickup_point_id}
                  onChange={(value) => {
                    const point = pickupPoints?.find((p) => String(p.id) === value);
                    // DECISIONS 8: the pickup point's service fee becomes the shipping cost.
                    apply((f) =>
                      withPickupPoint(
                        f,
                        point ? { id: point.id, service_fee: fromDecimal(point.service_fee) } : null,
                      ),
                    );
                  }}
                />
              </Grid.Col>
            ) : (
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Textarea
                  label="Delivery address"
                  withAsterisk
                  autosize
                  minRows={2}
                  {...form.getInputProps('delivery_address')}
                />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput
                label="Shipping cost"
                inputMode="decimal"
                leftSection={<Text size="xs">{symbol}</Text>}
                {...form.getInputProps('shipping_cost')}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  if (/^\d*(\.\d{0,2})?$/.test(text)) form.setFieldValue('shipping_cost', text);
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <SystemDateInput
                label="Delivery date"
                value={values.delivery_date}
                error={form.errors.delivery_date as string | undefined}
                onChange={(iso) => form.setFieldValue('delivery_date', iso)}
              />
            </Grid.Col>
          </Grid>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Delivery status"
              allowDeselect={false}
              data={statuses.map((s) => ({ value: s, label: orderValueLabel(s) }))}
              value={values.delivery_status}
              error={form.errors.delivery_status}
              onChange={(value) => value && form.setFieldValue('delivery_status', value as DeliveryStatus)}
            />
          </Grid.Col>
          {needsReason(values.delivery_status) && (
            <Grid.Col span={{ base: 12, md: 8 }}>
              <TextInput label="Reason" withAsterisk {...form.getInputProps('status_reason')} />
            </Grid.Col>
          )}
        </Grid>
      </Stack>
    </Card>
  );
}
