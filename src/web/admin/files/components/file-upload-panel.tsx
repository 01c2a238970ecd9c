import { ActionIcon, Alert, Badge, Button, Group, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { FILE_MESSAGES, type FileContext } from '../../../../contracts/files';
import {
  extensionOf,
  FILE_CONTEXTS,
  fileTypeNotAllowedMessage,
  formatFileSize,
  IMAGE_EXTENSIONS,
  maxFileBytes,
  uploadSizeProblem,
} from '../../../../domain/files/file-rules';
import { useUiSettings } from '../../../lib/ui-settings';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { type FileReply, uploadFailureText, uploadFiles, useInvalidateFiles } from '../files.api';

export const CONTEXT_OPTIONS = FILE_CONTEXTS.map((value) => ({
  value,
  label: value.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase()),
}));

const keyOf = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * The upload tab (spec 1 §2, §5): drop or choose files, pick a context, see each file's size, and
 * upload with a progress bar. The same limits and words as the server are checked first, so a
 * file that is too large never leaves the browser.
 */
export function FileUploadPanel({
  accept,
  defaultContext,
  onUploaded,
}: {
  accept: 'image' | 'any';
  defaultContext: FileContext;
  onUploaded: (files: FileReply[]) => void;
}) {
  const { upload } = useUiSettings();
  const invalidate = useInvalidateFiles();
  const [pending, setPending] = useState<FileWithPath[]>([]);
  const [context, setContext] = useState<FileContext>(defaultContext);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);

  const maxBytes = maxFileBytes(upload.max_file_mb);
  const totalLimit = maxFileBytes(upload.max_total_mb);
  const allowed =
    accept === 'image'
      ? upload.allowed_types.filter((t) => IMAGE_EXTENSIONS.includes(t))
      : upload.allowed_types;
  const totalSize = pending.reduce((sum, f) => sum + f.size, 0);
  const busy = progress !== null;

  const add = (files: FileWithPath[]) => {
    setProblem(null);
    setPending((current) => {
      const known = new Set(current.map(keyOf));
      return [...current, ...files.filter((f) => !known.has(keyOf(f)))];
    });
  };

  const fail = (message: string, title: string) => {
    setProblem({ title, message });
    notifyError(message, title);
  };

  const start = async () => {
    const sizeProblem = uploadSizeProblem(pending, maxBytes, totalLimit);
    if (sizeProblem) return fail(sizeProblem, FILE_MESSAGES.uploadErrorTitle);
    // The server decides by content; the name only lets the form warn early.
    const refused = pending.find((f) => extensionOf(f.name) && !allowed.includes(extensionOf(f.name)));
    if (refused)
      return fail(fileTypeNotAllowedMessage(refused.name, allowed), FILE_MESSAGES.uploadErrorTitle);
    setProblem(null);
    setProgress(0);
    try {
      const reply = await uploadFiles(pending, context, setProgress);
      notifySuccess(reply.message);
      setPending([]);
      await invalidate();
      onUploaded(reply.files);
    } catch (error) {
      fail(uploadFailureText(error), FILE_MESSAGES.uploadFailedTitle);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="md">
      <Select
        label="Context"
        description="Where the files will be used"
        data={CONTEXT_OPTIONS}
        value={context}
        onChange={(value) => value && setContext(value as FileContext)}
        allowDeselect={false}
        w={260}
        disabled={busy}
      />
      <Dropzone
        onDrop={add}
        onReject={(rejections) => {
          const first = rejections[0];
          if (first)
            fail(fileTypeNotAllowedMessage(first.file.name, allowed), FILE_MESSAGES.uploadErrorTitle);
        }}
        multiple
        disabled={busy}
        aria-label="Drop files here or click to choose"
        inputProps={{ 'aria-label': 'Choose files to upload' } as never}
        accept={accept === 'image' ? ['image/*'] : undefined}
      >
        <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={48} stroke={1.5} color="var(--mantine-primary-color-filled)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={48} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconCloudUpload size={48} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size="lg" inline>
              Drag files here or click to choose
            </Text>
            <Text size="sm" c="dimmed" mt={7}>
              {allowed.map((t) => t.toUpperCase()).join(', ')} · up to {formatFileSize(maxBytes)} each,{' '}
              {formatFileSize(totalLimit)} together
            </Text>
          </div>
        </Group>
      </Dropzone>

      {problem && (
        <Alert
          color="red"
          title={problem.title}
          role="alert"
          withCloseButton
          onClose={() => setProblem(null)}
        >
          {problem.message}
        </Alert>
      )}

      {pending.length > 0 && (
        <Paper withBorder p="sm">
          <Stack
            gap={6}
            aria-label="Files to upload"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {pending.map((file) => {
              const tooLarge = file.size > maxBytes;
              const notAllowed = Boolean(extensionOf(file.name)) && !allowed.includes(extensionOf(file.name));
              return (
                <Group key={keyOf(file)} justify="space-between" wrap="nowrap" component="li">
                  <Text size="sm" truncate="end" title={file.name}>
                    {file.name}
                  </Text>
                  <Group gap="xs" wrap="nowrap">
                    {tooLarge && (
                      <Badge color="red" variant="light" size="sm">
                        Too large
                      </Badge>
                    )}
                    {notAllowed && (
                      <Badge color="red" variant="light" size="sm">
                        Type not allowed
                      </Badge>
                    )}
                    <Text size="sm" c="dimmed" w={80} ta="right">
                      {formatFileSize(file.size)}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove ${file.name}`}
                      disabled={busy}
                      onClick={() => setPending((current) => current.filter((f) => f !== file))}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
          <Text size="sm" c={totalSize > totalLimit ? 'red' : 'dimmed'} mt="xs">
            {pending.length} {pending.length === 1 ? 'file' : 'files'} · {formatFileSize(totalSize)} of{' '}
            {formatFileSize(totalLimit)}
          </Text>
        </Paper>
      )}

      {busy && (
        <Stack gap={4}>
          <Progress value={progress} size="lg" animated aria-label="Upload progress" />
          <Text size="xs" c="dimmed">
            Uploading… {progress}%
          </Text>
        </Stack>
      )}

      <Group justify="flex-end">
        {pending.length > 0 && (
          <Button variant="default" disabled={busy} onClick={() => setPending([])}>
            Clear
          </Button>
        )}
        <Button leftSection={<IconUpload size={16} />} loading={busy} onClick={start}>
          {pending.length > 0
            ? `Upload ${pending.length} ${pending.length === 1 ? 'file' : 'files'}`
            : 'Upload'}
        </Button>
      </Group>
    </Stack>
  );
}
