import { ActionIcon, Button, Group, Select, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  EMAIL_TEMPLATES_PER_PAGE,
  type EmailTemplateReply,
  EMAIL_TEMPLATE_MESSAGES as M,
} from '../../../contracts/email-templates';
import { errorMessage } from '../../lib/form-errors';
import { confirmAction } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { notifyError, notifySuccess } from '../../ui/notify';
import { SearchInput } from '../../ui/search-input';
import { TemplateStatusBadge } from './components/status-badge';
import { EmailTemplateEditor } from './email-template-editor';
import { EmailTemplatePreview } from './email-template-preview';
import { useEmailTemplateChanges, useEmailTemplates, useEmailTemplateTypes } from './email-templates.api';
import { type TemplateMode, useTemplateMode } from './use-template-mode';

const LIST_DEFAULTS: ListDefaults = {
  perPage: EMAIL_TEMPLATES_PER_PAGE,
  sort: 'name',
  direction: 'asc',
  filters: ['type', 'status'],
};

function EmailTemplateList({ go }: { go: (mode: TemplateMode) => void }) {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const templates = useEmailTemplates(state);
  const types = useEmailTemplateTypes();
  const { remove } = useEmailTemplateChanges();
  const typeLabel = (value: string) => types.data?.types.find((t) => t.value === value)?.label ?? value;

  const deleteTemplate = async (template: EmailTemplateReply) => {
    const confirmed = await confirmAction({
      title: `Delete ${template.name}?`,
      message: `The e-mail template ${template.name} will be deleted. This action cannot be undone.`,
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

  const columns: Column<EmailTemplateReply>[] = [
    {
      key: 'name',
      title: 'Name',
      sort: 'name',
      render: (t) => (
        <Stack gap={0} miw={160}>
          <Text size="sm" fw={600}>
            {t.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {t.slug}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'subject',
      title: 'Subject',
      sort: 'subject',
      render: (t) => (
        <Text size="sm" lineClamp={2}>
          {t.subject}
        </Text>
      ),
    },
    { key: 'type', title: 'Type', sort: 'type', render: (t) => <Text size="sm">{typeLabel(t.type)}</Text> },
    {
      key: 'status',
      title: 'Status',
      sort: 'status',
      render: (t) => <TemplateStatusBadge status={t.status} />,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 130,
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
      <Group mb="md" gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <SearchInput
            value={state.search}
            onSearch={list.setSearch}
            placeholder="Name, subject or slug"
            label="Search e-mail templates"
            w={260}
          />
          <Select
            aria-label="Filter by type"
            placeholder="All types"
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
        <Button leftSection={<IconPlus size={16} />} onClick={() => go({ mode: 'create' })}>
          New template
        </Button>
      </Group>
      <DataTable
        label="E-mail templates"
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
          title: filtered ? 'No templates match' : 'No e-mail templates yet',
          description: filtered
            ? 'Try another search or clear the filters.'
            : 'Write the e-mails the shop sends: order confirmations, password resets, newsletters.',
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

/** The templates tab of e-mail management (spec 2 §2): list, create, edit and preview modes. */
export function EmailTemplatesTab() {
  const { current, go } = useTemplateMode();
  if (current.mode === 'create' || current.mode === 'edit')
    return <EmailTemplateEditor mode={current} go={go} />;
  if (current.mode === 'preview') return <EmailTemplatePreview id={current.id} go={go} />;
  return <EmailTemplateList go={go} />;
}
