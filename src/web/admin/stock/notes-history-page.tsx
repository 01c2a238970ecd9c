import { Button, Text } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { useState } from 'react';
import type { StockNoteReply } from '../../../contracts/stock';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { ExportButton } from '../../ui/export-button';
import type { Column } from '../../ui/list/data-table';
import { useListState } from '../../ui/list/use-list-state';
import { HistoryList, StockItemPage, UserAndDateFilters, variantColumns } from './components/history-frame';
import { type NoteItem, StockNoteDialog } from './components/stock-note-dialog';
import { historyUrls, type StockItemRef, useNotesHistory } from './stock.api';
import { historyExportQueryOf, historyQueryOf, NOTE_DEFAULTS } from './stock-history-query';
import { STOCK_UI_MESSAGES } from './stock-messages';

/** The notes history of a product or variant (spec 2 §2, §7): notes, user and date filters, paging, export. */
export function NotesHistoryPage() {
  return <StockItemPage title="Notes history">{(item) => <NotesHistory itemRef={item} />}</StockItemPage>;
}

function NotesHistory({ itemRef }: { itemRef: StockItemRef }) {
  const list = useListState(NOTE_DEFAULTS);
  const { state } = list;
  const notes = useNotesHistory(itemRef, historyQueryOf(state, 'notes'));
  const settings = useUiSettings();
  const [noteItem, setNoteItem] = useState<NoteItem | null>(null);
  const item = notes.data?.item;

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
    ...variantColumns<StockNoteReply>(item, 'Product'),
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

  return (
    <HistoryList
      title="Notes history"
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
      filters={
        <UserAndDateFilters
          users={notes.data?.users ?? []}
          filters={state.filters}
          onFilter={list.setFilter}
        />
      }
      query={notes}
      failed={STOCK_UI_MESSAGES.notesFailed}
      label="Stock notes"
      columns={columns}
      list={list}
      empty={(filtered) => ({
        title: filtered ? 'No notes match the filters' : 'No stock notes yet',
        description: filtered
          ? 'Try another user or other dates.'
          : 'Notes written about this item show here.',
      })}
    >
      <StockNoteDialog item={noteItem} onClose={() => setNoteItem(null)} />
    </HistoryList>
  );
}

export default NotesHistoryPage;
