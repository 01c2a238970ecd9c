import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import type { FileReply } from '../files.api';
import type { FileItemActions } from './file-items';
import { FileThumb } from './file-thumb';

/** The list view: one row per file with its type, size, context, dimensions and date. */
export function FileTable({ files, actions }: { files: FileReply[]; actions: FileItemActions }) {
  const settings = useUiSettings();
  return (
    <Paper withBorder>
      <ScrollArea>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Files" data-testid="file-table">
          <Table.Thead>
            <Table.Tr>
              {actions.bulk && <Table.Th w={40} />}
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th ta="right">Size</Table.Th>
              <Table.Th>Context</Table.Th>
              <Table.Th>Dimensions</Table.Th>
              <Table.Th>Uploaded</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => {
              const item = actions.item(file);
              return (
                <Table.Tr
                  key={file.id}
                  data-testid="file-row"
                  data-file-name={file.name}
                  data-highlighted={item.highlighted || undefined}
                  data-selected={item.selected || undefined}
                  bg={
                    item.highlighted
                      ? 'var(--mantine-color-teal-0)'
                      : item.selected
                        ? 'var(--mantine-primary-color-light)'
                        : undefined
                  }
                >
                  {actions.bulk && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${file.name}`}
                        checked={item.checked}
                        onChange={(event) => actions.check(file, event.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <UnstyledButton
                      onClick={item.activate}
                      aria-label={item.label}
                      aria-pressed={item.pressed}
                    >
                      <Group gap="sm" wrap="nowrap">
                        <FileThumb file={file} size={36} />
                        <Text size="sm" fw={500} lineClamp={1} title={file.name}>
                          {file.name}
                        </Text>
                        {item.highlighted && (
                          <Badge size="xs" color="teal">
                            New
                          </Badge>
                        )}
                      </Group>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{file.extension.toUpperCase()}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{file.formatted_size}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{file.context}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={file.width ? undefined : 'dimmed'}>
                      {file.width && file.height ? `${file.width} × ${file.height}` : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {displayDateTime(file.created_at, settings.date_format, settings.timezone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Details of ${file.name}`}
                      onClick={() => actions.open(file)}
                    >
                      <IconInfoCircle size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
