import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SHIPPING_MESSAGES as M, type ShippingZoneReply } from '../../../../contracts/shipping';
import { money } from '../../../lib/format';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { ActiveBadge, RowActions } from '../../catalogue/components/shared';
import { useShippingZones, useZoneChanges } from '../shipping.api';
import { WHOLE_LIST_STATE, wholeList } from './shared';
import { ZoneFormModal } from './zone-form-modal';

/** Up to three names, then "and N more". */
function names(list: { name: string }[]): string {
  if (list.length === 0) return '—';
  const shown = list.slice(0, 3).map((x) => x.name);
  return list.length > 3 ? `${shown.join(', ')} and ${list.length - 3} more` : shown.join(', ');
}

/** Shipping zones: countries and states priced together, a rate per method (spec 2 §3). */
export function ZonesTab() {
  const zones = useShippingZones();
  const { remove } = useZoneChanges();
  const [editing, setEditing] = useState<ShippingZoneReply | null>(null);
  const [creating, setCreating] = useState(false);

  const deleteZone = (zone: ShippingZoneReply) =>
    confirmAndDelete(
      {
        title: `Delete the shipping zone ${zone.name}?`,
        message: `Its countries and states will be charged each method's own price. This action cannot be undone.`,
        confirmLabel: 'Delete zone',
      },
      () => remove.mutateAsync(zone.id),
      M.deleteFailed,
    );

  const columns: Column<ShippingZoneReply>[] = [
    {
      key: 'name',
      title: 'Name',
      render: (z) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {z.name}
          </Text>
          {z.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {z.description}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'countries', title: 'Countries', render: (z) => <Text size="sm">{names(z.countries)}</Text> },
    { key: 'states', title: 'States', render: (z) => <Text size="sm">{names(z.states)}</Text> },
    {
      key: 'rates',
      title: 'Rates',
      render: (z) =>
        z.shipping_rates.length === 0 ? (
          <Text size="sm" c="dimmed">
            Methods' own prices
          </Text>
        ) : (
          <Group gap={4}>
            {z.shipping_rates.map((r) => (
              <Badge key={r.method_id} variant="light" tt="none">
                {r.method_name}: {money(r.rate)}
              </Badge>
            ))}
          </Group>
        ),
    },
    { key: 'status', title: 'Status', render: (z) => <ActiveBadge active={z.enabled} /> },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (z) => <RowActions name={z.name} onEdit={() => setEditing(z)} onDelete={() => deleteZone(z)} />,
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          An address in a zone pays the zone's rate for the chosen method; a zone naming the state wins over
          one naming only the country.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New zone
        </Button>
      </Group>
      <DataTable
        label="Shipping zones"
        columns={columns}
        result={wholeList(zones.data)}
        isLoading={zones.isLoading}
        isFetching={zones.isFetching}
        isError={zones.isError}
        errorTitle={M.loadZonesFailed}
        onRetry={() => zones.refetch()}
        state={WHOLE_LIST_STATE}
        onPage={() => {}}
        rowKey={(z) => z.id}
        empty={{
          title: 'No shipping zones yet',
          description: 'Without zones every address pays each method’s own price.',
          action: (
            <Button variant="light" onClick={() => setCreating(true)}>
              New zone
            </Button>
          ),
        }}
      />
      <ZoneFormModal
        opened={creating || editing !== null}
        zone={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
