import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PICKUP_POINT_MESSAGES as M, type PickupPointReply } from '../../../contracts/shop-setup';
import { errorMessage } from '../../lib/form-errors';
import { money } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { confirmAction } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { PickupPointFormModal } from './components/pickup-point-form-modal';
import { usePickupPointChanges, usePickupPoints } from './shop-setup.api';

/** spec 2 §9: 10 per page. */
const LIST_DEFAULTS: ListDefaults = {
  // spec 2 §9 "most admin lists 10 per page": the system setting default_per_page (10 at first).
  perPage: 'setting',
  sort: 'name',
  direction: 'asc',
  filters: ['status'],
};

export function StatusBadge({ status }: { status: 0 | 1 }) {
  return (
    <Badge size="sm" variant="light" color={status === 1 ? 'teal' : 'gray'}>
      {status === 1 ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** Pickup points (spec 2 §2): search, status filter, paging, create, edit, delete after asking. */
export function PickupPointsPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const points = usePickupPoints(list.query);
  const { remove } = usePickupPointChanges();
  const { currency } = useUiSettings();
  const [editing, setEditing] = useState<PickupPointReply | null>(null);
  const [creating, setCreating] = useState(false);

  const deletePoint = async (point: PickupPointReply) => {
    const confirmed = await confirmAction({
      title: `Delete ${point.name}?`,
      message: `The pickup point ${point.name} will be deleted and customers can no longer choose it. This action cannot be undone.`,
      confirmLabel: 'Delete pickup point',
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove.mutateAsync(point.id)).message);
    } catch (error) {
      notifyError(errorMessage(error, M.deleteFailed));
    }
  };

  const columns: Column<PickupPointReply>[] = [
    {
      key: 'name',
      title: 'Name',
      sort: 'name',
      render: (point) => (
        <Stack gap={0} miw={160}>
          <Text size="sm" fw={600}>
            {point.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {point.address}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'contact',
      title: 'Contact',
      render: (point) => (
        <Stack gap={0}>
          <Text size="sm">{point.phone ?? '—'}</Text>
          {point.email && (
            <Text size="xs" c="dimmed">
              {point.email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'hours',
      title: 'Operating hours',
      render: (point) => (
        <Text size="sm" c={point.operating_hours ? undefined : 'dimmed'} lineClamp={2}>
          {point.operating_hours ?? '—'}
        </Text>
      ),
    },
    {
      key: 'service_fee',
      title: 'Service fee',
      sort: 'service_fee',
      align: 'right',
      render: (point) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={point.service_fee > 0 ? undefined : 'dimmed'}>
          {point.service_fee > 0 ? money(point.service_fee, currency.symbol) : 'Free'}
        </Text>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      sort: 'status',
      render: (point) => <StatusBadge status={point.status} />,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (point) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Edit ${point.name}`}
              onClick={() => setEditing(point)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${point.name}`}
              onClick={() => deletePoint(point)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const filtered = Boolean(state.search || state.filters.status);

  return (
    <>
      <PageHeader
        title="Pickup points"
        description="Places where customers collect their orders; the service fee becomes the order's shipping cost."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New pickup point
          </Button>
        }
      />
      <Group mb="md" gap="sm" align="flex-end">
        <SearchInput
          value={state.search}
          onSearch={list.setSearch}
          placeholder="Name, address, phone or email"
          label="Search pickup points"
          w={300}
        />
        <Select
          aria-label="Filter by status"
          placeholder="Active and inactive"
          data={[
            { value: '1', label: 'Active' },
            { value: '0', label: 'Inactive' },
          ]}
          value={state.filters.status ?? null}
          onChange={(value) => list.setFilter('status', value)}
          clearable
          w={190}
        />
      </Group>
      <DataTable
        label="Pickup points"
        columns={columns}
        query={points}
        state={state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(point) => point.id}
        empty={{
          title: filtered ? 'No pickup points match' : 'No pickup points yet',
          description: filtered
            ? 'Try another search or clear the filter.'
            : 'Add the shops or depots where customers can collect their orders.',
          action: filtered ? undefined : (
            <Button variant="light" onClick={() => setCreating(true)}>
              New pickup point
            </Button>
          ),
        }}
      />
      <PickupPointFormModal
        opened={creating || editing !== null}
        point={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </>
  );
}

export default PickupPointsPage;
