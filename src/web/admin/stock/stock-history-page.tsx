import { Anchor, Select, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StockMovementReply } from '../../../contracts/stock';
import { stockWordLabel } from '../../../domain/stock/stock-rules';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { ExportButton } from '../../ui/export-button';
import type { Column } from '../../ui/list/data-table';
import { useListState } from '../../ui/list/use-list-state';
import { HistoryList, StockItemPage, UserAndDateFilters, variantColumns } from './components/history-frame';
import { MovementTypeBadge, QuantityChange } from './components/stock-cells';
import { historyUrls, type StockItemRef, useStockHistory } from './stock.api';
import {
  historyExportQueryOf,
  historyQueryOf,
  MOVEMENT_DEFAULTS,
  MOVEMENT_TYPE_OPTIONS,
  REASON_FILTER_OPTIONS,
} from './stock-history-query';
import { STOCK_UI_MESSAGES } from './stock-messages';

/** The stock history of a product or variant (spec 2 §2, §7): movements, filters, paging, export. */
export function StockHistoryPage() {
  return <StockItemPage title="Stock history">{(item) => <StockHistory itemRef={item} />}</StockItemPage>;
}

function StockHistory({ itemRef }: { itemRef: StockItemRef }) {
  const list = useListState(MOVEMENT_DEFAULTS);
  const { state } = list;
  const history = useStockHistory(itemRef, historyQueryOf(state, 'movements'));
  const settings = useUiSettings();

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
    ...variantColumns<StockMovementReply>(history.data?.item),
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

  return (
    <HistoryList
      title="Stock history"
      itemRef={itemRef}
      current="movements"
      actions={
        <ExportButton
          url={historyUrls('movements', itemRef).export}
          query={historyExportQueryOf(state, 'movements')}
          fallbackName="stock_history.xlsx"
          label="Export to Excel"
        />
      }
      filters={
        <>
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
          <UserAndDateFilters
            users={history.data?.users ?? []}
            filters={state.filters}
            onFilter={list.setFilter}
          />
        </>
      }
      query={history}
      failed={STOCK_UI_MESSAGES.historyFailed}
      label="Stock movements"
      columns={columns}
      list={list}
      empty={(filtered) => ({
        title: filtered ? 'No stock movements match the filters' : 'No stock movements yet',
        description: filtered
          ? 'Try another type, reason, user or dates.'
          : 'Stock updates, sales and returns of this item show here.',
      })}
    />
  );
}

export default StockHistoryPage;
