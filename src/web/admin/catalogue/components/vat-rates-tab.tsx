import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import type { VatReply } from '../../../../contracts/catalogue-reference';
import { useUiSettings } from '../../../lib/ui-settings';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { useListState } from '../../../ui/list/use-list-state';
import { SearchInput } from '../../../ui/search-input';
import { useVatChanges, useVats } from '../reference.api';
import { ActiveBadge, ProductsCount, RowActions, usedByWarning } from './shared';
import { VAT_TYPE_BADGES, VatFormModal } from './vat-form-modal';

// spec 2 §9 "most admin lists 10 per page": the system setting default_per_page (decision 0043).
const LIST_DEFAULTS = { perPage: 'setting', sort: 'name', direction: 'asc' } as const;

const decimals = (value: number, min: number) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: min, maximumFractionDigits: 4 });

/** What a rate means, in words: "15%", "$0.50 per unit", or "No VAT". */
export function describeRate(vat: Pick<VatReply, 'type' | 'rate'>, symbol: string): string {
  if (vat.type === 'percentage') return `${decimals(vat.rate, 0)}%`;
  if (vat.type === 'fixed') return `${symbol}${decimals(vat.rate, 2)} per unit`;
  return 'No VAT';
}

/** VAT rates: the default badged, search, paging, create, edit, delete. */
export function VatRatesTab() {
  const list = useListState(LIST_DEFAULTS);
  const vats = useVats(list.query);
  const { remove } = useVatChanges();
  const symbol = useUiSettings().currency.symbol;
  const [editing, setEditing] = useState<VatReply | null>(null);
  const [creating, setCreating] = useState(false);

  const deleteVat = (vat: VatReply) =>
    confirmAndDelete(
      {
        title: `Delete the VAT rate ${vat.name}?`,
        message: `The VAT rate ${vat.name} will be deleted.${vat.is_default ? ' It is the default rate: no rate will be the default until you choose another.' : ''}${usedByWarning(vat.products_count)} This action cannot be undone.`,
        confirmLabel: 'Delete VAT rate',
      },
      () => remove.mutateAsync(vat.id),
      'Failed to delete the VAT rate. Please try again.',
    );

  const columns: Column<VatReply>[] = [
    {
      key: 'name',
      title: 'Name',
      sort: 'name',
      render: (vat) => (
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {vat.name}
          </Text>
          {vat.is_default && (
            <Badge size="sm" variant="filled" color="shop" leftSection={<IconStar size={10} />}>
              Default
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'type',
      title: 'Type',
      render: (vat) => (
        <Badge size="sm" variant="light" color="gray">
          {VAT_TYPE_BADGES[vat.type]}
        </Badge>
      ),
    },
    {
      key: 'rate',
      title: 'Rate',
      sort: 'rate',
      render: (vat) => (
        <Text size="sm" c={vat.type === 'exempt' || vat.type === 'zero' ? 'dimmed' : undefined}>
          {describeRate(vat, symbol)}
        </Text>
      ),
    },
    { key: 'status', title: 'Status', render: (vat) => <ActiveBadge active={vat.is_active} /> },
    {
      key: 'products',
      title: 'Products',
      align: 'right',
      render: (vat) => <ProductsCount count={vat.products_count} />,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (vat) => (
        <RowActions name={vat.name} onEdit={() => setEditing(vat)} onDelete={() => deleteVat(vat)} />
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <SearchInput
          value={list.state.search}
          onSearch={list.setSearch}
          placeholder="Search VAT rates…"
          label="Search VAT rates"
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New VAT rate
        </Button>
      </Group>
      <DataTable
        label="VAT rates"
        columns={columns}
        result={vats.data}
        isLoading={vats.isLoading}
        isFetching={vats.isFetching}
        isError={vats.isError}
        onRetry={() => vats.refetch()}
        state={list.state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(vat) => vat.id}
        empty={
          list.state.search
            ? {
                title: 'No VAT rates match your search',
                description: 'Try another name or clear the search.',
              }
            : {
                title: 'No VAT rates yet',
                description:
                  'Add the rates your products are taxed at: a percentage, a fixed amount, exempt or zero.',
                action: (
                  <Button variant="light" onClick={() => setCreating(true)}>
                    New VAT rate
                  </Button>
                ),
              }
        }
      />
      <VatFormModal
        opened={creating || editing !== null}
        vat={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
