import {
  Alert,
  Button,
  Code,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type MessagingAccount,
  type MessagingTemplate,
  MESSAGING_TEST_MESSAGES as W,
} from '../../../contracts/messaging';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { LoadFailed } from '../../ui/load-failed';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SettingsSection } from '../settings/components/settings-section';
import { messagingTestApi, useMessagingConfig, useSaveMessagingConfig } from './messaging.api';

/** A failed call's toast: the server's reason, or the spec's words when the network failed (spec 3 §8). */
function failed(error: unknown, fallback: string) {
  notifyError(errorMessage(error, error instanceof TypeError ? W.network : fallback));
}

function ConfigSection({ baseUrl, hasToken }: { baseUrl: string; hasToken: boolean }) {
  const save = useSaveMessagingConfig();
  const [token, setToken] = useState('');
  const [url, setUrl] = useState(baseUrl);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <SettingsSection title="Configuration" description="The provider's API address and access token.">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="API address"
            value={url}
            error={errors.base_url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <PasswordInput
            label="API token"
            autoComplete="new-password"
            description={hasToken ? 'A token is stored; leave empty to keep it.' : 'No token stored yet.'}
            value={token}
            error={errors.api_token}
            onChange={(e) => setToken(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group>
          <Button
            loading={save.isPending}
            onClick={async () => {
              try {
                const reply = await save.mutateAsync({ api_token: token, base_url: url });
                setToken('');
                setErrors({});
                notifySuccess(reply.message);
              } catch (error) {
                setErrors(fieldErrorsOf(error) ?? {});
                failed(error, W.saveFailed);
              }
            }}
          >
            Save configuration
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}

function Tools() {
  const [accounts, setAccounts] = useState<MessagingAccount[] | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [templates, setTemplates] = useState<MessagingTemplate[] | null>(null);
  const [template, setTemplate] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('Test message from the shop');
  const [variables, setVariables] = useState('');
  const [debug, setDebug] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const connection = useMutation({ mutationFn: messagingTestApi.connection });
  const loadAccounts = useMutation({ mutationFn: messagingTestApi.accounts });
  const loadTemplates = useMutation({ mutationFn: messagingTestApi.templates });
  const send = useMutation({ mutationFn: messagingTestApi.send });
  const sendTemplate = useMutation({ mutationFn: messagingTestApi.sendTemplate });

  const call = async <T,>(run: () => Promise<T>, fallback: string, done: (value: T) => void) => {
    try {
      setErrors({});
      done(await run());
    } catch (error) {
      setErrors(fieldErrorsOf(error) ?? {});
      failed(error, fallback);
    }
  };
  const chosen = templates?.find((t) => t.template_name === template);

  return (
    <>
      <SettingsSection
        title="Connection and accounts"
        description="Checks the token and lists the sending accounts."
      >
        <Group>
          <Button
            variant="default"
            loading={connection.isPending}
            onClick={() =>
              call(
                () => connection.mutateAsync(),
                W.connectionFailed,
                (r) => notifySuccess(r.message),
              )
            }
          >
            Test connection
          </Button>
          <Button
            variant="default"
            loading={loadAccounts.isPending}
            onClick={() =>
              call(
                () => loadAccounts.mutateAsync(),
                W.accountsFailed,
                (r) => {
                  setAccounts(r.data);
                  setAccount(r.data[0]?.phone_number_id ?? null);
                  setTemplates(null);
                  setTemplate(null);
                },
              )
            }
          >
            Load accounts
          </Button>
          <Select
            aria-label="Account"
            placeholder={accounts ? 'Choose an account' : 'Load accounts first'}
            data={(accounts ?? []).map((a) => ({
              value: a.phone_number_id,
              label: `${a.display_phone_number}${a.verified_name ? ` (${a.verified_name})` : ''}`,
            }))}
            value={account}
            onChange={(v) => {
              setAccount(v);
              setTemplates(null);
              setTemplate(null);
            }}
            w={300}
          />
        </Group>
      </SettingsSection>

      <SettingsSection
        title="Send a test message"
        description="A plain text message from the chosen account."
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Phone number"
              type="tel"
              placeholder="+230 5250 0001"
              value={phone}
              error={errors.phone_number}
              onChange={(e) => setPhone(e.currentTarget.value)}
            />
            <Textarea
              label="Message"
              autosize
              value={message}
              error={errors.message}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group>
            <Button
              loading={send.isPending}
              onClick={() => {
                if (!account) return notifyError(W.selectAccount);
                call(
                  () => send.mutateAsync({ phone_number_id: account, phone_number: phone, message }),
                  W.sendFailed,
                  (r) => notifySuccess(r.message),
                );
              }}
            >
              Send test message
            </Button>
          </Group>
        </Stack>
      </SettingsSection>

      <SettingsSection title="Templates" description="Approved templates of the chosen account.">
        <Stack>
          <Group align="flex-end">
            <Button
              variant="default"
              loading={loadTemplates.isPending}
              onClick={() => {
                if (!account) return notifyError(W.selectAccount);
                call(
                  () => loadTemplates.mutateAsync(account),
                  W.templatesFailed,
                  (r) => {
                    setTemplates(r.data);
                    setDebug(r.debug_info);
                    setTemplate(r.data[0]?.template_name ?? null);
                  },
                );
              }}
            >
              Load templates
            </Button>
            <Select
              label="Template"
              placeholder="Choose a template"
              data={(templates ?? []).map((t) => ({
                value: t.template_name,
                label: `${t.template_name} (${t.language}${t.status ? `, ${t.status.toLowerCase()}` : ''})`,
              }))}
              value={template}
              onChange={setTemplate}
              w={320}
            />
          </Group>
          {templates && templates.length === 0 && (
            <Alert color="yellow" title="No templates">
              {W.noTemplates}
            </Alert>
          )}
          <TextInput
            label="Template variables"
            description={
              chosen
                ? `This template has ${chosen.variable_count} variable${chosen.variable_count === 1 ? '' : 's'}: separate them with |`
                : 'Separate the values with |'
            }
            value={variables}
            onChange={(e) => setVariables(e.currentTarget.value)}
          />
          <Group>
            <Button
              loading={sendTemplate.isPending}
              onClick={() => {
                if (!account) return notifyError(W.selectAccount);
                if (!template || !chosen) return notifyError(W.selectTemplate);
                call(
                  () =>
                    sendTemplate.mutateAsync({
                      phone_number_id: account,
                      phone_number: phone,
                      template_name: template,
                      template_language: chosen.language,
                      template_variables: variables === '' ? [] : variables.split('|').map((v) => v.trim()),
                    }),
                  W.sendTemplateFailed,
                  (r) => notifySuccess(r.message),
                );
              }}
            >
              Send template message
            </Button>
          </Group>
          {debug && (
            <Text size="xs" c="dimmed">
              Debug: <Code>{JSON.stringify(debug)}</Code>
            </Text>
          )}
        </Stack>
      </SettingsSection>
    </>
  );
}

/** Messaging-provider test tool (spec 3 §2, §7, §8): admin only (settings.manage). */
export function MessagingTestPage() {
  const config = useMessagingConfig();
  return (
    <>
      <PageHeader
        title="Messaging test"
        description="Check the WhatsApp Business API token, accounts and templates, and send test messages."
      />
      {config.isLoading ? (
        <Skeleton height={200} role="status" aria-label="Loading messaging configuration" />
      ) : config.isError || !config.data ? (
        <LoadFailed title={W.network} onRetry={() => config.refetch()} />
      ) : (
        <Stack>
          <ConfigSection baseUrl={config.data.base_url} hasToken={config.data.has_api_token} />
          <Tools />
        </Stack>
      )}
    </>
  );
}

export default MessagingTestPage;
