import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { OrderListRow } from '../../../../contracts/orders';
import { displayDateTime, money } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { ExportButton } from '../../../ui/export-button';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../../ui/list/use-list-state';
import { PageHeader } from '../../../ui/page-header';
import { can, useViewer } from '../../session';
import { confirmAndDeleteOrder } from './order-actions';
import { DeliveryStatusBadge, PaymentStatusBadge } from './order-badges';
import { ORDER_FILTERS, OrderFilters } from './order-filters';
import { ORDERS_EXPORT_URL, useDeleteOrder, useOrders } from './orders.api';

/** 10 a page, newest first (contracts ordersListQuery, spec 1 §9). */
const LIST_DEFAULTS: ListDefaults = {
  // spec 2 §9 "most admin lists 10 per page": the system setting default_per_page (10 at first).
  perPage: 'setting',
  sort: 'created_at',
  direction: 'desc',
  filters: ORDER_FILTERS,
};

export const orderEditPath = (id: number) => `/admin/orders/${id}/edit`;

/**
 * The orders list (spec 1 §2, §7, §8): search, filters, sortable columns, status badges, totals in
 * each order's currency, delete with confirmation, and the Excel export of what the list shows.
 */
export function OrdersPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const orders = useOrders(list.query);
  const remove = useDeleteOrder();
  const settings = useUiSettings();
  const viewer = useViewer();
  // orders.view alone reads the list; creating and deleting need orders.manage (docs/decisions/0042).
  const canManage = viewer.data === undefined || can(viewer.data, 'orders.manage');

  const columns: Column<OrderListRow>[] = [
    {
      key: 'order_code',
      title: 'Order',
      sort: 'order_code',
      render: (order) => (
        <Stack gap={0}>
          <Anchor component={Link} to={orderEditPath(order.id)} fw={600} size="sm" ff="monospace">
            {order.order_code}
          </Anchor>
          <Text size="xs" c="dimmed">
            {order.order_from === 'web' ? 'Web shop' : 'Back office'} · {order.items_count}{' '}
            {order.items_count === 1 ? 'item' : 'items'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'customer',
      title: 'Customer',
      sort: 'customer',
      render: (order) => (
        <Stack gap={0}>
          <Text size="sm">{order.customer_name}</Text>
          {order.customer_email && (
            <Text size="xs" c="dimmed">
              {order.customer_email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'created',
      title: 'Date',
      sort: 'created_at',
      width: 150,
      render: (order) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {displayDateTime(order.created_at, settings.date_format, settings.timezone)}
        </Text>
      ),
    },
    {
      key: 'delivery',
      title: 'Delivery',
      sort: 'delivery_status',
      width: 130,
      render: (order) => <DeliveryStatusBadge status={order.delivery_status} />,
    },
    {
      key: 'payment',
      title: 'Payment',
      sort: 'payment_status',
      width: 120,
      render: (order) => <PaymentStatusBadge status={order.payment_status} />,
    },
    {
      key: 'total',
      title: 'Total',
      sort: 'grand_total',
      align: 'right',
      width: 140,
      render: (order) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {money(order.grand_total, order.currency_symbol)}
          </Text>
          {order.payment_status === 'partial' && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {money(order.amount_paid, order.currency_symbol)} paid
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 90,
      render: (order) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              component={Link}
              to={orderEditPath(order.id)}
              aria-label={`Edit order ${order.order_code}`}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          {canManage && (
            <Tooltip label="Delete" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete order ${order.order_code}`}
                onClick={() => confirmAndDeleteOrder(order, remove.mutateAsync)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  const filtered = Boolean(state.search || Object.keys(state.filters).length > 0);

  return (
    <>
      <PageHeader
        title="Orders"
        description="Orders taken in the back office and the web shop."
        actions={
          <>
            <ExportButton
              url={ORDERS_EXPORT_URL}
              query={{
                search: state.search || undefined,
                sort: state.sort,
                direction: state.direction,
                ...state.filters,
              }}
              fallbackName="orders.xlsx"
            />
            {canManage && (
              <Button component={Link} to="/admin/orders/create" leftSection={<IconPlus size={16} />}>
                New order
              </Button>
            )}
          </>
        }
      />
      <OrderFilters
        search={state.search}
        filters={state.filters}
        onSearch={list.setSearch}
        onFilter={list.setFilter}
      />
      <DataTable
        label="Orders"
        columns={columns}
        query={orders}
        state={state}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        onSort={list.toggleSort}
        rowKey={(order) => order.id}
        perPageOptions={[10, 25, 50, 100]}
        showAllPagesUpTo={5}
        empty={{
          title: 'No orders found',
          description: filtered
            ? 'Try another search or clear the filters.'
            : 'Orders taken in the back office or the web shop show here.',
          action:
            filtered || !canManage ? undefined : (
              <Button component={Link} to="/admin/orders/create" variant="light">
                New order
              </Button>
            ),
        }}
      />
    </>
  );
}

export default OrdersPage;
