import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The buttons of a settings screen, kept in view at the bottom of the window on long forms. */
export function SettingsActions({ start, end }: { start?: ReactNode; end: ReactNode }) {
  return (
    <Group
      justify={start ? 'space-between' : 'flex-end'}
      pos="sticky"
      bottom={0}
      py="sm"
      bg="gray.0"
      style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      {start}
      <Group gap="sm">{end}</Group>
    </Group>
  );
}
