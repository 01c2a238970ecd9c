import {
  Anchor,
  Button,
  Center,
  CopyButton,
  Group,
  Image,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { FILE_MESSAGES } from '../../../../contracts/files';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { confirmAction } from '../../../ui/confirm';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { deleteFailureText, type FileReply, useDeleteFile } from '../files.api';
import { FileThumb } from './file-thumb';

export function absoluteUrl(url: string): string {
  return typeof window === 'undefined' ? url : new URL(url, window.location.origin).href;
}

/** A file's details (spec 1 §2): preview, name, size, type, dimensions, date, URL to copy, delete. */
export function FileDetailsModal({
  file,
  onClose,
  onDeleted,
}: {
  file: FileReply | null;
  onClose: () => void;
  onDeleted?: (file: FileReply) => void;
}) {
  const settings = useUiSettings();
  const remove = useDeleteFile();

  const onDelete = async (target: FileReply) => {
    const confirmed = await confirmAction({
      title: 'Delete file?',
      message: `"${target.name}" will be permanently deleted. This action cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const reply = await remove.mutateAsync(target.id);
      notifySuccess(reply.message);
      onDeleted?.(target);
      onClose();
    } catch (error) {
      notifyError(deleteFailureText(error), FILE_MESSAGES.deleteFailedTitle);
    }
  };

  return (
    <Modal opened={file !== null} onClose={onClose} title="File details" size="lg" centered>
      {file && (
        <Stack gap="md">
          <Center bg="gray.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-md)' }} mih={200}>
            {file.is_image ? (
              <Image
                src={file.url}
                alt={file.name}
                mah={360}
                w="auto"
                maw="100%"
                fit="contain"
                data-testid="file-details-preview"
              />
            ) : (
              <FileThumb file={file} size={160} />
            )}
          </Center>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>Name</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{file.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Size</Table.Th>
                <Table.Td>{file.formatted_size}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Td>
                  {file.extension.toUpperCase()}{' '}
                  <Text span c="dimmed" size="sm">
                    ({file.mime_type})
                  </Text>
                </Table.Td>
              </Table.Tr>
              {file.width && file.height ? (
                <Table.Tr>
                  <Table.Th>Dimensions</Table.Th>
                  <Table.Td>
                    {file.width} × {file.height} px
                  </Table.Td>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Th>Context</Table.Th>
                <Table.Td>{file.context}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Uploaded</Table.Th>
                <Table.Td>
                  {displayDateTime(file.created_at, settings.date_format, settings.timezone)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="URL"
              value={absoluteUrl(file.url)}
              readOnly
              flex={1}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={absoluteUrl(file.url)}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy URL'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="space-between">
            <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4}>
                <IconExternalLink size={14} /> Open in a new tab
              </Group>
            </Anchor>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => onDelete(file)}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
