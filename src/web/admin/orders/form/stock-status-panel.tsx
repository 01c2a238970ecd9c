import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { ORDER_MESSAGES } from '../../../../contracts/orders';
import { errorMessage } from '../../../lib/form-errors';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { confirmAction } from '../../../ui/confirm';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { type StockAction, useOrderStockStatus, useStockAction } from './orders.api';

/** spec 1 §8 "Stock": what each action says when it fails. */
const FAILURES: Record<StockAction, string> = {
  'deduct-stock': 'Failed to deduct stock',
  'deduct-stock-credit': 'Failed to deduct stock',
  'reset-stock-deduction': 'Failed to reset stock deduction',
};

const CONFIRMS: Record<StockAction, { title: string; message: string; label: string }> = {
  'deduct-stock': {
    title: 'Deduct stock?',
    message: 'The quantities of this order will be taken from stock.',
    label: 'Deduct stock',
  },
  'deduct-stock-credit': {
    title: 'Deduct stock for this credit order?',
    message: 'The quantities of this credit order will be taken from stock before it is paid.',
    label: 'Deduct stock',
  },
  'reset-stock-deduction': {
    title: 'Reset the stock deduction?',
    message: 'The quantities taken for this order will be returned to stock.',
    label: 'Reset deduction',
  },
};

/** The edit page's stock status (spec 1 §4 "Stock deduction", §7, §8; DECISIONS 10). */
export function StockStatusPanel({ orderId }: { orderId: number }) {
  const { date_format, timezone } = useUiSettings();
  const status = useOrderStockStatus(orderId);
  const action = useStockAction(orderId);

  const run = async (kind: StockAction) => {
    const copy = CONFIRMS[kind];
    if (!(await confirmAction({ title: copy.title, message: copy.message, confirmLabel: copy.label })))
      return;
    try {
      const reply = await action.mutateAsync(kind);
      notifySuccess(
        reply.message ||
          (kind === 'reset-stock-deduction' ? ORDER_MESSAGES.stockReset : ORDER_MESSAGES.stockDeducted),
      );
    } catch (error) {
      notifyError(errorMessage(error, FAILURES[kind]));
    }
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>Stock status</Title>
        {status.isPending ? (
          <Skeleton h={60} />
        ) : status.isError ? (
          <Alert color="red">Failed to load stock status</Alert>
        ) : !status.data.stock_management_enabled ? (
          <Text size="sm" c="dimmed">
            {ORDER_MESSAGES.stockDisabled}
          </Text>
        ) : (
          <>
            <Group gap="xs">
              {status.data.stock_deducted_at ? (
                <Badge color="teal" variant="light" data-testid="stock-state">
                  Deducted {displayDateTime(status.data.stock_deducted_at, date_format, timezone)}
                </Badge>
              ) : (
                <Badge color="gray" variant="light" data-testid="stock-state">
                  Not deducted
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                Deduction timing: {status.data.deduction_timing.replace(/_/g, ' ')}
              </Text>
            </Group>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {status.data.items.map((item) => (
                  <Table.Tr key={item.order_item_id}>
                    <Table.Td>
                      {item.product_name}
                      {item.variant ? ` — ${item.variant}` : ''}
                    </Table.Td>
                    <Table.Td ta="right">{item.quantity}</Table.Td>
                    <Table.Td
                      ta="right"
                      c={item.available < item.quantity && !item.deducted ? 'red' : undefined}
                    >
                      {item.available}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group gap="xs">
              {status.data.stock_deducted_at ? (
                <Button
                  size="xs"
                  color="orange"
                  variant="light"
                  loading={action.isPending}
                  onClick={() => run('reset-stock-deduction')}
                >
                  Reset deduction
                </Button>
              ) : (
                <>
                  <Button size="xs" loading={action.isPending} onClick={() => run('deduct-stock')}>
                    Deduct stock
                  </Button>
                  {status.data.is_credit_order && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={action.isPending}
                      onClick={() => run('deduct-stock-credit')}
                    >
                      Deduct for credit order
                    </Button>
                  )}
                </>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
