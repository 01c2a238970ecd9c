import { ActionIcon, Button, Group, Select, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconEye, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Paged } from '../../../../domain/paging/paging';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import type { useListState } from '../../../ui/list/use-list-state';
import { SearchInput } from '../../../ui/search-input';
import { RowActions } from '../../catalogue/components/shared';
import type { TemplateMode } from '../use-template-mode';

/** What every template list shows of a row, whatever its kind. */
type ListedTemplate = { id: number; name: string };

type TemplateListProps<T extends ListedTemplate> = {
  /** The table's name, e.g. "E-mail templates". */
  label: string;
  list: ReturnType<typeof useListState>;
  templates: {
    data: Paged<T> | undefined;
    isLoading: boolean;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  types: readonly { value: string; label: string }[] | undefined;
  search: { label: string; placeholder: string };
  typeFilter: { label: string; placeholder: string };
  /** The kind's own columns; the row actions are added after them. */
  columns: Column<T>[];
  go: (mode: TemplateMode) => void;
  remove: { mutateAsync: (id: number) => Promise<{ message: string }> };
  /** The confirmation's text for one template, and the toast when the delete fails. */
  deleting: { message: (name: string) => string; failed: string };
  /** A "Duplicate" action on each row, when the kind has one. */
  onDuplicate?: (template: T) => void;
  /** A "New template" button beside the filters (a page with its own header puts it there). */
  withNewButton?: boolean;
  errorTitle: string;
  empty: { title: string; description: string };
};

/**
 * The list mode of a templates screen (e-mail and rental templates, spec 2 §2): search, type and
 * status filters, the kind's columns with preview, duplicate, edit and delete on each row (the
 * shared row actions and delete confirmation of the admin's reference lists), paging, and the
 * empty and error states.
 */
export function TemplateList<T extends ListedTemplate>(props: TemplateListProps<T>) {
  const { list, templates, go, remove, deleting, onDuplicate } = props;
  const { state } = list;

  const deleteTemplate = (template: T) =>
    confirmAndDelete(
      {
        title: `Delete ${template.name}?`,
        message: deleting.message(template.name),
        confirmLabel: 'Delete template',
      },
      () => remove.mutateAsync(template.id),
      deleting.failed,
    );

  const action = (label: string, icon: ReactNode, onClick: () => void, name: string) => (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="gray" aria-label={`${label} ${name}`} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const columns: Column<T>[] = [
    ...props.columns,
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: onDuplicate ? 160 : 130,
      render: (t) => (
        <RowActions
          name={t.name}
          onEdit={() => go({ mode: 'edit', id: t.id })}
          onDelete={() => deleteTemplate(t)}
        >
          {action('Preview', <IconEye size={16} />, () => go({ mode: 'preview', id: t.id }), t.name)}
          {onDuplicate && action('Duplicate', <IconCopy size={16} />, () => onDuplicate(t), t.name)}
        </RowActions>
      ),
    },
  ];

  const newButton = (variant?: 'light') => (
    <Button
      variant={variant}
      leftSection={variant ? undefined : <IconPlus size={16} />}
      onClick={() => go({ mode: 'create' })}
    >
      New template
    </Button>
  );
  const filtered = Boolean(state.search || state.filters.type || state.filters.status);
  return (
    <>
      <Group mb="md" gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <SearchInput
            value={state.search}
            onSearch={list.setSearch}
            placeholder={props.search.placeholder}
            label={props.search.label}
            w={260}
          />
          <Select
            aria-label={props.typeFilter.label}
            placeholder={props.typeFilter.placeholder}
            data={(props.types ?? []).map((t) => ({ value: t.value, label: t.label }))}
            value={state.filters.type ?? null}
            onChange={(value) => list.setFilter('type', value)}
            clearable
            w={210}
          />
          <Select
            aria-label="Filter by status"
            placeholder="Active and inactive"
            data={[
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ]}
            value={state.filters.status ?? null}
            onChange={(value) => list.setFilter('status', value)}
            clearable
            w={200}
          />
        </Group>
        {props.withNewButton && newButton()}
      </Group>
      <DataTable
        label={props.label}
        errorTitle={props.errorTitle}
        columns={columns}
        query={templates}
        state={state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(t) => t.id}
        empty={{
          title: filtered ? 'No templates match' : props.empty.title,
          description: filtered ? 'Try another search or clear the filters.' : props.empty.description,
          action: filtered ? undefined : newButton('light'),
        }}
      />
    </>
  );
}
