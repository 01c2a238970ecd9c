import { Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ATTRIBUTE_VALUES_PER_PAGE,
  type AttributeReply,
  type AttributeValueReply,
  REFERENCE_MESSAGES as M,
} from '../../../../contracts/catalogue-reference';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { useListState } from '../../../ui/list/use-list-state';
import { SearchInput } from '../../../ui/search-input';
import { useAttributeValueChanges, useAttributeValues } from '../reference.api';
import { AttributeValueFormModal } from './attribute-value-form-modal';
import { ProductsCount, RowActions, Swatch, usedByWarning } from './shared';

const LIST_DEFAULTS = { perPage: ATTRIBUTE_VALUES_PER_PAGE, sort: 'sort_order', direction: 'asc' } as const;

/** One attribute's values, 15 per page (spec 3 §9), with add, edit and delete. */
export function AttributeValuesPanel({
  attribute,
  onRename,
  onDelete,
}: {
  attribute: AttributeReply;
  onRename: () => void;
  onDelete: () => void;
}) {
  const list = useListState(LIST_DEFAULTS);
  const values = useAttributeValues(attribute.id, list.query);
  const { remove } = useAttributeValueChanges(attribute.id);
  const [editing, setEditing] = useState<AttributeValueReply | null>(null);
  const [creating, setCreating] = useState(false);

  const deleteValue = (value: AttributeValueReply) =>
    confirmAndDelete(
      {
        title: `Delete the value ${value.value}?`,
        message: `The value ${value.value} of ${attribute.name} will be deleted.${usedByWarning(value.products_count)} This action cannot be undone.`,
        confirmLabel: 'Delete value',
      },
      () => remove.mutateAsync(value.id),
      M.attributeValueDeleteFailed,
    );

  const columns: Column<AttributeValueReply>[] = [
    {
      key: 'value',
      title: 'Value',
      sort: 'value',
      render: (value) => (
        <Text fw={600} size="sm">
          {value.value}
        </Text>
      ),
    },
    { key: 'color', title: 'Colour', render: (value) => <Swatch code={value.color_code} /> },
    {
      key: 'sort',
      title: 'Sort order',
      sort: 'sort_order',
      align: 'right',
      render: (value) => value.sort_order,
    },
    {
      key: 'products',
      title: 'Products',
      align: 'right',
      render: (value) => <ProductsCount count={value.products_count} />,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (value) => (
        <RowActions name={value.value} onEdit={() => setEditing(value)} onDelete={() => deleteValue(value)} />
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={4}>{attribute.name}</Title>
          <Text size="sm" c="dimmed">
            {attribute.values_count} {attribute.values_count === 1 ? 'value' : 'values'}
            {attribute.products_count > 0
              ? `, used by ${attribute.products_count} ${attribute.products_count === 1 ? 'product' : 'products'}`
              : ''}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={onRename}
            aria-label={`Rename ${attribute.name}`}
          >
            Rename
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
            aria-label={`Delete ${attribute.name}`}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <Group justify="space-between">
        <SearchInput
          value={list.state.search}
          onSearch={list.setSearch}
          placeholder="Search values…"
          label="Search values"
          w={240}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Add value
        </Button>
      </Group>
      <DataTable
        label={`Values of ${attribute.name}`}
        columns={columns}
        query={values}
        state={list.state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(value) => value.id}
        empty={
          list.state.search
            ? { title: 'No values match your search', description: 'Try another value or clear the search.' }
            : {
                title: `${attribute.name} has no values yet`,
                description: 'Add the choices shoppers pick from, for example S, M and L.',
                action: (
                  <Button variant="light" onClick={() => setCreating(true)}>
                    Add value
                  </Button>
                ),
              }
        }
      />
      <AttributeValueFormModal
        opened={creating || editing !== null}
        attribute={attribute}
        value={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
