import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconSend } from '@tabler/icons-react';
import { EMAIL_TEMPLATE_MESSAGES as M, sendTestTemplateBody } from '../../../contracts/email-templates';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { zodValidate } from '../../lib/zod-form';
import { notifyError, notifySuccess } from '../../ui/notify';
import { TemplateLoadFailed, TemplateLoading, TemplatePreviewLayout } from './components/template-parts';
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

  if (template.isLoading || preview.isLoading) return <TemplateLoading label="Loading the preview" />;
  if (template.isError || preview.isError || !template.data || !preview.data)
    return <TemplateLoadFailed error={template.error ?? preview.error} fallback={M.previewFailed} go={go} />;
  const p = preview.data.data;
  return (
    <>
      <TemplatePreviewLayout
        name={template.data.data.name}
        preview={p}
        htmlTitle="E-mail preview"
        go={go}
        heading={
          <Text size="sm">
            <Text span c="dimmed">
              Subject:{' '}
            </Text>
            <Text span fw={600} data-testid="preview-subject">
              {p.subject}
            </Text>
          </Text>
        }
        actions={
          <>
            <Button variant="default" leftSection={<IconSend size={16} />} onClick={test.open}>
              Send test
            </Button>
            <Button leftSection={<IconPencil size={16} />} onClick={() => go({ mode: 'edit', id })}>
              Edit
            </Button>
          </>
        }
      />
      <SendTestModal templateId={id} opened={testing} onClose={test.close} />
    </>
  );
}
