import { Badge, Group, Text } from '@mantine/core';
import type { UiSettings } from '../../../../contracts/ui-settings';
import { displayDateTime } from '../../../lib/format';
import type { Column } from '../../../ui/list/data-table';

type AccessRecord = {
  id: number;
  name: string;
  description: string | null;
  is_built_in: boolean;
  created_at: string;
};

/** The name (with its built-in badge), description and created columns roles and permissions share. */
export function accessColumns<T extends AccessRecord>(
  settings: UiSettings,
  options: { monospace?: boolean; nameWidth?: number },
): { name: Column<T>; description: Column<T>; created: Column<T> } {
  return {
    name: {
      key: 'name',
      title: 'Name',
      sort: 'name',
      ...(options.nameWidth ? { width: options.nameWidth } : {}),
      render: (record) => (
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm" {...(options.monospace ? { ff: 'monospace' } : {})}>
            {record.name}
          </Text>
          {record.is_built_in && (
            <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
              Built-in
            </Badge>
          )}
        </Group>
      ),
    },
    description: {
      key: 'description',
      title: 'Description',
      render: (record) => (
        <Text size="sm" c={record.description ? undefined : 'dimmed'} lineClamp={2}>
          {record.description ?? '—'}
        </Text>
      ),
    },
    created: {
      key: 'created_at',
      title: 'Created',
      sort: 'created_at',
      render: (record) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {displayDateTime(record.created_at, settings.date_format, settings.timezone)}
        </Text>
      ),
    },
  };
}
