import { ActionIcon, Badge, Button, Group, Select, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  RENTAL_TEMPLATE_MESSAGES as M,
  RENTAL_TEMPLATES_PER_PAGE,
  type RentalTemplateReply,
} from '../../../contracts/rental-templates';
import { errorMessage } from '../../lib/form-errors';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { confirmAction } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { TemplateStatusBadge } from './components/status-badge';
import { RentalTemplateEditor, RentalTemplatePreview } from './rental-template-views';
import { useRentalTemplateChanges, useRentalTemplates, useRentalTemplateTypes } from './rental-templates.api';
import { type TemplateMode, useTemplateMode } from './use-template-mode';

const LIST_DEFAULTS: ListDefaults = {
  perPage: RENTAL_TEMPLATES_PER_PAGE,
  sort: 'name',
  direction: 'asc',
  filters: ['type', 'status'],
};

function RentalTemplateList({
  go,
  onDuplicate,
}: {
  go: (mode: TemplateMode) => void;
  onDuplicate: (template: RentalTemplateReply) => void;
}) {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const templates = useRentalTemplates(state);
  const types = useRentalTemplateTypes();
  const { remove } = useRentalTemplateChanges();
  const ui = useUiSettings();
  const typeLabel = (value: string) => types.data?.types.find((t) => t.value === value)?.label ?? value;

  const deleteTemplate = async (template: RentalTemplateReply) => {
    const confirmed = await confirmAction({
      title: `Delete ${template.name}?`,
      message: `The rental template ${template.name} will be deleted. Documents already made from it stay. This action cannot be undone.`,
      confirmLabel: 'Delete template',
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove.mutateAsync(template.id)).message);
    } catch (error) {
      notifyError(errorMessage(error, M.deleteFailed));
    }
  };

  const columns: Column<RentalTemplateReply>[] = [
    {
      key: 'name',
      title: 'Name',
      sort: 'name',
      render: (t) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {t.name}
          </Text>
          {t.is_default && (
            <Badge size="xs" variant="filled" color="blue">
              Default
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'type',
      title: 'Document type',
      sort: 'type',
      render: (t) => <Text size="sm">{typeLabel(t.type)}</Text>,
    },
    {
      key: 'status',
      title: 'Status',
      sort: 'status',
      render: (t) => <TemplateStatusBadge status={t.status} />,
    },
    {
      key: 'updated_at',
      title: 'Updated',
      sort: 'updated_at',
      render: (t) => <Text size="sm">{displayDateTime(t.updated_at, ui.date_format, ui.timezone)}</Text>,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 160,
      render: (t) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Preview" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Preview ${t.name}`}
              onClick={() => go({ mode: 'preview', id: t.id })}
            >
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Edit" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Edit ${t.name}`}
              onClick={() => go({ mode: 'edit', id: t.id })}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Duplicate" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Duplicate ${t.name}`}
              onClick={() => onDuplicate(t)}
            >
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${t.name}`}
              onClick={() => deleteTemplate(t)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const filtered = Boolean(state.search || state.filters.type || state.filters.status);
  return (
    <>
      <Group mb="md" gap="sm" align="flex-end">
        <SearchInput
          value={state.search}
          onSearch={list.setSearch}
          placeholder="Name"
          label="Search rental templates"
          w={260}
        />
        <Select
          aria-label="Filter by document type"
          placeholder="All document types"
          data={(types.data?.types ?? []).map((t) => ({ value: t.value, label: t.label }))}
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
      <DataTable
        label="Rental templates"
        errorTitle={M.loadFailed}
        columns={columns}
        result={templates.data}
        isLoading={templates.isLoading}
        isFetching={templates.isFetching}
        isError={templates.isError}
        onRetry={() => templates.refetch()}
        state={state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(t) => t.id}
        empty={{
          title: filtered ? 'No templates match' : 'No rental templates yet',
          description: filtered
            ? 'Try another search or clear the filters.'
            : 'Write the documents rentals print: agreements, delivery and return notes, invoices.',
          action: filtered ? undefined : (
            <Button variant="light" onClick={() => go({ mode: 'create' })}>
              New template
            </Button>
          ),
        }}
      />
    </>
  );
}

/** Rental document templates (spec 2 §2): list, create, edit and preview modes, duplicate, delete. */
export function RentalTemplatesPage() {
  const { current, go } = useTemplateMode();
  const { duplicate } = useRentalTemplateChanges();
  const onDuplicate = async (template: RentalTemplateReply) => {
    try {
      const reply = await duplicate.mutateAsync(template.id);
      notifySuccess(reply.message);
      go({ mode: 'edit', id: reply.data.id });
    } catch (error) {
      notifyError(errorMessage(error, M.duplicateFailed));
    }
  };
  return (
    <>
      <PageHeader
        title="Rental templates"
        description="The documents of rental bookings, with variables filled in from each booking."
        actions={
          current.mode === 'list' ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => go({ mode: 'create' })}>
              New template
            </Button>
          ) : undefined
        }
      />
      {current.mode === 'create' || current.mode === 'edit' ? (
        <RentalTemplateEditor mode={current} go={go} />
      ) : current.mode === 'preview' ? (
        <RentalTemplatePreview id={current.id} go={go} onDuplicate={onDuplicate} />
      ) : (
        <RentalTemplateList go={go} onDuplicate={onDuplicate} />
      )}
    </>
  );
}

export default RentalTemplatesPage;
