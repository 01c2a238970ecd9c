import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ORDER_MESSAGES, type OrderReply } from '../../../../contracts/orders';
import {
  type DeliveryStatus,
  needsReason,
  QUICK_DELIVERY_STATUSES,
  quickStatusError,
} from '../../../../domain/orders/delivery-rules';
import { orderValueLabel } from '../../../../domain/orders/labels';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { ordersApi, useRefreshOrder } from './orders.api';

/** Quick status update with a reason (spec 1 §4 delivery_status, §5, §8 "Quick status"). */
export function QuickStatus({ order }: { order: OrderReply }) {
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: 'delivery_status' | 'status_reason'; message: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshOrder(order.id);

  const submit = async () => {
    const problem = quickStatusError(order.delivery_status as DeliveryStatus, status, reason);
    if (problem) {
      setError({
        field: status && status !== order.delivery_status ? 'status_reason' : 'delivery_status',
        message: problem,
      });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const reply = await ordersApi.quickStatus(order.id, {
        delivery_status: status!,
        status_reason: reason.trim() || null,
      });
      notifySuccess(reply.message || ORDER_MESSAGES.statusUpdated);
      setStatus(null);
      setReason('');
      await refresh();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      const first = fields && Object.entries(fields)[0];
      if (first)
        setError({
          field: first[0] === 'status_reason' ? 'status_reason' : 'delivery_status',
          message: first[1],
        });
      else notifyError(errorMessage(e, 'Failed to update order status'));
    }
    setBusy(false);
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>Quick status update</Title>
        <Text size="sm">
          Current status: <strong>{orderValueLabel(order.delivery_status)}</strong>
        </Text>
        <Group align="flex-start" wrap="wrap">
          <Select
            label="New status"
            placeholder="Choose a status"
            data={QUICK_DELIVERY_STATUSES.map((s) => ({ value: s, label: orderValueLabel(s) }))}
            value={status}
            onChange={(value) => setStatus(value as DeliveryStatus | null)}
            error={error?.field === 'delivery_status' ? error.message : undefined}
          />
          {status && needsReason(status) && (
            <TextInput
              label="Reason"
              withAsterisk
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={error?.field === 'status_reason' ? error.message : undefined}
            />
          )}
        </Group>
        <Group>
          <Button size="xs" loading={busy} onClick={submit}>
            Update status
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
