import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Pagination,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMessage, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import {
  SMS_MESSAGES as M,
  SMS_LOGS_PER_PAGE,
  SMS_SECRET_BINDINGS,
  SMS_SETTING_FIELDS,
  type SmsSettingsView,
  smsPhoneBody,
} from '../../../contracts/messaging';
import {
  renderOtpMessage,
  SMS_MESSAGE_TYPES,
  SMS_STATUSES,
  type SmsStatus,
} from '../../../domain/messaging/sms';
import { destinationMoved } from '../../../domain/settings/bound-secrets';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { zodValidate } from '../../lib/zod-form';
import { LoadFailed } from '../../ui/load-failed';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SettingsActions } from '../settings/components/settings-actions';
import { SettingsSection } from '../settings/components/settings-section';
import { changedValues, settingsSubmit, startFormFrom } from '../settings/settings-form-values';
import {
  type SmsLogFilters,
  useCheckSmsStatus,
  useSaveSmsSettings,
  useSendTestSms,
  useSmsLogs,
  useSmsSettings,
  useSmsStatistics,
  useTestFirebaseOtp,
} from './messaging.api';

type FormValues = Omit<SmsSettingsView, 'has_sms_gateway_app_key'> & { sms_gateway_app_key: string };

const { sms_gateway_app_key: _key, ...visibleFields } = SMS_SETTING_FIELDS;
const validate = zodValidate(z.object({ ...visibleFields, sms_gateway_app_key: z.string().max(255) }));
const validatePhone = zodValidate(smsPhoneBody);

const GATEWAY_FIELDS = new Set([
  'sms_gateway_enabled',
  'sms_gateway_base_url',
  'sms_gateway_app_id',
  'sms_gateway_app_key',
  'sms_gateway_campaign_name',
]);

const STATUS_COLOURS: Record<SmsStatus, string> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
};
const label = (value: string) => value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function SmsSettingsForm({
  saved,
  tab,
  setTab,
}: {
  saved: SmsSettingsView;
  tab: string;
  setTab: (t: string) => void;
}) {
  const save = useSaveSmsSettings();
  const { has_sms_gateway_app_key, ...savedValues } = saved;
  const initial: FormValues = { ...savedValues, sms_gateway_app_key: '' };
  const form = useForm<FormValues>({ initialValues: initial, validate });
  const values = form.getValues();

  const submit = settingsSubmit(form, {
    changed: (next) => changedValues(initial, next),
    save: save.mutateAsync,
    saved: (reply) => {
      const { has_sms_gateway_app_key: _, ...rest } = reply.settings;
      startFormFrom(form, { ...rest, sms_gateway_app_key: '' });
    },
    failed: 'Failed to save SMS settings',
    showFields: (fields) =>
      setTab(Object.keys(fields).some((f) => GATEWAY_FIELDS.has(f)) ? 'gateway' : 'otp'),
  });

  const preview = renderOtpMessage(values.sms_otp_message_template, {
    code: '4'.repeat(Number(values.sms_otp_length) || 6),
    minutes: Number(values.sms_otp_expiry_minutes) || 5,
    app_name: 'Emporium',
  });

  return (
    <form onSubmit={submit} noValidate aria-label="SMS settings">
      <Tabs.Panel value="gateway">
        <SettingsSection title="Gateway" description="The SMS provider the shop sends through.">
          <Stack>
            <Switch
              label="Send SMS through the gateway"
              {...form.getInputProps('sms_gateway_enabled', { type: 'checkbox' })}
            />
            <TextInput
              label="Gateway address"
              description="The provider's API base URL; the shop calls nothing else."
              {...form.getInputProps('sms_gateway_base_url')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="App id" {...form.getInputProps('sms_gateway_app_id')} />
              <PasswordInput
                label="App key"
                autoComplete="new-password"
                description={
                  !has_sms_gateway_app_key
                    ? 'No key stored yet.'
                    : destinationMoved(initial, form.values, SMS_SECRET_BINDINGS[0]!)
                      ? 'The base URL changed: the stored key will be cleared. Enter it again.'
                      : 'A key is stored; leave empty to keep it.'
                }
                {...form.getInputProps('sms_gateway_app_key')}
              />
              <TextInput label="Campaign name" {...form.getInputProps('sms_gateway_campaign_name')} />
            </SimpleGrid>
          </Stack>
        </SettingsSection>
      </Tabs.Panel>
      <Tabs.Panel value="otp">
        <SettingsSection title="One-time codes" description="Sign-in and verification codes sent by SMS.">
          <Stack>
            <Group>
              <Switch
                label="Send one-time codes by SMS"
                {...form.getInputProps('sms_otp_enabled', { type: 'checkbox' })}
              />
              <Switch
                label="Firebase hybrid SMS"
                {...form.getInputProps('firebase_hybrid_sms_enabled', { type: 'checkbox' })}
              />
              <Switch
                label="Sandbox (no SMS leaves the shop)"
                description="For demos and tests: codes are shown in the SMS log instead of being sent."
                {...form.getInputProps('sms_sandbox_enabled', { type: 'checkbox' })}
              />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label="Code length"
                min={4}
                max={10}
                allowDecimal={false}
                {...form.getInputProps('sms_otp_length')}
              />
              <NumberInput
                label="Expiry (minutes)"
                min={1}
                max={60}
                allowDecimal={false}
                {...form.getInputProps('sms_otp_expiry_minutes')}
              />
              <NumberInput
                label="Resend cooldown (minutes)"
                min={0}
                max={60}
                allowDecimal={false}
                {...form.getInputProps('sms_otp_resend_cooldown_minutes')}
              />
              <NumberInput
                label="Maximum attempts"
                min={1}
                max={10}
                allowDecimal={false}
                {...form.getInputProps('sms_otp_max_attempts')}
              />
              <NumberInput
                label="Codes per hour"
                min={1}
                max={100}
                allowDecimal={false}
                {...form.getInputProps('sms_otp_rate_limit_per_hour')}
              />
            </SimpleGrid>
            <Textarea
              label="Message template"
              description="{code}, {minutes} and {app_name} are filled in; {code} is required."
              autosize
              minRows={2}
              {...form.getInputProps('sms_otp_message_template')}
            />
            <Text role="group" size="sm" c="dimmed" aria-label="Message preview">
              Preview: {preview}
            </Text>
          </Stack>
        </SettingsSection>
      </Tabs.Panel>
      {(tab === 'gateway' || tab === 'otp') && (
        <SettingsActions
          end={
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          }
        />
      )}
    </form>
  );
}

function TestSmsForm() {
  const send = useSendTestSms();
  const otp = useTestFirebaseOtp();
  const form = useForm({ initialValues: { phone_number: '' }, validate: validatePhone });
  const run = (call: typeof send.mutateAsync | typeof otp.mutateAsync) =>
    form.onSubmit(async (body) => {
      try {
        const reply = await call(body);
        notifySuccess(reply.message);
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (fields) form.setErrors(fields);
        notifyError(errorMessage(error, 'Failed to send test SMS'));
      }
    });
  return (
    <SettingsSection
      title="Test"
      description="Sends a short test message through the stored settings (save first)."
    >
      <form onSubmit={run(send.mutateAsync)} noValidate aria-label="Test SMS">
        <Group align="flex-start">
          <TextInput
            label="Phone number"
            type="tel"
            placeholder="+230 5250 0001"
            w={260}
            {...form.getInputProps('phone_number')}
          />
          <Button type="submit" mt={25} leftSection={<IconMessage size={16} />} loading={send.isPending}>
            Send test SMS
          </Button>
          <Button mt={25} variant="default" loading={otp.isPending} onClick={() => run(otp.mutateAsync)()}>
            Test Firebase OTP
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}

function SmsLogs({ active }: { active: boolean }) {
  const [filters, setFilters] = useState<SmsLogFilters>({
    page: 1,
    status: '',
    message_type: '',
    date_from: '',
    date_to: '',
  });
  const logs = useSmsLogs(filters, active);
  const ui = useUiSettings();
  const check = useCheckSmsStatus();
  const set = (patch: Partial<SmsLogFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const fields = fieldErrorsOf(logs.error);

  const checkStatus = async (id: number) => {
    try {
      notifySuccess((await check.mutateAsync(id)).message);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to check the SMS status'));
    }
  };

  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label="Status"
          placeholder="All statuses"
          clearable
          data={SMS_STATUSES.map((v) => ({ value: v, label: label(v) }))}
          value={filters.status || null}
          onChange={(v) => set({ status: v ?? '' })}
          w={160}
        />
        <Select
          label="Type"
          placeholder="All types"
          clearable
          data={SMS_MESSAGE_TYPES.map((v) => ({ value: v, label: v === 'otp' ? 'OTP' : label(v) }))}
          value={filters.message_type || null}
          onChange={(v) => set({ message_type: v ?? '' })}
          w={160}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.date_from}
          onChange={(e) => set({ date_from: e.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.date_to}
          error={fields?.date_to}
          onChange={(e) => set({ date_to: e.currentTarget.value })}
        />
      </Group>
      {logs.isLoading ? (
        <Skeleton height={200} role="status" aria-label="Loading SMS logs" />
      ) : logs.isError && !fields ? (
        <LoadFailed title="Failed to load SMS logs" onRetry={() => logs.refetch()} />
      ) : !logs.data || logs.data.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No SMS found.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped aria-label="SMS logs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{displayDateTime(row.created_at, ui.date_format, ui.timezone)}</Table.Td>
                    <Table.Td>{row.phone}</Table.Td>
                    <Table.Td>{row.message_type === 'otp' ? 'OTP' : label(row.message_type)}</Table.Td>
                    <Table.Td maw={320}>
                      <Text size="sm" lineClamp={2}>
                        {row.message}
                      </Text>
                      {row.error && (
                        <Text size="xs" c="red">
                          {row.error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOURS[row.status]} variant="light">
                        {row.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {row.provider_message_id && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconRefresh size={14} />}
                          loading={check.isPending && check.variables === row.id}
                          onClick={() => checkStatus(row.id)}
                          aria-label={`Check status of SMS ${row.id}`}
                        >
                          Check status
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {logs.data.from}–{logs.data.to} of {logs.data.total} ({SMS_LOGS_PER_PAGE} per page)
            </Text>
            <Pagination
              total={logs.data.last_page}
              value={filters.page}
              onChange={(page) => setFilters((f) => ({ ...f, page }))}
            />
          </Group>
        </>
      )}
    </Stack>
  );
}

function Stat({ title, value }: { title: string; value: number }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

function SmsStatistics({ active }: { active: boolean }) {
  const stats = useSmsStatistics(active);
  if (stats.isLoading) return <Skeleton height={160} role="status" aria-label="Loading SMS statistics" />;
  if (stats.isError || !stats.data)
    return <LoadFailed title="Failed to load SMS statistics" onRetry={() => stats.refetch()} />;
  const s = stats.data;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat title="All SMS" value={s.total} />
        <Stat title="Today" value={s.today} />
        <Stat title="Last 7 days" value={s.last_7_days} />
      </SimpleGrid>
      <Text fw={600}>By status</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {SMS_STATUSES.map((status) => (
          <Stat key={status} title={label(status)} value={s.by_status[status]} />
        ))}
      </SimpleGrid>
      <Text fw={600}>By type</Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {SMS_MESSAGE_TYPES.map((type) => (
          <Stat key={type} title={type === 'otp' ? 'OTP' : label(type)} value={s.by_type[type]} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** SMS settings (spec 2 §2, §3, §7): gateway, one-time codes, logs and statistics; admin only. */
export function SmsSettingsPage() {
  const settings = useSmsSettings();
  const [tab, setTab] = useState<string>('gateway');
  return (
    <>
      <PageHeader title="SMS settings" description="The SMS gateway, one-time codes, and every SMS sent." />
      {settings.isLoading ? (
        <Stack role="status" aria-label="Loading SMS settings" aria-busy>
          <Skeleton height={40} />
          <Skeleton height={220} />
        </Stack>
      ) : settings.isError || !settings.data ? (
        <LoadFailed title={M.initFailed} onRetry={() => settings.refetch()} />
      ) : (
        <Tabs value={tab} onChange={(v) => setTab(v ?? 'gateway')} keepMounted>
          <Tabs.List mb="md">
            <Tabs.Tab value="gateway">Gateway</Tabs.Tab>
            <Tabs.Tab value="otp">OTP</Tabs.Tab>
            <Tabs.Tab value="logs">Logs</Tabs.Tab>
            <Tabs.Tab value="statistics">Statistics</Tabs.Tab>
          </Tabs.List>
          <SmsSettingsForm saved={settings.data} tab={tab} setTab={setTab} />
          <Tabs.Panel value="gateway">
            <TestSmsForm />
          </Tabs.Panel>
          <Tabs.Panel value="logs">
            <SmsLogs active={tab === 'logs'} />
          </Tabs.Panel>
          <Tabs.Panel value="statistics">
            <SmsStatistics active={tab === 'statistics'} />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}

export default SmsSettingsPage;
