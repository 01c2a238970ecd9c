import { Alert, Anchor, Group, Select, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { StockMovementReply } from '../../../contracts/stock';
import { STOCK_HISTORY_PAGE_SIZES, STOCK_PAGE_STRIP } from '../../../contracts/stock';
import type { Paged } from '../../../domain/paging/paging';
import { stockWordLabel } from '../../../domain/stock/stock-rules';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { ExportButton } from '../../ui/export-button';
import { type Column, DataTable } from '../../ui/list/data-table';
import { useListState } from '../../ui/list/use-list-state';
import { BackToSheet, HistoryHeader, HistoryProblem, UserAndDateFilters } from './components/history-frame';
import { MovementTypeBadge, QuantityChange } from './components/stock-cells';
import { historyUrls, type StockItemRef, useStockHistory } from './stock.api';
import {
  historyExportQueryOf,
  historyQueryOf,
  MOVEMENT_DEFAULTS,
  MOVEMENT_TYPE_OPTIONS,
  REASON_FILTER_OPTIONS,
  stockItemOfParams,
} from './stock-history-query';
import { STOCK_UI_MESSAGES } from './stock-messages';

/** The stock history of a product or variant (spec 2 §2, §7): movements, filters, paging, export. */
export function StockHistoryPage() {
  const item = stockItemOfParams(useParams());
  if (!item) {
    return (
      <>
        <BackToSheet />
        <Title order={2} mb="md">
          Stock history
        </Title>
        <Alert color="orange" variant="light" title={STOCK_UI_MESSAGES.productUnavailable} role="alert" />
      </>
    );
  }
  return <StockHistory key={`${item.productId}-${item.variantId}`} itemRef={item} />;
}

function StockHistory({ itemRef }: { itemRef: StockItemRef }) {
  const list = useListState(MOVEMENT_DEFAULTS);
  const { state } = list;
  const history = useStockHistory(itemRef, historyQueryOf(state, 'movements'));
  const settings = useUiSettings();
  const reply = history.data;

  if (history.isError && !reply) {
    return (
      <>
        <BackToSheet />
        <Title order={2} mb="md">
          Stock history
        </Title>
        <HistoryProblem
          error={history.error}
          fallback={STOCK_UI_MESSAGES.historyFailed}
          onRetry={() => history.refetch()}
        />
      </>
    );
  }

  const showsVariants = reply ? reply.item.is_variable && reply.item.variant_id === null : false;
  const columns: Column<StockMovementReply>[] = [
    {
      key: 'date',
      title: 'Date',
      render: (m) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {displayDateTime(m.created_at, settings.date_format, settings.timezone)}
        </Text>
      ),
    },
    ...(showsVariants
      ? [
          {
            key: 'variant',
            title: 'Variant',
            render: (m: StockMovementReply) => (
              <Text size="sm" c={m.variant_name ? undefined : 'dimmed'}>
                {m.variant_name ?? '—'}
              </Text>
            ),
          },
        ]
      : []),
    { key: 'type', title: 'Type', render: (m) => <MovementTypeBadge type={m.movement_type} /> },
    {
      key: 'reason',
      title: 'Reason',
      render: (m) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {stockWordLabel(m.reason)}
          {m.order && (
            <Text span size="xs" c="dimmed">
              {' · '}
              <Anchor component={Link} to={m.order.url} size="xs">
                {m.order.order_code}
              </Anchor>
            </Text>
          )}
        </Text>
      ),
    },
    {
      key: 'change',
      title: 'Change',
      align: 'right',
      render: (m) => <QuantityChange value={m.quantity_changed} />,
    },
    {
      key: 'stock',
      title: 'Before → after',
      render: (m) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {m.quantity_before} → {m.quantity_after}
        </Text>
      ),
    },
    {
      key: 'location',
      title: 'Location',
      render: (m) => (
        <Text size="sm" c={m.store_location ? undefined : 'dimmed'}>
          {m.store_location ?? '—'}
        </Text>
      ),
    },
    { key: 'user', title: 'User', render: (m) => <Text size="sm">{m.user ?? '—'}</Text> },
    {
      key: 'notes',
      title: 'Notes',
      render: (m) => (
        <Text size="sm" c={m.notes ? undefined : 'dimmed'} lineClamp={2} maw={260}>
          {m.notes ?? '—'}
        </Text>
      ),
    },
  ];

  const result: Paged<StockMovementReply> | undefined = reply
    ? { data: reply.data, ...reply.pagination }
    : undefined;
  const filtered = Object.keys(state.filters).length > 0;
  const urls = historyUrls('movements', itemRef);

  return (
    <>
      <HistoryHeader
        title="Stock history"
        item={reply?.item}
        itemRef={itemRef}
        current="movements"
        actions={
          <ExportButton
            url={urls.export}
            query={historyExportQueryOf(state, 'movements')}
            fallbackName="stock_history.xlsx"
            label="Export to Excel"
          />
        }
      />
      <Group mb="md" gap="sm" align="flex-end">
        <Select
          label="Type"
          placeholder="All types"
          data={MOVEMENT_TYPE_OPTIONS}
          value={state.filters.movement_type ?? null}
          onChange={(value) => list.setFilter('movement_type', value)}
          clearable
          w={150}
        />
        <Select
          label="Reason"
          placeholder="All reasons"
          data={REASON_FILTER_OPTIONS}
          value={state.filters.reason ?? null}
          onChange={(value) => list.setFilter('reason', value)}
          clearable
          searchable
          w={190}
        />
        <UserAndDateFilters users={reply?.users ?? []} filters={state.filters} onFilter={list.setFilter} />
      </Group>
      {history.isError && (
        <HistoryProblem
          error={history.error}
          fallback={STOCK_UI_MESSAGES.historyFailed}
          onRetry={() => history.refetch()}
        />
      )}
      <DataTable
        label="Stock movements"
        columns={columns}
        result={result}
        isLoading={history.isLoading}
        isFetching={history.isFetching}
        isError={false}
        onRetry={() => history.refetch()}
        state={state}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        rowKey={(m) => m.id}
        perPageOptions={[...STOCK_HISTORY_PAGE_SIZES]}
        showAllPagesUpTo={STOCK_PAGE_STRIP}
        empty={{
          title: filtered ? 'No stock movements match the filters' : 'No stock movements yet',
          description: filtered
            ? 'Try another type, reason, user or dates.'
            : 'Stock updates, sales and returns of this item show here.',
        }}
      />
    </>
  );
}

export default StockHistoryPage;
