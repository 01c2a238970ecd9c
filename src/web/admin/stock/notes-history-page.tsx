import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { StockNoteReply } from '../../../contracts/stock';
import { STOCK_HISTORY_PAGE_SIZES, STOCK_PAGE_STRIP } from '../../../contracts/stock';
import type { Paged } from '../../../domain/paging/paging';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { ExportButton } from '../../ui/export-button';
import { type Column, DataTable } from '../../ui/list/data-table';
import { useListState } from '../../ui/list/use-list-state';
import { BackToSheet, HistoryHeader, HistoryProblem, UserAndDateFilters } from './components/history-frame';
import { type NoteItem, StockNoteDialog } from './components/stock-note-dialog';
import { historyUrls, type StockItemRef, useNotesHistory } from './stock.api';
import {
  historyExportQueryOf,
  historyQueryOf,
  NOTE_DEFAULTS,
  stockItemOfParams,
} from './stock-history-query';
import { STOCK_UI_MESSAGES } from './stock-messages';

/** The notes history of a product or variant (spec 2 §2, §7): notes, user and date filters, paging, export. */
export function NotesHistoryPage() {
  const item = stockItemOfParams(useParams());
  if (!item) {
    return (
      <>
        <BackToSheet />
        <Title order={2} mb="md">
          Notes history
        </Title>
        <Alert color="orange" variant="light" title={STOCK_UI_MESSAGES.productUnavailable} role="alert" />
      </>
    );
  }
  return <NotesHistory key={`${item.productId}-${item.variantId}`} itemRef={item} />;
}

function NotesHistory({ itemRef }: { itemRef: StockItemRef }) {
  const list = useListState(NOTE_DEFAULTS);
  const { state } = list;
  const notes = useNotesHistory(itemRef, historyQueryOf(state, 'notes'));
  const settings = useUiSettings();
  const [noteItem, setNoteItem] = useState<NoteItem | null>(null);
  const reply = notes.data;

  if (notes.isError && !reply) {
    return (
      <>
        <BackToSheet />
        <Title order={2} mb="md">
          Notes history
        </Title>
        <HistoryProblem
          error={notes.error}
          fallback={STOCK_UI_MESSAGES.notesFailed}
          onRetry={() => notes.refetch()}
        />
      </>
    );
  }

  const showsVariants = reply ? reply.item.is_variable && reply.item.variant_id === null : false;
  const columns: Column<StockNoteReply>[] = [
    {
      key: 'date',
      title: 'Date',
      width: 150,
      render: (n) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {displayDateTime(n.created_at, settings.date_format, settings.timezone)}
        </Text>
      ),
    },
    ...(showsVariants
      ? [
          {
            key: 'variant',
            title: 'Variant',
            render: (n: StockNoteReply) => (
              <Text size="sm" c={n.variant_name ? undefined : 'dimmed'}>
                {n.variant_name ?? 'Product'}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'note',
      title: 'Note',
      render: (n) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {n.note}
        </Text>
      ),
    },
    {
      key: 'sku',
      title: 'SKU',
      render: (n) => (
        <Text size="xs" ff="monospace" c={n.sku ? undefined : 'dimmed'}>
          {n.sku ?? '—'}
        </Text>
      ),
    },
    { key: 'user', title: 'User', width: 160, render: (n) => <Text size="sm">{n.user ?? '—'}</Text> },
  ];

  const result: Paged<StockNoteReply> | undefined = reply
    ? { data: reply.data, ...reply.pagination }
    : undefined;
  const filtered = Object.keys(state.filters).length > 0;
  const item = reply?.item;

  return (
    <>
      <HistoryHeader
        title="Notes history"
        item={item}
        itemRef={itemRef}
        current="notes"
        actions={
          <>
            <ExportButton
              url={historyUrls('notes', itemRef).export}
              query={historyExportQueryOf(state, 'notes')}
              fallbackName="stock_notes.xlsx"
              label="Export to Excel"
            />
            <Button
              leftSection={<IconNote size={16} />}
              disabled={!item}
              onClick={() =>
                item &&
                setNoteItem({
                  product_id: item.product_id,
                  variant_id: item.variant_id,
                  product_name: item.product_name,
                  variant_name: item.variant_name,
                  sku: item.sku,
                })
              }
            >
              Add note
            </Button>
          </>
        }
      />
      <Group mb="md" gap="sm" align="flex-end">
        <UserAndDateFilters users={reply?.users ?? []} filters={state.filters} onFilter={list.setFilter} />
      </Group>
      {notes.isError && (
        <HistoryProblem
          error={notes.error}
          fallback={STOCK_UI_MESSAGES.notesFailed}
          onRetry={() => notes.refetch()}
        />
      )}
      <DataTable
        label="Stock notes"
        columns={columns}
        result={result}
        isLoading={notes.isLoading}
        isFetching={notes.isFetching}
        isError={false}
        onRetry={() => notes.refetch()}
        state={state}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        rowKey={(n) => n.id}
        perPageOptions={[...STOCK_HISTORY_PAGE_SIZES]}
        showAllPagesUpTo={STOCK_PAGE_STRIP}
        empty={{
          title: filtered ? 'No notes match the filters' : 'No stock notes yet',
          description: filtered
            ? 'Try another user or other dates.'
            : 'Notes written about this item show here.',
        }}
      />
      <StockNoteDialog item={noteItem} onClose={() => setNoteItem(null)} />
    </>
  );
}

export default NotesHistoryPage;
