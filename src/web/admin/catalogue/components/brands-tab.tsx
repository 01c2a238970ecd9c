import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { BrandReply } from '../../../../contracts/catalogue-reference';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { useListState } from '../../../ui/list/use-list-state';
import { SearchInput } from '../../../ui/search-input';
import { useBrandChanges, useBrands } from '../reference.api';
import { BrandFormModal } from './brand-form-modal';
import { ActiveBadge, ProductsCount, RowActions, usedByWarning } from './shared';

// spec 2 §9 "most admin lists 10 per page": the system setting default_per_page (decision 0043).
const LIST_DEFAULTS = { perPage: 'setting', sort: 'name', direction: 'asc' } as const;

/** Brands: search, paging (10, spec 2 §9), create, edit, delete. */
export function BrandsTab() {
  const list = useListState(LIST_DEFAULTS);
  const brands = useBrands(list.query);
  const { remove } = useBrandChanges();
  const [editing, setEditing] = useState<BrandReply | null>(null);
  const [creating, setCreating] = useState(false);

  const deleteBrand = (brand: BrandReply) =>
    confirmAndDelete(
      {
        title: `Delete the brand ${brand.name}?`,
        message: `The brand ${brand.name} will be deleted.${usedByWarning(brand.products_count)} This action cannot be undone.`,
        confirmLabel: 'Delete brand',
      },
      () => remove.mutateAsync(brand.id),
      'Failed to delete the brand. Please try again.',
    );

  const columns: Column<BrandReply>[] = [
    {
      key: 'name',
      title: 'Name',
      sort: 'name',
      render: (brand) => (
        <Text fw={600} size="sm">
          {brand.name}
        </Text>
      ),
    },
    {
      key: 'slug',
      title: 'Slug',
      render: (brand) => (
        <Text size="sm" ff="monospace" c="dimmed">
          {brand.slug}
        </Text>
      ),
    },
    { key: 'status', title: 'Status', render: (brand) => <ActiveBadge active={brand.is_active} /> },
    {
      key: 'products',
      title: 'Products',
      align: 'right',
      render: (brand) => <ProductsCount count={brand.products_count} />,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (brand) => (
        <RowActions name={brand.name} onEdit={() => setEditing(brand)} onDelete={() => deleteBrand(brand)} />
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <SearchInput
          value={list.state.search}
          onSearch={list.setSearch}
          placeholder="Search brands…"
          label="Search brands"
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New brand
        </Button>
      </Group>
      <DataTable
        label="Brands"
        columns={columns}
        result={brands.data}
        isLoading={brands.isLoading}
        isFetching={brands.isFetching}
        isError={brands.isError}
        onRetry={() => brands.refetch()}
        state={list.state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(brand) => brand.id}
        empty={
          list.state.search
            ? { title: 'No brands match your search', description: 'Try another name or clear the search.' }
            : {
                title: 'No brands yet',
                description: 'Brands let shoppers find products by maker.',
                action: (
                  <Button variant="light" onClick={() => setCreating(true)}>
                    New brand
                  </Button>
                ),
              }
        }
      />
      <BrandFormModal
        opened={creating || editing !== null}
        brand={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
