import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconCopy, IconPencil } from '@tabler/icons-react';
import { useRef } from 'react';
import {
  RENTAL_TEMPLATE_MESSAGES as M,
  type RentalTemplateReply,
  rentalTemplateBody,
} from '../../../contracts/rental-templates';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { zodValidate } from '../../lib/zod-form';
import { notifyError, notifySuccess } from '../../ui/notify';
import { HtmlPreview, SampleValuesTable } from './components/html-preview';
import { insertAt, VariablesHelper } from './components/variables-helper';
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

  const insert = (placeholder: string) => {
    const element = contentRef.current;
    const next = insertAt(form.values.content, placeholder, element?.selectionStart, element?.selectionEnd);
    form.setFieldValue('content', next.value);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const submit = form.onSubmit(
    async (values) => {
      try {
        const reply = await save.mutateAsync({ id: saved?.id ?? null, body: values });
        notifySuccess(reply.message);
        go({ mode: 'preview', id: reply.data.id });
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (fields) form.setErrors(fields);
        notifyError(errorMessage(error, M.saveFailed));
      }
    },
    () => notifyError('Please correct the errors below.'),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={saved ? 'Edit rental template' : 'New rental template'}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
            <Group grow align="flex-start">
              <Select
                label="Document type"
                data={(types.data?.types ?? []).map((t) => ({ value: t.value, label: t.label }))}
                allowDeselect={false}
                {...form.getInputProps('type')}
              />
              <Select
                label="Status"
                data={[
                  { value: 'active', label: 'Active' },
                  { value: 'inactive', label: 'Inactive' },
                ]}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
            </Group>
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
      <Group justify="flex-end" mt="lg">
        <Button
          variant="default"
          onClick={() => go(saved ? { mode: 'preview', id: saved.id } : { mode: 'list' })}
        >
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {saved ? 'Save template' : 'Create template'}
        </Button>
      </Group>
    </form>
  );
}

function LoadFailed({
  error,
  fallback,
  go,
}: {
  error: unknown;
  fallback: string;
  go: (mode: TemplateMode) => void;
}) {
  return (
    <Alert color="red" role="alert" title={errorMessage(error, fallback)}>
      <Button size="xs" variant="light" color="red" onClick={() => go({ mode: 'list' })}>
        Back to the list
      </Button>
    </Alert>
  );
}

/** Create and edit modes (spec 2 §4). */
export function RentalTemplateEditor({ mode, go }: { mode: TemplateMode; go: (mode: TemplateMode) => void }) {
  const id = mode.mode === 'edit' ? mode.id : null;
  const template = useRentalTemplate(id);
  if (id === null) return <RentalTemplateForm saved={null} go={go} />;
  if (template.isLoading) return <Skeleton height={320} aria-label="Loading the template" />;
  if (template.isError || !template.data)
    return <LoadFailed error={template.error} fallback={M.loadFailed} go={go} />;
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
  if (template.isLoading || preview.isLoading)
    return <Skeleton height={360} aria-label="Loading the preview" />;
  if (template.isError || preview.isError || !template.data || !preview.data) {
    return <LoadFailed error={template.error ?? preview.error} fallback={M.previewFailed} go={go} />;
  }
  const t = template.data.data;
  const p = preview.data.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => go({ mode: 'list' })}
        >
          All templates
        </Button>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => onDuplicate(t)}>
            Duplicate
          </Button>
          <Button leftSection={<IconPencil size={16} />} onClick={() => go({ mode: 'edit', id })}>
            Edit
          </Button>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={3}>Preview: {t.name}</Title>
              {p.unknown_variables.length > 0 && (
                <Alert color="yellow" title="Unknown variables">
                  {p.unknown_variables.map((name) => `{{${name}}}`).join(', ')} are not variables of this type
                  and will be left empty.
                </Alert>
              )}
              <HtmlPreview html={p.html} title="Document preview" />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <Text fw={600} size="sm" mb="xs">
              Sample values
            </Text>
            <SampleValuesTable values={p.sample_values} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
