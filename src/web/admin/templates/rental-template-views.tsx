import { Button, Grid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconPencil } from '@tabler/icons-react';
import { useRef } from 'react';
import {
  RENTAL_TEMPLATE_MESSAGES as M,
  type RentalTemplateReply,
  rentalTemplateBody,
} from '../../../contracts/rental-templates';
import { zodValidate } from '../../lib/zod-form';
import {
  insertPlaceholder,
  TemplateFormButtons,
  TemplateLoadFailed,
  TemplateLoading,
  TemplatePreviewLayout,
  TypeAndStatusFields,
  useTemplateSubmit,
} from './components/template-parts';
import { VariablesHelper } from './components/variables-helper';
import {
  useRentalTemplate,
  useRentalTemplateChanges,
  useRentalTemplatePreview,
  useRentalTemplateTypes,
} from './rental-templates.api';
import type { TemplateMode } from './use-template-mode';

const validate = zodValidate(rentalTemplateBody);

type Values = { name: string; content: string; type: string; status: string; is_default: boolean };

const EMPTY: Values = {
  name: '',
  content: '',
  type: 'rental_agreement',
  status: 'active',
  is_default: false,
};

function RentalTemplateForm({
  saved,
  go,
}: {
  saved: RentalTemplateReply | null;
  go: (mode: TemplateMode) => void;
}) {
  const types = useRentalTemplateTypes();
  const { save } = useRentalTemplateChanges();
  const form = useForm<Values>({
    initialValues: saved
      ? {
          name: saved.name,
          content: saved.content,
          type: saved.type,
          status: saved.status,
          is_default: saved.is_default,
        }
      : EMPTY,
    validate,
  });
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const type = types.data?.types.find((t) => t.value === form.values.type);

  const insert = (placeholder: string) => insertPlaceholder(form, 'content', contentRef.current, placeholder);
  const submit = useTemplateSubmit(form, save, saved?.id ?? null, go, M.saveFailed);

  return (
    <form onSubmit={submit} noValidate aria-label={saved ? 'Edit rental template' : 'New rental template'}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
            <TypeAndStatusFields form={form} typeLabel="Document type" types={types.data?.types} />
            <Switch
              label="Default for this document type"
              description="Rentals use the default template; making this one the default clears the others of its type."
              {...form.getInputProps('is_default', { type: 'checkbox' })}
            />
            <Textarea
              label="Content (HTML)"
              description="Scripts, event handlers and javascript: links are removed when saved."
              withAsterisk
              autosize
              minRows={14}
              maxRows={32}
              ref={contentRef}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              {...form.getInputProps('content')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <VariablesHelper variables={type?.variables ?? []} onInsert={insert} />
        </Grid.Col>
      </Grid>
      <TemplateFormButtons savedId={saved?.id ?? null} go={go} saving={save.isPending} />
    </form>
  );
}

/** Create and edit modes (spec 2 §4). */
export function RentalTemplateEditor({ mode, go }: { mode: TemplateMode; go: (mode: TemplateMode) => void }) {
  const id = mode.mode === 'edit' ? mode.id : null;
  const template = useRentalTemplate(id);
  if (id === null) return <RentalTemplateForm saved={null} go={go} />;
  if (template.isLoading) return <TemplateLoading label="Loading the template" />;
  if (template.isError || !template.data)
    return <TemplateLoadFailed error={template.error} fallback={M.loadFailed} go={go} />;
  return <RentalTemplateForm key={template.data.data.updated_at} saved={template.data.data} go={go} />;
}

/** Preview mode (spec 2 §4): the document rendered with sample values. */
export function RentalTemplatePreview({
  id,
  go,
  onDuplicate,
}: {
  id: number;
  go: (mode: TemplateMode) => void;
  onDuplicate: (template: RentalTemplateReply) => void;
}) {
  const template = useRentalTemplate(id);
  const preview = useRentalTemplatePreview(id);
  if (template.isLoading || preview.isLoading) return <TemplateLoading label="Loading the preview" />;
  if (template.isError || preview.isError || !template.data || !preview.data)
    return <TemplateLoadFailed error={template.error ?? preview.error} fallback={M.previewFailed} go={go} />;
  const t = template.data.data;
  return (
    <TemplatePreviewLayout
      name={t.name}
      preview={preview.data.data}
      htmlTitle="Document preview"
      go={go}
      actions={
        <>
          <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => onDuplicate(t)}>
            Duplicate
          </Button>
          <Button leftSection={<IconPencil size={16} />} onClick={() => go({ mode: 'edit', id })}>
            Edit
          </Button>
        </>
      }
    />
  );
}
