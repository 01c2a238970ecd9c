import { Button, Group, Paper, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconX } from '@tabler/icons-react';

/** Shown while rows are selected: activate or deactivate them all at once. */
export function BulkStatusBar({
  count,
  busy,
  onActivate,
  onDeactivate,
  onClear,
}: {
  count: number;
  busy: boolean;
  onActivate: () => void;
  onDeactivate: () => void;
  onClear: () => void;
}) {
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" mb="sm" bg="blue.0" role="region" aria-label="Bulk actions">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {count === 1 ? '1 product selected' : `${count} products selected`}
        </Text>
        <Group gap="xs">
          <Button size="xs" leftSection={<IconEye size={14} />} onClick={onActivate} loading={busy}>
            Activate
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconEyeOff size={14} />}
            onClick={onDeactivate}
            loading={busy}
          >
            Deactivate
          </Button>
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
