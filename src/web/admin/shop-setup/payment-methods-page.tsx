import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCreditCard, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  PAYMENT_METHOD_MESSAGES as M,
  PAYMENT_METHOD_STATUS_LABELS,
  PAYMENT_METHOD_STATUSES,
  type PaymentMethodReply,
  type PaymentMethodStatus,
} from '../../../contracts/shop-setup';
import { errorMessage } from '../../lib/form-errors';
import { confirmAction } from '../../ui/confirm';
import { LoadFailed } from '../../ui/load-failed';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { DragHandle, useSortableRow } from '../../ui/sortable-row';
import { usePaymentMethodChanges, usePaymentMethods } from './shop-setup.api';

const STATUS_OPTIONS = PAYMENT_METHOD_STATUSES.map((status) => ({
  value: status,
  label: PAYMENT_METHOD_STATUS_LABELS[status],
}));

const STATUS_COLOURS: Record<PaymentMethodStatus, string> = {
  enabled: 'teal',
  backend_only: 'blue',
  shop_only: 'violet',
  disabled: 'gray',
};

/**
 * Payment methods (spec 2 §2, §4): in display order; the status is changed inline and the list
 * refreshes; rows are dragged into a new order, saved as a whole; delete asks first.
 */
export function PaymentMethodsPage() {
  const methods = usePaymentMethods();
  const { setStatus, remove, reorder } = usePaymentMethodChanges();
  const [order, setOrder] = useState<PaymentMethodReply[]>([]);
  const [changing, setChanging] = useState<number | null>(null);

  useEffect(() => {
    if (methods.data) setOrder(methods.data);
  }, [methods.data]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((m) => m.id === active.id);
    const to = order.findIndex((m) => m.id === over.id);
    const moved = arrayMove(order, from, to);
    setOrder(moved);
    try {
      notifySuccess((await reorder.mutateAsync(moved.map((m) => m.id))).message);
    } catch {
      notifyError(M.orderFailed);
      if (methods.data) setOrder(methods.data);
    }
  };

  const changeStatus = async (method: PaymentMethodReply, status: PaymentMethodStatus) => {
    if (status === method.status) return;
    setChanging(method.id);
    try {
      const reply = await setStatus.mutateAsync({ id: method.id, status });
      notifySuccess(`${reply.payment_method.name} is now ${reply.payment_method.status_label}.`);
    } catch {
      notifyError(M.statusFailed);
    } finally {
      setChanging(null);
    }
  };

  const deleteMethod = async (method: PaymentMethodReply) => {
    const confirmed = await confirmAction({
      title: `Delete ${method.name}?`,
      message: `The payment method ${method.name} will be deleted and can no longer be chosen. This action cannot be undone.`,
      confirmLabel: 'Delete payment method',
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove.mutateAsync(method.id)).message);
    } catch (error) {
      notifyError(errorMessage(error, M.deleteFailed));
    }
  };

  const newButton = (
    <Button component={Link} to="/admin/payment-methods/create" leftSection={<IconPlus size={16} />}>
      New payment method
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Payment methods"
        description="Drag rows to set the order they are offered in. Backend Only: order form only; Shop Only: checkout only."
        actions={newButton}
      />
      {methods.isError ? (
        <LoadFailed title={M.loadFailed} onRetry={() => methods.refetch()} />
      ) : methods.isLoading ? (
        <Stack gap="xs">
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Stack>
      ) : order.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text fw={600}>No payment methods yet</Text>
          <Text size="sm" c="dimmed" mb="md">
            Add the ways customers can pay: cash on delivery, bank transfer, card…
          </Text>
          {newButton}
        </Paper>
      ) : (
        <Paper withBorder>
          <Table verticalSpacing="sm" aria-label="Payment methods">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>
                  <VisuallyHidden>Order</VisuallyHidden>
                </Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th w={190}>Status</Table.Th>
                <Table.Th w={100}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={order.map((m) => m.id)} strategy={verticalListSortingStrategy}>
                <Table.Tbody>
                  {order.map((method) => (
                    <SortableRow
                      key={method.id}
                      method={method}
                      busy={changing === method.id}
                      onStatus={(status) => changeStatus(method, status)}
                      onDelete={() => deleteMethod(method)}
                    />
                  ))}
                </Table.Tbody>
              </SortableContext>
            </DndContext>
          </Table>
        </Paper>
      )}
    </>
  );
}

function SortableRow({
  method,
  busy,
  onStatus,
  onDelete,
}: {
  method: PaymentMethodReply;
  busy: boolean;
  onStatus: (status: PaymentMethodStatus) => void;
  onDelete: () => void;
}) {
  const { rowRef, style, handle } = useSortableRow(method.id);
  return (
    <Table.Tr ref={rowRef} data-testid={`payment-method-row-${method.code}`} style={style}>
      <Table.Td>
        <DragHandle label={`Drag to reorder ${method.name}`} handle={handle} />
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={method.icon} radius="sm" size={36} color={STATUS_COLOURS[method.status]} alt="">
            <IconCreditCard size={20} />
          </Avatar>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {method.name}
            </Text>
            {method.description && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {method.description}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color="gray" tt="none" ff="monospace">
          {method.code}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Status of ${method.name}`}
          data={STATUS_OPTIONS}
          value={method.status}
          onChange={(value) => value && onStatus(value as PaymentMethodStatus)}
          allowDeselect={false}
          disabled={busy}
          size="xs"
          w={160}
          comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              component={Link}
              to={`/admin/payment-methods/${method.id}`}
              aria-label={`Edit ${method.name}`}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${method.name}`} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export default PaymentMethodsPage;
