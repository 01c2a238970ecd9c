import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  RENTAL_TEMPLATE_MESSAGES as M,
  RENTAL_TEMPLATES_PER_PAGE,
  type RentalTemplateReply,
} from '../../../contracts/rental-templates';
import { errorMessage } from '../../lib/form-errors';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import type { Column } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { TemplateStatusBadge } from './components/status-badge';
import { TemplateList } from './components/template-list';
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
  const templates = useRentalTemplates(list.state);
  const types = useRentalTemplateTypes();
  const { remove } = useRentalTemplateChanges();
  const ui = useUiSettings();
  const typeLabel = (value: string) => types.data?.types.find((t) => t.value === value)?.label ?? value;

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
  ];

  return (
    <TemplateList
      label="Rental templates"
      list={list}
      templates={templates}
      types={types.data?.types}
      search={{ label: 'Search rental templates', placeholder: 'Name' }}
      typeFilter={{ label: 'Filter by document type', placeholder: 'All document types' }}
      columns={columns}
      go={go}
      remove={remove}
      deleting={{
        message: (name) =>
          `The rental template ${name} will be deleted. Documents already made from it stay. This action cannot be undone.`,
        failed: M.deleteFailed,
      }}
      onDuplicate={onDuplicate}
      errorTitle={M.loadFailed}
      empty={{
        title: 'No rental templates yet',
        description: 'Write the documents rentals print: agreements, delivery and return notes, invoices.',
      }}
    />
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
