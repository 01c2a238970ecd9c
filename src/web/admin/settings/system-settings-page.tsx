import {
  Alert,
  Button,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useRef } from 'react';
import {
  DATE_FORMAT_EXAMPLES,
  EMAIL_TEMPLATE_SOURCES,
  IDENTITY_PROVIDER_ROLES,
  LIST_PAGE_SIZES,
  SYSTEM_SETTINGS_MESSAGES as M,
  type ServerLimits,
  type SystemSettingsReply,
  systemSettingsUpdateBody,
  UPLOADABLE_TYPES,
} from '../../../contracts/system-settings';
import { DATE_FORMATS } from '../../../domain/dates/date-format';
import { errorMessage } from '../../lib/form-errors';
import { zodValidate } from '../../lib/zod-form';
import { confirmAction } from '../../ui/confirm';
import { LoadFailed } from '../../ui/load-failed';
import { NotUsedYet } from '../../ui/not-used-yet';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard';
import { FileStorageSection } from './components/file-storage-section';
import { SecretField } from './components/secret-field';
import { SettingsActions } from './components/settings-actions';
import { SettingsSection } from './components/settings-section';
import { useResetSystemSettings, useSaveSystemSettings, useSystemSettings } from './settings.api';
import { CORRECT_ERRORS, settingsSubmit, startFormFrom } from './settings-form-values';
import { bodyOf, type SystemSettingsFormValues, valuesOf } from './system-settings-form-values';

const validateBody = zodValidate(systemSettingsUpdateBody);

/** Every IANA time zone this browser knows, with the stored one even if it does not. */
function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...zones])].sort();
}

const ROLE_LABELS: Record<string, string> = {
  customer: 'Customer',
  partner: 'Partner',
  doctor: 'Doctor',
  patient: 'Patient',
  supplier: 'Supplier',
};

function ServerLimitsCard({ limits }: { limits: ServerLimits }) {
  const rows: [string, string][] = [
    ['All files of one upload together', `${limits.upload_total_max_mb} MB`],
    ['Highest maximum file size you can set', `${limits.upload_file_max_mb} MB`],
    ['Files in one upload', String(limits.upload_max_files)],
  ];
  return (
    <SettingsSection title="Server limits" description="Set by the server; settings cannot go beyond them.">
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Server limits">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td c="dimmed">{label}</Table.Td>
              <Table.Td fw={500} ta="right">
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SettingsSection>
  );
}

function SystemSettingsForm({ reply }: { reply: SystemSettingsReply }) {
  const save = useSaveSystemSettings();
  const reset = useResetSystemSettings();
  // What the server last answered: a save sends only what differs from it.
  const saved = useRef(valuesOf(reply.settings));
  const form = useForm<SystemSettingsFormValues>({
    initialValues: saved.current,
    validate: (values) => {
      const body = bodyOf(saved.current, values);
      return Object.keys(body).length === 0 ? {} : validateBody({ settings: body });
    },
  });
  const isDirty = form.isDirty();
  useUnsavedChangesGuard(isDirty, M.unsaved);

  const settings = reply.settings;
  const zones = useMemo(() => timeZoneOptions(form.values.app_timezone), [form.values.app_timezone]);

  const startFrom = (next: SystemSettingsReply) => {
    const values = valuesOf(next.settings);
    saved.current = values;
    startFormFrom(form, values);
  };

  const submit = settingsSubmit(form, {
    changed: (values) => bodyOf(saved.current, values),
    save: save.mutateAsync,
    saved: startFrom,
    failed: M.save,
  });

  const askReset = async () => {
    const isConfirmed = await confirmAction({
      title: 'Reset system settings?',
      message:
        'Every system setting on this page goes back to its default. The identity provider credentials and the S3 connection are kept; new files go to the server disk again. Unsaved changes are lost.',
      confirmLabel: 'Reset to defaults',
      danger: true,
    });
    if (!isConfirmed) return;
    try {
      const next = await reset.mutateAsync(undefined);
      startFrom(next);
      notifySuccess(next.message);
    } catch (error) {
      notifyError(errorMessage(error, M.resetFailed));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="System settings">
      <Stack gap="lg">
        {Object.keys(form.errors).length > 0 && (
          <Alert color="red" role="alert">
            <Text size="sm">{CORRECT_ERRORS}</Text>
          </Alert>
        )}

        <SettingsSection title="Uploads" description="What the file library accepts.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Maximum file size"
              description={`Per file, from 1 to ${reply.server_limits.upload_file_max_mb} MB.`}
              suffix=" MB"
              min={1}
              max={reply.server_limits.upload_file_max_mb}
              decimalScale={1}
              {...form.getInputProps('file_upload_max_size')}
            />
            <MultiSelect
              label="Allowed file types"
              description="Files are checked by their content, not only their name."
              data={[...UPLOADABLE_TYPES]}
              searchable
              {...form.getInputProps('file_upload_allowed_types')}
            />
          </SimpleGrid>
        </SettingsSection>

        <SettingsSection title="Shop" description="Whether the storefront is open and how it is reached.">
          <Stack>
            <Switch
              label="Maintenance mode"
              description="Storefront pages answer “down for maintenance” to everyone but admin and staff; sign-in stays open."
              {...form.getInputProps('maintenance_mode', { type: 'checkbox' })}
            />
            <Switch
              label={
                <>
                  Online shop enabled
                  <NotUsedYet />
                </>
              }
              description="Customers can buy online. When off, the shop shows products without buying."
              {...form.getInputProps('online_shop_enabled', { type: 'checkbox' })}
            />
            <Switch
              label={
                <>
                  Force HTTPS
                  <NotUsedYet />
                </>
              }
              description="Send every visitor to the https address of the shop."
              {...form.getInputProps('FORCE_HTTPS', { type: 'checkbox' })}
            />
          </Stack>
        </SettingsSection>

        <SettingsSection title="Dates" description="How every screen shows dates and times.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Time zone"
              data={zones}
              searchable
              allowDeselect={false}
              nothingFoundMessage="No such time zone"
              {...form.getInputProps('app_timezone')}
            />
            <Select
              label="Date format"
              data={DATE_FORMATS.map((format) => ({
                value: format,
                label: `${format} (${DATE_FORMAT_EXAMPLES[format]})`,
              }))}
              allowDeselect={false}
              {...form.getInputProps('app_date_format')}
            />
          </SimpleGrid>
        </SettingsSection>

        <SettingsSection title="Lists" description="How many rows most admin lists show at first.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Rows per page"
              description="Orders, products, discount rules, pickup points, brands, VAT rates and colours. Each list can still change it."
              data={LIST_PAGE_SIZES.map(String)}
              allowDeselect={false}
              {...form.getInputProps('default_per_page')}
              value={String(form.values.default_per_page)}
              onChange={(value) => form.setFieldValue('default_per_page', Number(value))}
            />
          </SimpleGrid>
        </SettingsSection>

        <SettingsSection title="Documents">
          <Switch
            label="Show variants on PDFs"
            description="Order and invoice PDFs name the variant of each item."
            {...form.getInputProps('pdf_show_variants', { type: 'checkbox' })}
          />
        </SettingsSection>

        {reply.can_edit_custom_code && (
          <SettingsSection
            title="Custom code"
            description="HTML added at the end of the storefront's home and catalogue pages, such as an analytics snippet; sign-in, checkout, payment and account pages never include it. Its <script> tags run (each page allows them by a one-time nonce); inline handlers such as onclick do not. Only administrators see this."
          >
            <Textarea
              aria-label="Custom code"
              autosize
              minRows={4}
              maxRows={14}
              spellCheck={false}
              styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
              {...form.getInputProps('custom_code')}
            />
          </SettingsSection>
        )}

        <SettingsSection
          title="Sign-in with identity provider"
          badge={<NotUsedYet />}
          description="Used only when filled. Keys are write-only: they are never shown again once stored."
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Project ID" {...form.getInputProps('identity_provider_project_id')} />
              <TextInput label="Client ID" {...form.getInputProps('identity_provider_client_id')} />
              <TextInput
                label="Client e-mail"
                type="email"
                {...form.getInputProps('identity_provider_client_email')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Auth URI"
                type="url"
                placeholder="https://"
                {...form.getInputProps('identity_provider_auth_uri')}
              />
              <TextInput
                label="Token URI"
                type="url"
                placeholder="https://"
                {...form.getInputProps('identity_provider_token_uri')}
              />
              <SecretField
                form={form}
                name="identity_provider_web_api_key"
                label="Web API key"
                isStored={settings.has_identity_provider_web_api_key}
              />
              <SecretField
                form={form}
                name="identity_provider_private_key_id"
                label="Private key ID"
                isStored={settings.has_identity_provider_private_key_id}
              />
            </SimpleGrid>
            <SecretField
              form={form}
              name="identity_provider_private_key"
              label="Private key"
              isStored={settings.has_identity_provider_private_key}
              multiline
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Default role for new users"
                data={IDENTITY_PROVIDER_ROLES.map((role) => ({
                  value: role,
                  label: ROLE_LABELS[role] ?? role,
                }))}
                allowDeselect={false}
                {...form.getInputProps('identity_provider_default_role')}
              />
              <Select
                label="E-mail template source"
                data={EMAIL_TEMPLATE_SOURCES.map((source) => ({
                  value: source,
                  label: source === 'shop' ? "The shop's e-mail templates" : "The provider's templates",
                }))}
                allowDeselect={false}
                {...form.getInputProps('identity_provider_email_template_source')}
              />
              <Switch
                mt={{ sm: 'xl' }}
                label="Create users on first sign-in"
                {...form.getInputProps('identity_provider_auto_create_users', { type: 'checkbox' })}
              />
            </SimpleGrid>
          </Stack>
        </SettingsSection>

        <FileStorageSection form={form} saved={saved.current} settings={settings} />

        <ServerLimitsCard limits={reply.server_limits} />

        <SettingsActions
          start={
            <Button variant="default" color="red" onClick={askReset} loading={reset.isPending}>
              Reset to defaults
            </Button>
          }
          end={
            <>
              {isDirty && (
                <Text size="sm" c="orange" role="status">
                  Unsaved changes
                </Text>
              )}
              <Button type="submit" loading={save.isPending}>
                Save settings
              </Button>
            </>
          }
        />
      </Stack>
    </form>
  );
}

/** System settings (spec 2 §2, §3, §4, §7, §9; docs/decisions/0021): settings.manage. */
export function SystemSettingsPage() {
  const settings = useSystemSettings();
  return (
    <>
      <PageHeader
        title="System settings"
        description="Uploads, maintenance, dates, documents, sign-in with an identity provider and file storage."
      />
      {settings.isLoading ? (
        <Stack role="status" aria-label="Loading system settings" aria-busy>
          <Skeleton height={140} />
          <Skeleton height={180} />
          <Skeleton height={140} />
        </Stack>
      ) : settings.isError || !settings.data ? (
        <LoadFailed title={M.load} onRetry={() => settings.refetch()} />
      ) : (
        <SystemSettingsForm reply={settings.data} />
      )}
    </>
  );
}

export default SystemSettingsPage;
