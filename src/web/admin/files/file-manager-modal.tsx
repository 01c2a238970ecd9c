import { Button, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { FileContext } from '../../../contracts/files';
import { useLocalFileBrowser } from './file-browser-state';
import type { FileReply } from './files.api';

// The library (grid, table, upload with its dropzone) loads when the picker first opens: the forms
// that offer the picker (product, slider) do not carry it until then.
const FileManager = lazy(() =>
  import('./components/file-manager').then(({ FileManager }) => ({ default: FileManager })),
);

export type FileManagerModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The picked files, in the order they were picked. */
  onSelect: (files: FileReply[]) => void;
  multiple?: boolean;
  /** 'image' shows and accepts images only (product images, slides, logo, payment-method icons). */
  accept?: 'image' | 'any';
  /** Filters the library to this context at first and gives it to new uploads. */
  context?: FileContext;
  title?: string;
};

/**
 * The file library as a picker (spec 1 §2 file manager modal): browse, search, upload and then
 * choose one or several files. Its list state lives in the component, not the address bar.
 */
export function FileManagerModal({
  opened,
  onClose,
  onSelect,
  multiple = false,
  accept = 'any',
  context,
  title = 'File library',
}: FileManagerModalProps) {
  const browser = useLocalFileBrowser({ context: context ?? '' });
  const [selected, setSelected] = useState<FileReply[]>([]);
  // While the manager shows its own dialog, Escape belongs to that dialog only.
  const [dialogOpen, setDialogOpen] = useState(false);
  const { reset } = browser;

  useEffect(() => {
    if (opened) {
      reset();
      setSelected([]);
    }
  }, [opened, reset]);

  const toggle = (file: FileReply) =>
    setSelected((current) => {
      if (current.some((f) => f.id === file.id)) return current.filter((f) => f.id !== file.id);
      return multiple ? [...current, file] : [file];
    });

  const picked = (files: FileReply[]) =>
    setSelected((current) => {
      if (!multiple) return files.slice(0, 1);
      const known = new Set(current.map((f) => f.id));
      return [...current, ...files.filter((f) => !known.has(f.id))];
    });

  const dropped = (ids: number[]) => setSelected((current) => current.filter((f) => !ids.includes(f.id)));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="min(1200px, 95vw)"
      centered
      closeOnEscape={!dialogOpen}
    >
      <Suspense
        fallback={
          <Center py="xl">
            <Loader role="status" aria-label="Loading the file library" />
          </Center>
        }
      >
        <FileManager
          browser={browser}
          picker={{ multiple, selected, toggle, picked, dropped }}
          accept={accept}
          defaultContext={context}
          onDialogChange={setDialogOpen}
        />
      </Suspense>
      <Group
        justify="space-between"
        mt="md"
        pt="sm"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text size="sm" c="dimmed" aria-live="polite">
          {selected.length === 0
            ? multiple
              ? 'Click files to pick them'
              : 'Click a file to pick it'
            : `${selected.length} picked`}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={selected.length === 0}
            onClick={() => {
              onSelect(selected);
              onClose();
            }}
          >
            {multiple && selected.length > 1 ? `Use ${selected.length} files` : 'Use file'}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
