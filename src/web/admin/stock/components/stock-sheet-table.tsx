import { ActionIcon, Button, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCornerDownRight, IconHistory, IconNote, IconNotes, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { StockRowReply, StockSheetReply } from '../../../../contracts/stock';
import { STOCK_PAGE_STRIP, STOCK_SHEET_PAGE_SIZES } from '../../../../contracts/stock';
import type { Paged } from '../../../../domain/paging/paging';
import { type Column, DataTable } from '../../../ui/list/data-table';
import type { ListState } from '../../../ui/list/use-list-state';
import { historyPagePath } from '../stock.api';
import { productNameOf, rowKey } from '../stock-sheet-rows';
import { LocationBreakdown, StockStatusBadge } from './stock-cells';

/** How a row is named in buttons and dialogs: "Beach robe — Coral / S". */
export function rowLabel(rows: readonly StockRowReply[], row: StockRowReply): string {
  return row.is_main_row ? row.name : `${productNameOf(rows, row)} — ${row.name}`;
}

function NameCell({ row }: { row: StockRowReply }) {
  if (row.is_main_row) {
    return (
      <Stack gap={0} miw={150}>
        <Text size="sm" fw={600}>
          {row.name}
        </Text>
        {row.is_variable && (
          <Text size="xs" c="dimmed">
            {row.variant_count} {row.variant_count === 1 ? 'variant' : 'variants'}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" pl="md" miw={150}>
      <IconCornerDownRight
        size={14}
        color="var(--mantine-color-gray-5)"
        aria-hidden
        style={{ flexShrink: 0 }}
      />
      <Text size="sm">{row.name}</Text>
    </Group>
  );
}

type Props = {
  reply: StockSheetReply | undefined;
  isLoading: boolean;
  isFetching: boolean;
  state: ListState;
  filtered: boolean;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  onUpdate: (row: StockRowReply, label: string) => void;
  onNote: (row: StockRowReply) => void;
};

/**
 * The stock sheet's table (spec 2 §3 Stock row): a main row per product, its variants indented
 * under it; current stock, where it sits, status and the row's actions.
 */
export function StockSheetTable({ reply, isLoading, isFetching, state, filtered, ...on }: Props) {
  const rows = reply?.data ?? [];
  const result: Paged<StockRowReply> | undefined = reply
    ? { data: reply.data, ...reply.pagination }
    : undefined;

  const columns: Column<StockRowReply>[] = [
    { key: 'name', title: 'Product', render: (row) => <NameCell row={row} /> },
    {
      key: 'sku',
      title: 'SKU',
      render: (row) => (
        <Text size="xs" ff="monospace" c={row.sku ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {row.sku ?? '—'}
        </Text>
      ),
    },
    {
      key: 'supplier',
      title: 'Supplier',
      render: (row) =>
        row.is_main_row ? (
          <Text size="sm" c={row.supplier ? undefined : 'dimmed'} lineClamp={1}>
            {row.supplier ?? '—'}
          </Text>
        ) : null,
    },
    {
      key: 'stock',
      title: 'Stock',
      align: 'right',
      render: (row) => (
        <Text size="sm" fw={row.is_main_row ? 700 : 500} data-testid="current-stock">
          {row.current_stock}
        </Text>
      ),
    },
    { key: 'locations', title: 'Locations', render: (row) => <LocationBreakdown row={row} /> },
    { key: 'status', title: 'Status', width: 130, render: (row) => <StockStatusBadge status={row.status} /> },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      render: (row) => {
        const label = rowLabel(rows, row);
        const item = { productId: row.product_id, variantId: row.variant_id };
        return (
          <Group gap={2} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => on.onUpdate(row, label)}
              aria-label={`Update stock of ${label}`}
            >
              Update stock
            </Button>
            <Tooltip label="Add note" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => on.onNote(row)}
                aria-label={`Add note to ${label}`}
              >
                <IconNote size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Stock history" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                component={Link}
                to={historyPagePath('movements', item)}
                aria-label={`Stock history of ${label}`}
              >
                <IconHistory size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Notes history" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                component={Link}
                to={historyPagePath('notes', item)}
                aria-label={`Notes history of ${label}`}
              >
                <IconNotes size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Purchase history" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                component={Link}
                to={historyPagePath('purchases', item)}
                aria-label={`Purchase history of ${label}`}
              >
                <IconReceipt size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  return (
    <DataTable
      label="Stock sheet"
      columns={columns}
      result={result}
      isLoading={isLoading}
      isFetching={isFetching}
      isError={false}
      onRetry={() => {}}
      state={state}
      onPage={on.onPage}
      onPerPage={on.onPerPage}
      rowKey={rowKey}
      perPageOptions={[...STOCK_SHEET_PAGE_SIZES]}
      showAllPagesUpTo={STOCK_PAGE_STRIP}
      empty={{
        title: filtered ? 'No products match the search or filters' : 'No products yet',
        description: filtered
          ? 'Try another search, or clear the stock, supplier and location filters.'
          : 'Products added to the catalogue show here with their stock.',
      }}
    />
  );
}
