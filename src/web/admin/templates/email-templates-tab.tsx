import { Stack, Text } from '@mantine/core';
import {
  EMAIL_TEMPLATES_PER_PAGE,
  type EmailTemplateReply,
  EMAIL_TEMPLATE_MESSAGES as M,
} from '../../../contracts/email-templates';
import type { Column } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { TemplateStatusBadge } from './components/status-badge';
import { TemplateList } from './components/template-list';
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
  const templates = useEmailTemplates(list.state);
  const types = useEmailTemplateTypes();
  const { remove } = useEmailTemplateChanges();
  const typeLabel = (value: string) => types.data?.types.find((t) => t.value === value)?.label ?? value;

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
  ];

  return (
    <TemplateList
      label="E-mail templates"
      list={list}
      templates={templates}
      types={types.data?.types}
      search={{ label: 'Search e-mail templates', placeholder: 'Name, subject or slug' }}
      typeFilter={{ label: 'Filter by type', placeholder: 'All types' }}
      columns={columns}
      go={go}
      remove={remove}
      deleting={{
        message: (name) => `The e-mail template ${name} will be deleted. This action cannot be undone.`,
        failed: M.deleteFailed,
      }}
      withNewButton
      errorTitle={M.loadFailed}
      empty={{
        title: 'No e-mail templates yet',
        description: 'Write the e-mails the shop sends: order confirmations, password resets, newsletters.',
      }}
    />
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
