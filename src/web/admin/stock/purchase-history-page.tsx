import { Alert, Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { PurchaseHistoryRowReply } from '../../../contracts/stock';
import { STOCK_HISTORY_PAGE_SIZES, STOCK_PAGE_STRIP } from '../../../contracts/stock';
import type { Paged } from '../../../domain/paging/paging';
import { displayDateTime, money } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { SystemDateInput } from '../../ui/date-input';
import { type Column, DataTable } from '../../ui/list/data-table';
import { useListState } from '../../ui/list/use-list-state';
import { DeliveryStatusBadge, PaymentStatusBadge } from '../orders/list/order-badges';
import { BackToSheet, HistoryHeader, HistoryProblem } from './components/history-frame';
import { type StockItemRef, usePurchaseHistory } from './stock.api';
import { PURCHASE_DEFAULTS, purchaseQueryOf, stockItemOfParams } from './stock-history-query';
import { STOCK_UI_MESSAGES } from './stock-messages';

/**
 * The purchase history of a product or variant (spec 2 §2, DECISIONS 13): the orders that bought
 * it, with dates, paging and the stock histories' look. Rental bookings join when rentals exist.
 */
export function PurchaseHistoryPage() {
  const item = stockItemOfParams(useParams());
  if (!item) {
    return (
      <>
        <BackToSheet />
        <Title order={2} mb="md">
          Purchase history
        </Title>
        <Alert color="orange" variant="light" title={STOCK_UI_MESSAGES.productUnavailable} role="alert" />
      </>
    );
  }
  return <PurchaseHistory key={`${item.productId}-${item.variantId}`} itemRef={item} />;
}

function PurchaseHistory({ itemRef }: { itemRef: StockItemRef }) {
  const list = useListState(PURCHASE_DEFAULTS);
  const { state } = list;
  const history = usePurchaseHistory(itemRef, purchaseQueryOf(state));
  const settings = useUiSettings();
  const reply = history.data;

  if (history.isError && !reply) {
    return (
      <>
        <BackToSheet />
        <Title order={2} mb="md">
          Purchase history
        </Title>
        <HistoryProblem
          error={history.error}
          fallback={STOCK_UI_MESSAGES.purchasesFailed}
          onRetry={() => history.refetch()}
        />
      </>
    );
  }

  const showsVariants = reply ? reply.item.is_variable && reply.item.variant_id === null : false;
  const columns: Column<PurchaseHistoryRowReply>[] = [
    {
      key: 'order',
      title: 'Order',
      render: (p) => (
        <Anchor component={Link} to={p.order_url} size="sm" ff="monospace">
          {p.order_code}
        </Anchor>
      ),
    },
    {
      key: 'date',
      title: 'Date',
      render: (p) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {displayDateTime(p.date, settings.date_format, settings.timezone)}
        </Text>
      ),
    },
    { key: 'customer', title: 'Customer', render: (p) => <Text size="sm">{p.customer}</Text> },
    ...(showsVariants
      ? [
          {
            key: 'variant',
            title: 'Variant',
            render: (p: PurchaseHistoryRowReply) => (
              <Text size="sm" c={p.variant_name ? undefined : 'dimmed'}>
                {p.variant_name ?? '—'}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'quantity',
      title: 'Quantity',
      align: 'right',
      render: (p) => (
        <Badge variant="light" color="gray">
          {p.quantity}
        </Badge>
      ),
    },
    {
      key: 'price',
      title: 'Unit price',
      align: 'right',
      render: (p) => <Text size="sm">{money(p.unit_price, p.currency_symbol)}</Text>,
    },
    {
      key: 'total',
      title: 'Line total',
      align: 'right',
      render: (p) => (
        <Text size="sm" fw={500}>
          {money(p.line_total, p.currency_symbol)}
        </Text>
      ),
    },
    { key: 'payment', title: 'Payment', render: (p) => <PaymentStatusBadge status={p.payment_status} /> },
    { key: 'delivery', title: 'Delivery', render: (p) => <DeliveryStatusBadge status={p.delivery_status} /> },
  ];

  const result: Paged<PurchaseHistoryRowReply> | undefined = reply
    ? { data: reply.data, ...reply.pagination }
    : undefined;
  const filtered = Object.keys(state.filters).length > 0;

  return (
    <>
      <HistoryHeader title="Purchase history" item={reply?.item} itemRef={itemRef} current="purchases" />
      <Group mb="md" gap="sm" align="flex-end">
        <SystemDateInput
          label="From"
          value={state.filters.date_from ?? null}
          onChange={(iso) => list.setFilter('date_from', iso)}
          w={130}
        />
        <SystemDateInput
          label="To"
          value={state.filters.date_to ?? null}
          onChange={(iso) => list.setFilter('date_to', iso)}
          w={130}
        />
      </Group>
      {history.isError && (
        <HistoryProblem
          error={history.error}
          fallback={STOCK_UI_MESSAGES.purchasesFailed}
          onRetry={() => history.refetch()}
        />
      )}
      <DataTable
        label="Purchases"
        columns={columns}
        result={result}
        isLoading={history.isLoading}
        isFetching={history.isFetching}
        isError={false}
        onRetry={() => history.refetch()}
        state={state}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        rowKey={(p) => p.id}
        perPageOptions={[...STOCK_HISTORY_PAGE_SIZES]}
        showAllPagesUpTo={STOCK_PAGE_STRIP}
        empty={{
          title: filtered ? 'No purchases in these dates' : 'No purchases yet',
          description: filtered ? 'Try other dates.' : 'Orders that include this item show here.',
        }}
      />
    </>
  );
}

export default PurchaseHistoryPage;
