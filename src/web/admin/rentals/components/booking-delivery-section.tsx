import { Card, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { RENTAL_MESSAGES } from '../../../../contracts/rentals';
import { formatMoney } from '../../../../domain/money/money';
import { errorMessage } from '../../../lib/form-errors';
import { useLoadFailure } from '../../../lib/use-load-failure';
import { notifyError, notifySuccess } from '../../../ui/notify';
import type { BookingFormValues } from '../booking-form-state';
import { amountCents } from '../booking-items-state';
import { rentalsApi, usePickupPoints } from '../rentals.api';

type Method = BookingFormValues['delivery_method'];

/**
 * Delivery method, delivery address and pickup point (spec 3 §2, §4): on a saved booking each
 * change is sent at once and reverted, with a toast, when the server refuses it. A pickup point's
 * service fee shows when above 0 (spec 3 §9).
 */
export function BookingDeliverySection({
  form,
  bookingId,
  symbol,
  onChanged,
}: {
  form: UseFormReturnType<BookingFormValues>;
  bookingId: number | null;
  symbol: string;
  onChanged?: () => void;
}) {
  const values = form.getValues();
  const points = usePickupPoints();
  useLoadFailure(points.isError, 'Failed to load pickup points');
  const [sentAddress, setSentAddress] = useState(values.delivery_address);

  /** Keeps a value the server now holds out of the unsaved changes. */
  const settle = (change: Partial<BookingFormValues>) =>
    form.setInitialValues({ ...form.getInitialValues(), ...change });

  const sendMethod = async (method: Method, pointId: string | null) => {
    const before = { delivery_method: values.delivery_method, pickup_point_id: values.pickup_point_id };
    form.setValues({ delivery_method: method, pickup_point_id: pointId });
    if (bookingId === null) return;
    try {
      const reply = await rentalsApi.deliveryMethod(bookingId, {
        delivery_method: method,
        pickup_point_id:
          method === 'pickup' ? (points.data?.find((p) => String(p.id) === pointId)?.id ?? null) : null,
      });
      settle({ delivery_method: method, pickup_point_id: pointId });
      if (reply.message) notifySuccess(reply.message);
      onChanged?.();
    } catch (error) {
      form.setValues(before);
      notifyError(errorMessage(error, RENTAL_MESSAGES.updateFailed));
    }
  };

  const sendAddress = async () => {
    const address = form.getValues().delivery_address;
    if (bookingId === null || address === sentAddress) return;
    try {
      const reply = await rentalsApi.deliveryAddress(bookingId, { delivery_address: address });
      setSentAddress(address);
      settle({ delivery_address: address });
      if (reply.message) notifySuccess(reply.message);
      onChanged?.();
    } catch (error) {
      form.setFieldValue('delivery_address', sentAddress);
      notifyError(errorMessage(error, RENTAL_MESSAGES.updateFailed));
    }
  };

  const chosen = points.data?.find((p) => String(p.id) === values.pickup_point_id);
  const fee = chosen ? amountCents(chosen.service_fee) : null;

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Delivery
        </Title>
        <SegmentedControl
          aria-label="Delivery method"
          data={[
            { value: 'delivery', label: 'Delivery' },
            { value: 'pickup', label: 'Pickup' },
          ]}
          value={values.delivery_method}
          onChange={(value) =>
            sendMethod(value as Method, value === 'pickup' ? values.pickup_point_id : null)
          }
          w={240}
        />
        {form.errors.delivery_method && (
          <Text c="red" size="sm">
            {form.errors.delivery_method}
          </Text>
        )}
        {values.delivery_method === 'delivery' ? (
          <Textarea
            label="Delivery address"
            autosize
            minRows={2}
            {...form.getInputProps('delivery_address')}
            onBlur={sendAddress}
          />
        ) : (
          <Stack gap={4}>
            <Select
              label="Pickup point"
              placeholder={points.isPending ? 'Loading pickup points…' : 'Choose a pickup point'}
              data={(points.data ?? []).map((p) => ({
                value: String(p.id),
                label: `${p.name} — ${p.address}`,
              }))}
              value={values.pickup_point_id}
              onChange={(value) => sendMethod('pickup', value)}
              error={form.errors.pickup_point_id}
              nothingFoundMessage="No pickup points"
              comboboxProps={{ withinPortal: true }}
            />
            {fee !== null && fee > 0 && (
              <Text size="sm" c="dimmed" data-testid="pickup-fee">
                Service fee: {formatMoney(fee, symbol)}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
