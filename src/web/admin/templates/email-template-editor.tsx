import { Grid, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef } from 'react';
import {
  type EmailTemplateReply,
  emailTemplateBody,
  EMAIL_TEMPLATE_MESSAGES as M,
} from '../../../contracts/email-templates';
import { zodValidate } from '../../lib/zod-form';
import {
  insertPlaceholder,
  TemplateFormButtons,
  TemplateLoadFailed,
  TemplateLoading,
  TypeAndStatusFields,
  useTemplateSubmit,
} from './components/template-parts';
import { VariablesHelper } from './components/variables-helper';
import { useEmailTemplate, useEmailTemplateChanges, useEmailTemplateTypes } from './email-templates.api';
import type { TemplateMode } from './use-template-mode';

const validate = zodValidate(emailTemplateBody);

type Values = {
  name: string;
  slug: string;
  subject: string;
  body: string;
  type: string;
  status: string;
  context: string;
};

const EMPTY: Values = {
  name: '',
  slug: '',
  subject: '',
  body: '',
  type: 'custom',
  status: 'active',
  context: '',
};

const valuesOf = (t: EmailTemplateReply): Values => ({
  name: t.name,
  slug: t.slug,
  subject: t.subject,
  body: t.body,
  type: t.type,
  status: t.status,
  context: t.context ?? '',
});

function EmailTemplateForm({
  saved,
  go,
}: {
  saved: EmailTemplateReply | null;
  go: (mode: TemplateMode) => void;
}) {
  const types = useEmailTemplateTypes();
  const { save } = useEmailTemplateChanges();
  const form = useForm<Values>({ initialValues: saved ? valuesOf(saved) : EMPTY, validate });
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const lastField = useRef<'subject' | 'body'>('body');
  const type = types.data?.types.find((t) => t.value === form.values.type);

  const insert = (placeholder: string) => {
    const field = lastField.current;
    insertPlaceholder(form, field, field === 'body' ? bodyRef.current : subjectRef.current, placeholder);
  };
  const submit = useTemplateSubmit(form, save, saved?.id ?? null, go, M.saveFailed);

  return (
    <form onSubmit={submit} noValidate aria-label={saved ? 'Edit e-mail template' : 'New e-mail template'}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Group grow align="flex-start">
              <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
              <TextInput
                label="Slug"
                description="Leave empty to make one from the name."
                {...form.getInputProps('slug')}
              />
            </Group>
            <TypeAndStatusFields form={form} typeLabel="Type" types={types.data?.types} />
            <TextInput
              label="Subject"
              withAsterisk
              ref={subjectRef}
              onFocus={() => {
                lastField.current = 'subject';
              }}
              {...form.getInputProps('subject')}
            />
            <Textarea
              label="Body (HTML)"
              description="Scripts, event handlers and javascript: links are removed when saved."
              withAsterisk
              autosize
              minRows={12}
              maxRows={30}
              ref={bodyRef}
              onFocus={() => {
                lastField.current = 'body';
              }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              {...form.getInputProps('body')}
            />
            <Textarea
              label="Context"
              description="A note for admins: when this e-mail is sent."
              autosize
              minRows={2}
              {...form.getInputProps('context')}
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
export function EmailTemplateEditor({ mode, go }: { mode: TemplateMode; go: (mode: TemplateMode) => void }) {
  const id = mode.mode === 'edit' ? mode.id : null;
  const template = useEmailTemplate(id);
  if (id === null) return <EmailTemplateForm saved={null} go={go} />;
  if (template.isLoading) return <TemplateLoading label="Loading the template" />;
  if (template.isError || !template.data)
    return <TemplateLoadFailed error={template.error} fallback={M.loadFailed} go={go} />;
  return <EmailTemplateForm key={template.data.data.updated_at} saved={template.data.data} go={go} />;
}
