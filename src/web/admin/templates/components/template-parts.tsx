import { Alert, Button, Grid, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../ui/notify';
import type { TemplateMode } from '../use-template-mode';
import { HtmlPreview, SampleValuesTable } from './html-preview';
import { insertAt } from './variables-helper';

/**
 * The pieces the e-mail and rental template screens share (spec 2 §2, §4): both kinds are one
 * template module on the server, and their screens differ only in their fields.
 */

type Go = (mode: TemplateMode) => void;

/** A template or its preview is loading. */
export function TemplateLoading({ label }: { label: string }) {
  return (
    <Stack role="status" aria-busy aria-label={label}>
      <Skeleton height={40} />
      <Skeleton height={320} />
    </Stack>
  );
}

/** A template or its preview could not be loaded: the reason, and the way back to the list. */
export function TemplateLoadFailed({ error, fallback, go }: { error: unknown; fallback: string; go: Go }) {
  return (
    <Alert color="red" role="alert" title={errorMessage(error, fallback)}>
      <Button size="xs" variant="light" color="red" onClick={() => go({ mode: 'list' })}>
        Back to the list
      </Button>
    </Alert>
  );
}

/** The type (the kind's own label) and status choices of a template form. */
export function TypeAndStatusFields<V extends { type: string; status: string }>({
  form,
  typeLabel,
  types,
}: {
  form: UseFormReturnType<V>;
  typeLabel: string;
  types: readonly { value: string; label: string }[] | undefined;
}) {
  return (
    <Group grow align="flex-start">
      <Select
        label={typeLabel}
        data={(types ?? []).map((t) => ({ value: t.value, label: t.label }))}
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
  );
}

/**
 * Puts a variable's placeholder into a text field where its cursor was (or at its end), then gives
 * the field the focus back with the cursor after the placeholder.
 */
export function insertPlaceholder<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  field: keyof V & string,
  element: HTMLInputElement | HTMLTextAreaElement | null,
  placeholder: string,
) {
  const next = insertAt(
    String(form.values[field] ?? ''),
    placeholder,
    element?.selectionStart,
    element?.selectionEnd,
  );
  form.setFieldValue(field, next.value as never);
  requestAnimationFrame(() => {
    element?.focus();
    element?.setSelectionRange(next.cursor, next.cursor);
  });
}

/**
 * A template form's submit: saves, says so and shows the saved template's preview; a refusal puts
 * the 422's messages on their fields and says why in a toast.
 */
export function useTemplateSubmit<V>(
  form: UseFormReturnType<V>,
  save: {
    mutateAsync: (input: {
      id: number | null;
      body: V;
    }) => Promise<{ message: string; data: { id: number } }>;
  },
  savedId: number | null,
  go: Go,
  saveFailed: string,
) {
  return form.onSubmit(
    async (values) => {
      try {
        const reply = await save.mutateAsync({ id: savedId, body: values });
        notifySuccess(reply.message);
        go({ mode: 'preview', id: reply.data.id });
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (fields) form.setErrors(fields);
        notifyError(errorMessage(error, saveFailed));
      }
    },
    () => notifyError('Please correct the errors below.'),
  );
}

/** Cancel (back to the preview of a saved template, else the list) and save. */
export function TemplateFormButtons({
  savedId,
  go,
  saving,
}: {
  savedId: number | null;
  go: Go;
  saving: boolean;
}) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button
        variant="default"
        onClick={() => go(savedId !== null ? { mode: 'preview', id: savedId } : { mode: 'list' })}
      >
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {savedId !== null ? 'Save template' : 'Create template'}
      </Button>
    </Group>
  );
}

/** What the server's preview of a template answers, for either kind. */
type RenderedPreview = { html: string; unknown_variables: string[]; sample_values: Record<string, string> };

/**
 * Preview mode: back to the list, the kind's actions, the template rendered with sample values
 * (with a warning for placeholders that are no variables of its type), and the sample values.
 */
export function TemplatePreviewLayout({
  name,
  preview,
  htmlTitle,
  actions,
  heading,
  go,
}: {
  name: string;
  preview: RenderedPreview;
  /** The rendered frame's accessible name. */
  htmlTitle: string;
  actions: ReactNode;
  /** Shown under the title (an e-mail's subject). */
  heading?: ReactNode;
  go: Go;
}) {
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
        <Group gap="sm">{actions}</Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={3}>Preview: {name}</Title>
              {heading}
              {preview.unknown_variables.length > 0 && (
                <Alert color="yellow" title="Unknown variables">
                  {preview.unknown_variables.map((variable) => `{{${variable}}}`).join(', ')} are not
                  variables of this type and will be left empty.
                </Alert>
              )}
              <HtmlPreview html={preview.html} title={htmlTitle} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <Text fw={600} size="sm" mb="xs">
              Sample values
            </Text>
            <SampleValuesTable values={preview.sample_values} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
