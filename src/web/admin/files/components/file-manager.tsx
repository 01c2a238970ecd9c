import {
  ActionIcon,
  Button,
  Center,
  Checkbox,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconFiles,
  IconLayoutGrid,
  IconList,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FILE_MESSAGES, type FileContext, type FileSort } from '../../../../contracts/files';
import {
  FILE_CONTEXTS,
  type FileKind,
  formatFileSize,
  NO_FILES_FOR_DELETION,
} from '../../../../domain/files/file-rules';
import { errorMessage } from '../../../lib/form-errors';
import { confirmAction } from '../../../ui/confirm';
import { LIST_MESSAGES } from '../../../ui/list/list-messages';
import { PageStrip } from '../../../ui/list/page-strip';
import { LoadFailed } from '../../../ui/load-failed';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { SearchInput } from '../../../ui/search-input';
import { type FileBrowser, fileListQueryOf } from '../file-browser-state';
import { deleteFailureText, type FileReply, useBulkDeleteFiles, useFileList } from '../files.api';
import { FileDetailsModal } from './file-details-modal';
import { FileGrid } from './file-grid';
import { fileItemActions } from './file-items';
import { FileTable } from './file-table';
import { CONTEXT_OPTIONS, FileUploadPanel } from './file-upload-panel';

/** How long newly uploaded files stay highlighted, and the screen-reader note stays (spec 1 §2). */
export const HIGHLIGHT_MS = 3000;

const TYPE_OPTIONS = [
  { value: 'image', label: 'Images' },
  { value: 'document', label: 'Documents' },
  { value: 'other', label: 'Other' },
];

const SORT_OPTIONS = [
  { value: 'created_at', label: 'Date' },
  { value: 'name', label: 'Name' },
  { value: 'size', label: 'Size' },
];

export type FilePicker = {
  multiple: boolean;
  selected: readonly FileReply[];
  toggle: (file: FileReply) => void;
  /** Newly uploaded files are picked at once. */
  picked: (files: FileReply[]) => void;
  /** Deleted files can no longer be picked. */
  dropped: (ids: number[]) => void;
};

export type FileManagerProps = {
  browser: FileBrowser;
  /** Present in the picker modal: a click picks a file instead of opening its details. */
  picker?: FilePicker;
  /** 'image' keeps the library to images and the upload to image types. */
  accept?: 'image' | 'any';
  /** The context new uploads get unless the user chooses another. */
  defaultContext?: FileContext;
  /**
   * Told whether a dialog of the manager (details, a confirmation) is open, so a surrounding
   * modal can leave Escape to it instead of closing too.
   */
  onDialogChange?: (open: boolean) => void;
};

function GridSkeleton() {
  return (
    <SimpleGrid
      role="status"
      cols={{ base: 2, xs: 3, sm: 4, lg: 6 }}
      spacing="sm"
      aria-label="Loading files"
      aria-busy
    >
      {Array.from({ length: 12 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
        <Paper key={i} withBorder p={6} data-testid="file-skeleton">
          <Skeleton style={{ aspectRatio: '1 / 1' }} h="auto" />
          <Skeleton height={12} mt={8} width="80%" />
          <Skeleton height={10} mt={6} width="40%" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The file library (spec 1 §2 file manager): Files and Upload tabs; grid or list; filters by
 * context and type; sort and debounced search; page strip; totals; details; bulk delete. Used by
 * the /admin/file-manager page (state in the address bar) and by FileManagerModal (state in the
 * component) for screens that pick files.
 */
export function FileManager({
  browser,
  picker,
  accept = 'any',
  defaultContext,
  onDialogChange,
}: FileManagerProps) {
  const { state, change } = browser;
  const query = fileListQueryOf(accept === 'image' ? { ...state, type: 'image' } : state);
  const list = useFileList(query);
  const bulkDelete = useBulkDeleteFiles();
  const [details, setDetails] = useState<FileReply | null>(null);
  const [bulk, setBulk] = useState(false);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [highlighted, setHighlighted] = useState<Set<number>>(new Set());
  const [note, setNote] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [confirming, setConfirming] = useState(false);
  const dialogOpen = details !== null || confirming;
  useEffect(() => onDialogChange?.(dialogOpen), [dialogOpen, onDialogChange]);

  const files = list.data?.files ?? [];
  const pagination = list.data?.pagination;
  const filtered = Boolean(state.search || state.context || (accept !== 'image' && state.type));

  const check = (file: FileReply, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(file.id);
      else next.delete(file.id);
      return next;
    });

  const onUploaded = (uploaded: FileReply[]) => {
    const uploadContext = uploaded[0]?.context ?? '';
    change({
      tab: 'files',
      page: 1,
      search: '',
      sort_by: 'created_at',
      sort_order: 'desc',
      type: '',
      context: state.context && state.context !== uploadContext ? '' : state.context,
    });
    setHighlighted(new Set(uploaded.map((f) => f.id)));
    setNote(FILE_MESSAGES.uploadedNote(uploaded.length));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setHighlighted(new Set());
      setNote('');
    }, HIGHLIGHT_MS);
    picker?.picked(uploaded);
  };

  const deleteChecked = async () => {
    const ids = [...checked];
    if (ids.length === 0) {
      notifyError(NO_FILES_FOR_DELETION);
      return;
    }
    setConfirming(true);
    const confirmed = await confirmAction({
      title: `Delete ${ids.length} ${ids.length === 1 ? 'file' : 'files'}?`,
      message: `The selected ${ids.length === 1 ? 'file' : 'files'} will be permanently deleted. This action cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    setConfirming(false);
    if (!confirmed) return;
    try {
      const reply = await bulkDelete.mutateAsync(ids);
      notifySuccess(reply.message);
      setChecked(new Set());
      picker?.dropped(ids);
      // The page may now be past the end.
      if (pagination && files.every((f) => checked.has(f.id)) && state.page > 1)
        change({ page: state.page - 1 });
    } catch (error) {
      notifyError(deleteFailureText(error), FILE_MESSAGES.bulkDeleteFailedTitle);
    }
  };

  const pageIds = files.map((f) => f.id);
  const checkedOnPage = pageIds.filter((id) => checked.has(id)).length;

  const actions = fileItemActions({
    bulk,
    checked,
    highlighted,
    picked: picker ? new Set(picker.selected.map((f) => f.id)) : null,
    open: setDetails,
    check,
    pick: (file) => picker?.toggle(file),
  });

  let body: ReactNode;
  if (list.isError) {
    body = (
      <LoadFailed
        title={FILE_MESSAGES.loadTitle}
        detail={errorMessage(list.error, LIST_MESSAGES.load)}
        onRetry={() => list.refetch()}
      />
    );
  } else if (list.isLoading) {
    body = <GridSkeleton />;
  } else if (files.length === 0) {
    body = (
      <Center py="xl">
        <EmptyState
          title="No files found"
          description={filtered ? 'No file matches this search or filter.' : 'Upload files to see them here.'}
          icon={<IconFiles size={28} />}
        >
          {filtered ? (
            <Button variant="default" onClick={() => change({ search: '', context: '', type: '' })}>
              Clear filters
            </Button>
          ) : (
            <Button leftSection={<IconUpload size={16} />} onClick={() => change({ tab: 'upload' })}>
              Upload files
            </Button>
          )}
        </EmptyState>
      </Center>
    );
  } else {
    body =
      state.view === 'grid' ? (
        <FileGrid files={files} actions={actions} />
      ) : (
        <FileTable files={files} actions={actions} />
      );
  }

  return (
    <>
      <Tabs value={state.tab} onChange={(tab) => tab && change({ tab: tab as 'files' | 'upload' })}>
        <Tabs.List>
          <Tabs.Tab value="files" leftSection={<IconFiles size={16} />}>
            Files
          </Tabs.Tab>
          <Tabs.Tab value="upload" leftSection={<IconUpload size={16} />}>
            Upload
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="files" pt="md">
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap" align="flex-end">
              <SearchInput
                value={state.search}
                onSearch={(search) => change({ search })}
                placeholder="Search files…"
                label="Search files"
                w={240}
              />
              <Select
                aria-label="Context"
                placeholder="All contexts"
                data={CONTEXT_OPTIONS}
                value={state.context || null}
                onChange={(value) => change({ context: value ?? '' })}
                clearable
                w={170}
              />
              {accept !== 'image' && (
                <Select
                  aria-label="Type"
                  placeholder="All types"
                  data={TYPE_OPTIONS}
                  value={state.type || null}
                  onChange={(value) => change({ type: (value ?? '') as FileKind | '' })}
                  clearable
                  w={150}
                />
              )}
              <Group gap={4} wrap="nowrap">
                <Select
                  aria-label="Sort by"
                  data={SORT_OPTIONS}
                  value={state.sort_by}
                  onChange={(value) => value && change({ sort_by: value as FileSort })}
                  allowDeselect={false}
                  w={110}
                />
                <Tooltip label={state.sort_order === 'asc' ? 'Ascending' : 'Descending'}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={state.sort_order === 'asc' ? 'Sort descending' : 'Sort ascending'}
                    onClick={() => change({ sort_order: state.sort_order === 'asc' ? 'desc' : 'asc' })}
                  >
                    {state.sort_order === 'asc' ? (
                      <IconSortAscending size={18} />
                    ) : (
                      <IconSortDescending size={18} />
                    )}
                  </ActionIcon>
                </Tooltip>
              </Group>
              <SegmentedControl
                aria-label="View"
                value={state.view}
                onChange={(value) => change({ view: value as 'grid' | 'list' })}
                data={[
                  {
                    value: 'grid',
                    label: (
                      <Center>
                        <IconLayoutGrid size={16} aria-hidden />
                        <VisuallyHidden>Grid view</VisuallyHidden>
                      </Center>
                    ),
                  },
                  {
                    value: 'list',
                    label: (
                      <Center>
                        <IconList size={16} aria-hidden />
                        <VisuallyHidden>List view</VisuallyHidden>
                      </Center>
                    ),
                  },
                ]}
              />
            </Group>

            <Group justify="space-between" mih={36}>
              <Text size="sm" c="dimmed" data-testid="file-totals">
                {pagination
                  ? `${pagination.total} ${pagination.total === 1 ? 'file' : 'files'} · ${formatFileSize(list.data?.total_size ?? 0)}`
                  : ' '}
              </Text>
              <Group gap="xs">
                {bulk && (
                  <>
                    <Checkbox
                      label="Select all on page"
                      checked={pageIds.length > 0 && checkedOnPage === pageIds.length}
                      indeterminate={checkedOnPage > 0 && checkedOnPage < pageIds.length}
                      disabled={pageIds.length === 0}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setChecked((current) => {
                          const next = new Set(current);
                          for (const id of pageIds) {
                            if (on) next.add(id);
                            else next.delete(id);
                          }
                          return next;
                        });
                      }}
                    />
                    <Button
                      color="red"
                      size="xs"
                      leftSection={<IconTrash size={14} />}
                      loading={bulkDelete.isPending}
                      onClick={deleteChecked}
                    >
                      Delete selected ({checked.size})
                    </Button>
                  </>
                )}
                <Button
                  size="xs"
                  variant={bulk ? 'filled' : 'default'}
                  color={bulk ? 'gray' : undefined}
                  aria-pressed={bulk}
                  onClick={() => {
                    setBulk(!bulk);
                    setChecked(new Set());
                  }}
                >
                  {bulk ? 'Done' : 'Bulk select'}
                </Button>
              </Group>
            </Group>

            <div
              aria-busy={list.isFetching}
              style={{ opacity: list.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms ease' }}
            >
              {body}
            </div>

            {pagination && pagination.total > 0 && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  Showing {pagination.from}–{pagination.to} of {pagination.total}
                </Text>
                <PageStrip
                  page={pagination.current_page}
                  lastPage={pagination.last_page}
                  onChange={(page) => change({ page })}
                />
              </Group>
            )}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="upload" pt="md">
          <FileUploadPanel
            accept={accept}
            defaultContext={
              defaultContext ??
              ((FILE_CONTEXTS as readonly string[]).includes(state.context)
                ? (state.context as FileContext)
                : 'products')
            }
            onUploaded={onUploaded}
          />
        </Tabs.Panel>
      </Tabs>

      <VisuallyHidden role="status" aria-live="polite" data-testid="upload-note">
        {note}
      </VisuallyHidden>
      <FileDetailsModal
        file={details}
        onClose={() => setDetails(null)}
        onDeleted={(file) => picker?.dropped([file.id])}
      />
    </>
  );
}
