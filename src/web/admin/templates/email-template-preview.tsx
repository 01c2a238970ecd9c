import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconPencil, IconSend } from '@tabler/icons-react';
import { EMAIL_TEMPLATE_MESSAGES as M, sendTestTemplateBody } from '../../../contracts/email-templates';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { zodValidate } from '../../lib/zod-form';
import { notifyError, notifySuccess } from '../../ui/notify';
import { HtmlPreview, SampleValuesTable } from './components/html-preview';
import { useEmailTemplate, useEmailTemplateChanges, useEmailTemplatePreview } from './email-templates.api';
import type { TemplateMode } from './use-template-mode';

const validateTest = zodValidate(sendTestTemplateBody);

export function SendTestModal({
  templateId,
  opened,
  onClose,
}: {
  templateId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { sendTest } = useEmailTemplateChanges();
  const form = useForm({ initialValues: { recipient_email: '' }, validate: validateTest });
  const submit = form.onSubmit(async ({ recipient_email }) => {
    try {
      notifySuccess((await sendTest.mutateAsync({ id: templateId, recipient_email })).message);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else notifyError(errorMessage(error, M.sendFailed));
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Send a test e-mail">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The template is filled with sample values and sent through the shop's e-mail settings.
          </Text>
          <TextInput
            label="Recipient e-mail"
            type="email"
            data-autofocus
            {...form.getInputProps('recipient_email')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sendTest.isPending} leftSection={<IconSend size={16} />}>
              Send test e-mail
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Preview mode (spec 2 §4): the template rendered with sample values. */
export function EmailTemplatePreview({ id, go }: { id: number; go: (mode: TemplateMode) => void }) {
  const template = useEmailTemplate(id);
  const preview = useEmailTemplatePreview(id);
  const [testing, test] = useDisclosure(false);

  if (template.isLoading || preview.isLoading) {
    return (
      <Stack role="status" aria-busy aria-label="Loading the preview">
        <Skeleton height={40} />
        <Skeleton height={320} />
      </Stack>
    );
  }
  if (template.isError || preview.isError || !template.data || !preview.data) {
    return (
      <Alert color="red" role="alert" title={errorMessage(template.error ?? preview.error, M.previewFailed)}>
        <Button size="xs" variant="light" color="red" onClick={() => go({ mode: 'list' })}>
          Back to the list
        </Button>
      </Alert>
    );
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
          <Button variant="default" leftSection={<IconSend size={16} />} onClick={test.open}>
            Send test
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
              <Text size="sm">
                <Text span c="dimmed">
                  Subject:{' '}
                </Text>
                <Text span fw={600} data-testid="preview-subject">
                  {p.subject}
                </Text>
              </Text>
              {p.unknown_variables.length > 0 && (
                <Alert color="yellow" title="Unknown variables">
                  {p.unknown_variables.map((name) => `{{${name}}}`).join(', ')} are not variables of this type
                  and will be left empty.
                </Alert>
              )}
              <HtmlPreview html={p.html} title="E-mail preview" />
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
      <SendTestModal templateId={id} opened={testing} onClose={test.close} />
    </Stack>
  );
}
