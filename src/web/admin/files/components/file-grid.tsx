import {
  ActionIcon,
  Badge,
  Box,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import type { FileReply } from '../files.api';
import type { FileItemActions } from './file-items';
import { FileThumb } from './file-thumb';

/** The grid view: a card per file with its preview, name and size. */
export function FileGrid({ files, actions }: { files: FileReply[]; actions: FileItemActions }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 6 }} spacing="sm" data-testid="file-grid">
      {files.map((file) => {
        const item = actions.item(file);
        return (
          <Paper
            key={file.id}
            withBorder
            p={6}
            pos="relative"
            data-testid="file-card"
            data-file-name={file.name}
            data-highlighted={item.highlighted || undefined}
            data-selected={item.selected || undefined}
            style={{
              borderColor: item.highlighted
                ? 'var(--mantine-color-teal-5)'
                : item.selected
                  ? 'var(--mantine-primary-color-filled)'
                  : undefined,
              boxShadow: item.highlighted
                ? '0 0 0 2px var(--mantine-color-teal-3)'
                : item.selected
                  ? '0 0 0 2px var(--mantine-primary-color-filled)'
                  : undefined,
              transition: 'box-shadow 300ms ease, border-color 300ms ease',
            }}
          >
            <UnstyledButton
              onClick={item.activate}
              aria-label={item.label}
              aria-pressed={item.pressed}
              w="100%"
              style={{ display: 'block' }}
            >
              <Box style={{ aspectRatio: '1 / 1' }}>
                <FileThumb file={file} size="100%" />
              </Box>
              <Text size="sm" fw={500} mt={6} truncate="end" title={file.name}>
                {file.name}
              </Text>
            </UnstyledButton>
            {/* Outside the button: its name is "Open <file>", and what it shows must be in its name. */}
            <Text size="xs" c="dimmed">
              {file.extension.toUpperCase()} · {file.formatted_size}
            </Text>
            {actions.picking && !actions.bulk && item.selected && (
              <ThemeIcon radius="xl" size="md" pos="absolute" top={12} left={12} aria-hidden>
                <IconCheck size={16} />
              </ThemeIcon>
            )}
            {actions.bulk && (
              <Checkbox
                pos="absolute"
                top={12}
                left={12}
                aria-label={`Select ${file.name}`}
                checked={item.checked}
                onChange={(event) => actions.check(file, event.currentTarget.checked)}
              />
            )}
            <Group pos="absolute" top={10} right={10} gap={4}>
              {item.highlighted && (
                <Badge size="xs" color="teal" variant="filled">
                  New
                </Badge>
              )}
              {actions.picking && (
                <Tooltip label="Details">
                  <ActionIcon
                    size="sm"
                    variant="white"
                    aria-label={`Details of ${file.name}`}
                    onClick={() => actions.open(file)}
                  >
                    <IconInfoCircle size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
