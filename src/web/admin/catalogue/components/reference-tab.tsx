import { Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Paged } from '../../../../domain/paging/paging';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { useListState } from '../../../ui/list/use-list-state';
import { SearchInput } from '../../../ui/search-input';
import { ProductsCount, RowActions, usedByWarning } from './shared';

// spec 2 §9 "most admin lists 10 per page": the system setting default_per_page (decision 0043).
const LIST_DEFAULTS = { perPage: 'setting', sort: 'name', direction: 'asc' } as const;

type ReferenceRecord = { id: number; name: string; products_count: number };

export type ReferenceTabProps<T extends ReferenceRecord> = {
  /** How the screen names the records: one ("brand"), many ("brands"), and the table's title. */
  words: { one: string; many: string; title: string };
  /** The page of records for the list's search, sort and page (a react-query hook). */
  useRows: (query: Record<string, string | number>) => UseQueryResult<Paged<T>>;
  remove: (id: number) => Promise<{ message: string }>;
  /** The record's own columns; the products count and the row actions follow them. */
  columns: Column<T>[];
  /** What the delete dialog says about this record besides the products that use it. */
  deleteNote?: (row: T) => string;
  /** The empty list's descriptions: after a search that finds nothing, and with no records yet. */
  empty: { search: string; none: string };
  /** The create and edit dialog: `editing` is null for a new record. */
  modal: (props: { opened: boolean; editing: T | null; onClose: () => void }) => ReactNode;
};

/**
 * A catalogue reference list (brands, colours, VAT rates; spec 2 §7, §9): search, paging, sort by
 * name, the products that use each record, create and edit in a dialog, delete after a
 * confirmation that warns when products still use the record (the server refuses those, 409).
 */
export function ReferenceTab<T extends ReferenceRecord>(props: ReferenceTabProps<T>) {
  const { words } = props;
  const list = useListState(LIST_DEFAULTS);
  const rows = props.useRows(list.query);
  const [editing, setEditing] = useState<T | null>(null);
  const [creating, setCreating] = useState(false);

  const deleteRow = (row: T) =>
    confirmAndDelete(
      {
        title: `Delete the ${words.one} ${row.name}?`,
        message: `The ${words.one} ${row.name} will be deleted.${props.deleteNote?.(row) ?? ''}${usedByWarning(row.products_count)} This action cannot be undone.`,
        confirmLabel: `Delete ${words.one}`,
      },
      () => props.remove(row.id),
      `Failed to delete the ${words.one}. Please try again.`,
    );

  const columns: Column<T>[] = [
    ...props.columns,
    {
      key: 'products',
      title: 'Products',
      align: 'right',
      render: (row) => <ProductsCount count={row.products_count} />,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (row) => (
        <RowActions name={row.name} onEdit={() => setEditing(row)} onDelete={() => deleteRow(row)} />
      ),
    },
  ];
  const newButton = (variant?: 'light') => (
    <Button
      variant={variant}
      leftSection={variant ? undefined : <IconPlus size={16} />}
      onClick={() => setCreating(true)}
    >
      New {words.one}
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <SearchInput
          value={list.state.search}
          onSearch={list.setSearch}
          placeholder={`Search ${words.many}…`}
          label={`Search ${words.many}`}
        />
        {newButton()}
      </Group>
      <DataTable
        label={words.title}
        columns={columns}
        query={rows}
        state={list.state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(row) => row.id}
        empty={
          list.state.search
            ? { title: `No ${words.many} match your search`, description: props.empty.search }
            : { title: `No ${words.many} yet`, description: props.empty.none, action: newButton('light') }
        }
      />
      {props.modal({
        opened: creating || editing !== null,
        editing,
        onClose: () => {
          setCreating(false);
          setEditing(null);
        },
      })}
    </Stack>
  );
}
