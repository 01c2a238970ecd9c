import { Button, ColorSwatch, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { ColorReply } from '../../../../contracts/catalogue-reference';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { useListState } from '../../../ui/list/use-list-state';
import { SearchInput } from '../../../ui/search-input';
import { useColorChanges, useColors } from '../reference.api';
import { ColourFormModal } from './colour-form-modal';
import { ProductsCount, RowActions, usedByWarning } from './shared';

// spec 2 §9 "most admin lists 10 per page": the system setting default_per_page (decision 0043).
const LIST_DEFAULTS = { perPage: 'setting', sort: 'name', direction: 'asc' } as const;

/** Colours for product variants: swatch, name and code; search, paging, create, edit, delete. */
export function ColoursTab() {
  const list = useListState(LIST_DEFAULTS);
  const colors = useColors(list.query);
  const { remove } = useColorChanges();
  const [editing, setEditing] = useState<ColorReply | null>(null);
  const [creating, setCreating] = useState(false);

  const deleteColour = (color: ColorReply) =>
    confirmAndDelete(
      {
        title: `Delete the colour ${color.name}?`,
        message: `The colour ${color.name} will be deleted.${usedByWarning(color.products_count)} This action cannot be undone.`,
        confirmLabel: 'Delete colour',
      },
      () => remove.mutateAsync(color.id),
      'Failed to delete the colour. Please try again.',
    );

  const columns: Column<ColorReply>[] = [
    {
      key: 'name',
      title: 'Name',
      sort: 'name',
      render: (color) => (
        <Group gap="sm" wrap="nowrap">
          <ColorSwatch color={color.code} size={22} aria-hidden />
          <Text fw={600} size="sm">
            {color.name}
          </Text>
        </Group>
      ),
    },
    {
      key: 'code',
      title: 'Code',
      render: (color) => (
        <Text size="sm" ff="monospace">
          {color.code}
        </Text>
      ),
    },
    {
      key: 'products',
      title: 'Products',
      align: 'right',
      render: (color) => <ProductsCount count={color.products_count} />,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (color) => (
        <RowActions name={color.name} onEdit={() => setEditing(color)} onDelete={() => deleteColour(color)} />
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <SearchInput
          value={list.state.search}
          onSearch={list.setSearch}
          placeholder="Search colours…"
          label="Search colours"
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New colour
        </Button>
      </Group>
      <DataTable
        label="Colours"
        columns={columns}
        result={colors.data}
        isLoading={colors.isLoading}
        isFetching={colors.isFetching}
        isError={colors.isError}
        onRetry={() => colors.refetch()}
        state={list.state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(color) => color.id}
        empty={
          list.state.search
            ? {
                title: 'No colours match your search',
                description: 'Try another name or code, or clear the search.',
              }
            : {
                title: 'No colours yet',
                description: 'Colours give product variants a swatch in the shop.',
                action: (
                  <Button variant="light" onClick={() => setCreating(true)}>
                    New colour
                  </Button>
                ),
              }
        }
      />
      <ColourFormModal
        opened={creating || editing !== null}
        color={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
