import {
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconMailCog, IconSend, IconTemplate } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  EMAIL_SETTING_FIELDS,
  type EmailSettingsView,
  EMAIL_SETTINGS_MESSAGES as M,
  SMTP_ENCRYPTIONS,
  testEmailBody,
} from '../../../contracts/email-settings';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { zodValidate } from '../../lib/zod-form';
import { LoadFailed } from '../../ui/load-failed';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SettingsActions } from './components/settings-actions';
import { SettingsSection } from './components/settings-section';
import {
  emailChanges,
  passwordDestinationChanged,
  type EmailFormValues as Values,
} from './email-settings-form-values';
import { useEmailSettings, useSaveEmailSettings, useSendTestEmail } from './settings.api';

/** The browser checks with the server's own rules (contracts/email-settings.ts). */
const validate = zodValidate(z.object(EMAIL_SETTING_FIELDS));
const validateTest = zodValidate(testEmailBody);

const ENCRYPTION_LABELS: Record<(typeof SMTP_ENCRYPTIONS)[number], string> = {
  tls: 'TLS (STARTTLS, usually port 587)',
  ssl: 'SSL (usually port 465)',
  none: 'None',
};

function TestEmailModal({
  opened,
  onClose,
  recipient,
}: {
  opened: boolean;
  onClose: () => void;
  recipient: string;
}) {
  const send = useSendTestEmail();
  const form = useForm({ initialValues: { recipient_email: recipient }, validate: validateTest });
  const submit = form.onSubmit(async ({ recipient_email }) => {
    try {
      const reply = await send.mutateAsync(recipient_email);
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else notifyError(errorMessage(error, 'Network error while sending the test e-mail'));
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Send a test e-mail">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Sent with the settings as they are saved now.
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
            <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} />}>
              Send test e-mail
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function passwordHint(stored: boolean, moved: boolean): string {
  if (!stored) return 'No password is stored.';
  if (moved)
    return 'The host, port or username changed: the stored password will be cleared. Enter it again.';
  return 'A password is stored. Leave empty to keep it.';
}

function EmailSettingsForm({ saved }: { saved: EmailSettingsView }) {
  const { has_smtp_password: hasPassword, ...stored } = saved;
  const initial: Values = { ...stored, smtp_password: '' };
  const save = useSaveEmailSettings();
  const [testing, test] = useDisclosure(false);
  const form = useForm<Values>({ initialValues: initial, validate });

  const submit = form.onSubmit(
    async (values) => {
      const changes = emailChanges(initial, values);
      if (changes.length === 0) {
        notifySuccess('There are no changes to save.');
        return;
      }
      try {
        await save.mutateAsync(changes);
        form.setFieldValue('smtp_password', '');
        form.resetDirty();
        notifySuccess('E-mail settings saved successfully');
      } catch (error) {
        const fields = fieldErrorsOf(error);
        // One setting per call: its error comes back as setting_value; show it on that field.
        const failed = (error as { settingKey?: string }).settingKey;
        if (fields?.setting_value && failed) form.setFieldError(failed, fields.setting_value);
        notifyError(errorMessage(error, 'Network error while saving the e-mail settings'));
      }
    },
    () => notifyError('Please correct the errors below.'),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="E-mail settings">
      <Stack gap="lg">
        <SettingsSection
          title="Addresses"
          description="Who e-mails come from, and where the shop's own notices go."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="From address"
              type="email"
              withAsterisk
              {...form.getInputProps('mail_from_address')}
            />
            <TextInput
              label="Admin e-mail"
              description="Receives the shop's notices, such as low-stock e-mails."
              type="email"
              {...form.getInputProps('admin_email')}
            />
          </SimpleGrid>
        </SettingsSection>
        <SettingsSection
          title="SMTP server"
          description="Leave the host empty to write e-mails as files to the data folder instead of sending them."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Host" placeholder="smtp.example.com" {...form.getInputProps('smtp_host')} />
            <NumberInput
              label="Port"
              min={1}
              max={65535}
              allowDecimal={false}
              {...form.getInputProps('smtp_port')}
            />
            <Select
              label="Encryption"
              data={SMTP_ENCRYPTIONS.map((value) => ({ value, label: ENCRYPTION_LABELS[value] }))}
              allowDeselect={false}
              {...form.getInputProps('smtp_encryption')}
            />
            <TextInput label="Username" autoComplete="off" {...form.getInputProps('smtp_username')} />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              description={passwordHint(hasPassword, passwordDestinationChanged(initial, form.values))}
              {...form.getInputProps('smtp_password')}
            />
          </SimpleGrid>
        </SettingsSection>
        <SettingsActions
          start={
            <Button variant="default" leftSection={<IconSend size={16} />} onClick={test.open}>
              Send test e-mail
            </Button>
          }
          end={
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          }
        />
      </Stack>
      <TestEmailModal opened={testing} onClose={test.close} recipient={saved.admin_email} />
    </form>
  );
}

const EmailTemplatesTab = lazy(() =>
  import('../templates/email-templates-tab').then((m) => ({ default: m.EmailTemplatesTab })),
);

function EmailSettingsTab() {
  const settings = useEmailSettings();
  if (settings.isLoading) {
    return (
      <Stack role="status" aria-label="Loading e-mail settings" aria-busy>
        <Skeleton height={140} />
        <Skeleton height={220} />
      </Stack>
    );
  }
  if (settings.isError || !settings.data) {
    return <LoadFailed title={M.load} onRetry={() => settings.refetch()} />;
  }
  return <EmailSettingsForm saved={settings.data} />;
}

type Tab = 'settings' | 'templates';

/**
 * E-mail management (spec 2 §2): tabs settings and templates, admin only (settings.manage). The
 * tab is kept in the address bar (?tab=templates).
 */
export function EmailSettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'templates' ? 'templates' : 'settings';
  return (
    <>
      <PageHeader
        title="E-mail"
        description="The mail server the shop sends through, a test e-mail, and the e-mail templates."
      />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next === 'templates' ? { tab: 'templates' } : {})}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="settings" leftSection={<IconMailCog size={16} />}>
            Settings
          </Tabs.Tab>
          <Tabs.Tab value="templates" leftSection={<IconTemplate size={16} />}>
            Templates
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings">
          <EmailSettingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <Suspense fallback={<Skeleton height={240} role="status" aria-label="Loading templates" />}>
            <EmailTemplatesTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export default EmailSettingsPage;
