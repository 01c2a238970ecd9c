import { ActionIcon, Button, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCornerDownRight, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { CategoryReply } from '../../../../contracts/catalogue-reference';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import type { ListState } from '../../../ui/list/use-list-state';
import { useCategoryChanges, useCategoryTree } from '../reference.api';
import { CategoryFormModal } from './category-form-modal';
import { ActiveBadge, ProductsCount, RowActions, usedByWarning } from './shared';

type Row = CategoryReply & { depth: 0 | 1 };

const TREE_STATE: ListState = {
  page: 1,
  per_page: 1,
  search: '',
  sort: 'sort_order',
  direction: 'asc',
  filters: {},
};

/** The whole tree as one "page": top categories, each followed by its children. */
function treePage(rows: Row[]) {
  const total = rows.length;
  return {
    data: rows,
    current_page: 1,
    last_page: 1,
    per_page: Math.max(total, 1),
    total,
    from: total ? 1 : null,
    to: total || null,
  };
}

/**
 * Categories as a two-level tree (spec 2 §9 "Category depth 2"): top categories with their
 * subcategories indented under them, in sort order; add, edit and delete.
 */
export function CategoriesTab() {
  const tree = useCategoryTree();
  const { remove } = useCategoryChanges();
  const [editing, setEditing] = useState<CategoryReply | null>(null);
  const [creatingUnder, setCreatingUnder] = useState<number | null | undefined>(undefined);

  const tops = tree.data?.data ?? [];
  const rows: Row[] = tops.flatMap((top) => [
    { ...top, depth: 0 as const },
    ...top.children.map((child) => ({ ...child, depth: 1 as const })),
  ]);

  const deleteCategory = (category: Row) => {
    const children =
      category.children_count > 0
        ? ` It has ${category.children_count} ${category.children_count === 1 ? 'subcategory' : 'subcategories'}: move or delete ${category.children_count === 1 ? 'it' : 'them'} first.`
        : '';
    return confirmAndDelete(
      {
        title: `Delete the category ${category.name}?`,
        message: `The category ${category.name} will be deleted.${children}${usedByWarning(category.products_count)} This action cannot be undone.`,
        confirmLabel: 'Delete category',
      },
      () => remove.mutateAsync(category.id),
      'Failed to delete the category. Please try again.',
    );
  };

  const columns: Column<Row>[] = [
    {
      key: 'name',
      title: 'Name',
      render: (category) =>
        category.depth === 0 ? (
          <Text fw={600} size="sm">
            {category.name}
          </Text>
        ) : (
          <Group gap={6} pl="lg" wrap="nowrap">
            <IconCornerDownRight size={14} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm">{category.name}</Text>
          </Group>
        ),
    },
    {
      key: 'slug',
      title: 'Slug',
      render: (category) => (
        <Text size="sm" ff="monospace" c="dimmed">
          {category.slug}
        </Text>
      ),
    },
    { key: 'sort', title: 'Sort order', align: 'right', render: (category) => category.sort_order },
    { key: 'status', title: 'Status', render: (category) => <ActiveBadge active={category.is_active} /> },
    {
      key: 'products',
      title: 'Products',
      align: 'right',
      render: (category) => <ProductsCount count={category.products_count} />,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 130,
      render: (category) => (
        <RowActions
          name={category.name}
          onEdit={() => setEditing(category)}
          onDelete={() => deleteCategory(category)}
        >
          {category.depth === 0 && (
            <Tooltip label="Add subcategory" withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={`Add subcategory to ${category.name}`}
                onClick={() => setCreatingUnder(category.id)}
              >
                <IconPlus size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Two levels: top categories and their subcategories.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreatingUnder(null)}>
          New category
        </Button>
      </Group>
      <DataTable
        label="Categories"
        columns={columns}
        result={tree.data ? treePage(rows) : undefined}
        isLoading={tree.isLoading}
        isFetching={tree.isFetching}
        isError={tree.isError}
        onRetry={() => tree.refetch()}
        state={TREE_STATE}
        onPage={() => {}}
        rowKey={(category) => category.id}
        empty={{
          title: 'No categories yet',
          description: 'Create top categories, then subcategories under them.',
          action: (
            <Button variant="light" onClick={() => setCreatingUnder(null)}>
              New category
            </Button>
          ),
        }}
      />
      <CategoryFormModal
        opened={creatingUnder !== undefined || editing !== null}
        category={editing}
        parentId={creatingUnder ?? null}
        tops={tops}
        onClose={() => {
          setCreatingUnder(undefined);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
