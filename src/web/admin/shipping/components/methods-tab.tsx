import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SHIPPING_MESSAGES as M, type ShippingMethodReply } from '../../../../contracts/shipping';
import { money } from '../../../lib/format';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { ActiveBadge, RowActions } from '../../catalogue/components/shared';
import { useMethodChanges, useShippingMethods } from '../shipping.api';
import { MethodFormModal } from './method-form-modal';
import { deliveryDays, WHOLE_LIST_STATE, wholeList } from './shared';

/** Shipping methods: list, create and edit in a modal, delete after confirmation (spec 2 §2, §4). */
export function MethodsTab() {
  const methods = useShippingMethods();
  const { remove } = useMethodChanges();
  const [editing, setEditing] = useState<ShippingMethodReply | null>(null);
  const [creating, setCreating] = useState(false);

  const deleteMethod = (method: ShippingMethodReply) =>
    confirmAndDelete(
      {
        title: `Delete the shipping method ${method.name}?`,
        message: `${method.name} will no longer be offered at checkout.${
          method.zones_count > 0
            ? ` Its rates in ${method.zones_count} ${method.zones_count === 1 ? 'zone' : 'zones'} go with it.`
            : ''
        } This action cannot be undone.`,
        confirmLabel: 'Delete method',
      },
      () => remove.mutateAsync(method.id),
      M.deleteFailed,
    );

  const columns: Column<ShippingMethodReply>[] = [
    {
      key: 'name',
      title: 'Name',
      render: (m) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {m.name}
          </Text>
          {m.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {m.description}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'price', title: 'Price', align: 'right', render: (m) => money(m.price) },
    {
      key: 'per-kg',
      title: 'Per kg',
      align: 'right',
      render: (m) => (m.price_per_kg > 0 ? money(m.price_per_kg) : <Text c="dimmed">—</Text>),
    },
    {
      key: 'order-amount',
      title: 'Order amount',
      render: (m) => (
        <Text size="sm" c={m.min_order_amount === null && m.max_order_amount === null ? 'dimmed' : undefined}>
          {m.min_order_amount === null && m.max_order_amount === null
            ? 'Any'
            : `${m.min_order_amount === null ? 'up to' : `from ${money(m.min_order_amount)}`}${
                m.max_order_amount === null
                  ? ''
                  : `${m.min_order_amount === null ? ' ' : ' to '}${money(m.max_order_amount)}`
              }`}
        </Text>
      ),
    },
    {
      key: 'days',
      title: 'Delivery',
      render: (m) => deliveryDays(m.estimated_days_min, m.estimated_days_max),
    },
    {
      key: 'zones',
      title: 'Zone rates',
      align: 'right',
      render: (m) => (
        <Badge variant="light" color={m.zones_count > 0 ? 'blue' : 'gray'}>
          {m.zones_count}
        </Badge>
      ),
    },
    { key: 'status', title: 'Status', render: (m) => <ActiveBadge active={m.enabled} /> },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (m) => (
        <RowActions name={m.name} onEdit={() => setEditing(m)} onDelete={() => deleteMethod(m)} />
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          What checkout offers. A zone may price a method differently for its countries and states.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New method
        </Button>
      </Group>
      <DataTable
        label="Shipping methods"
        columns={columns}
        result={wholeList(methods.data)}
        isLoading={methods.isLoading}
        isFetching={methods.isFetching}
        isError={methods.isError}
        errorTitle={M.loadMethodsFailed}
        onRetry={() => methods.refetch()}
        state={WHOLE_LIST_STATE}
        onPage={() => {}}
        rowKey={(m) => m.id}
        empty={{
          title: 'No shipping methods yet',
          description: 'Add one so shoppers can choose how their order reaches them.',
          action: (
            <Button variant="light" onClick={() => setCreating(true)}>
              New method
            </Button>
          ),
        }}
      />
      <MethodFormModal
        opened={creating || editing !== null}
        method={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
