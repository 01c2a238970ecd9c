import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandWhatsapp, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import {
  CHAT_POPUP_FIELDS,
  type ChatPopupSettings,
  chatPopupTestBody,
  CHAT_POPUP_MESSAGES as M,
} from '../../../contracts/chat-popup';
import {
  fillMessageTemplate,
  POPUP_PAGES,
  POPUP_POSITIONS,
  POPUP_SIZES,
  POPUP_THEMES,
  popupText,
} from '../../../domain/chat-popup/chat-popup';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { zodValidate } from '../../lib/zod-form';
import { LoadFailed } from '../../ui/load-failed';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SettingsActions } from './components/settings-actions';
import { SettingsSection } from './components/settings-section';
import { useChatPopupSettings, useSaveChatPopupSettings, useTestChatPopup } from './settings.api';
import { changedValues, settingsSubmit, startFormFrom } from './settings-form-values';

/** The settings on the General tab; the others are on Appearance. */
const GENERAL_FIELDS = new Set([
  'whatsapp_popup_enabled',
  'whatsapp_phone_number',
  'whatsapp_popup_text',
  'whatsapp_message_template',
]);

/** The browser checks with the server's own rules and messages (contracts/chat-popup.ts). */
const validate = zodValidate(
  z.object(CHAT_POPUP_FIELDS).superRefine((value, check) => {
    if (value.whatsapp_popup_enabled && value.whatsapp_phone_number === '')
      check.addIssue({ code: 'custom', path: ['whatsapp_phone_number'], message: M.phoneRequired });
  }),
);
const validateTest = zodValidate(chatPopupTestBody);

const label = (value: string) => value.replace(/[_-]/g, ' ').replace(/^./, (c) => c.toUpperCase());
const choices = (values: readonly string[]) => values.map((value) => ({ value, label: label(value) }));
const PAGE_LABELS: Record<(typeof POPUP_PAGES)[number], string> = {
  product_details: 'Product pages',
  category_pages: 'Category pages',
  all_pages: 'All pages',
};

function ChatPopupForm({ saved }: { saved: ChatPopupSettings }) {
  const save = useSaveChatPopupSettings();
  const test = useTestChatPopup();
  const form = useForm<ChatPopupSettings>({ initialValues: saved, validate });
  const testForm = useForm({
    initialValues: { phone_number: saved.whatsapp_phone_number, test_message: 'Test message from the shop' },
    validate: validateTest,
  });
  const [tab, setTab] = useState<string | null>('general');
  const values = form.getValues();

  const submit = settingsSubmit(form, {
    changed: (next) => changedValues(saved, next),
    save: save.mutateAsync,
    saved: (reply) => startFormFrom(form, reply.settings),
    failed: M.networkSave,
    showFields: (fields) =>
      setTab(Object.keys(fields).some((field) => GENERAL_FIELDS.has(field)) ? 'general' : 'appearance'),
  });

  const runTest = testForm.onSubmit(async (body) => {
    // Opened before the call, so the browser treats it as the click's own window (no popup blocker).
    const opened = window.open('about:blank', '_blank');
    try {
      const reply = await test.mutateAsync(body);
      if (opened) opened.location.href = reply.whatsapp_url;
      else window.open(reply.whatsapp_url, '_blank', 'noopener');
      notifySuccess(reply.message);
    } catch (error) {
      opened?.close();
      const fields = fieldErrorsOf(error);
      if (fields) testForm.setErrors(fields);
      else notifyError(errorMessage(error, M.networkSave));
    }
  });

  const sample = fillMessageTemplate(values.whatsapp_message_template, {
    product_name: 'Oak dining chair',
    page_url: `${window.location.origin}/product/oak-dining-chair`,
  });

  return (
    <Tabs value={tab} onChange={setTab} keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab value="general">General</Tabs.Tab>
        <Tabs.Tab value="appearance">Appearance</Tabs.Tab>
        <Tabs.Tab value="test">Test</Tabs.Tab>
      </Tabs.List>

      <form onSubmit={submit} noValidate aria-label="Chat popup settings">
        <Tabs.Panel value="general">
          <SettingsSection
            title="Popup"
            description="A chat button on the storefront that opens a WhatsApp chat."
          >
            <Stack>
              <Switch
                label="Show the chat popup"
                {...form.getInputProps('whatsapp_popup_enabled', { type: 'checkbox' })}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="WhatsApp phone number"
                  description="With the country code."
                  type="tel"
                  placeholder="+230 5250 0001"
                  {...form.getInputProps('whatsapp_phone_number')}
                />
                <TextInput
                  label="Popup text"
                  description="Shown when no product is named (large size)."
                  {...form.getInputProps('whatsapp_popup_text')}
                />
              </SimpleGrid>
              <Textarea
                label="Message template"
                description="The chat starts with this message: {product_name} and {page_url} are filled in."
                autosize
                minRows={2}
                {...form.getInputProps('whatsapp_message_template')}
              />
              <Text role="group" size="sm" c="dimmed" aria-label="Message preview">
                Preview: {sample}
              </Text>
            </Stack>
          </SettingsSection>
        </Tabs.Panel>

        <Tabs.Panel value="appearance">
          <SettingsSection title="Appearance" description="Where, when and how the popup shows.">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Position"
                data={choices(POPUP_POSITIONS)}
                allowDeselect={false}
                {...form.getInputProps('whatsapp_popup_position')}
              />
              <Select
                label="Show on"
                data={POPUP_PAGES.map((value) => ({ value, label: PAGE_LABELS[value] }))}
                allowDeselect={false}
                {...form.getInputProps('whatsapp_popup_show_on_pages')}
              />
              <NumberInput
                label="Delay (seconds)"
                min={0}
                max={300}
                allowDecimal={false}
                {...form.getInputProps('whatsapp_popup_delay_seconds')}
              />
              <Select
                label="Theme"
                data={choices(POPUP_THEMES)}
                allowDeselect={false}
                {...form.getInputProps('whatsapp_popup_theme')}
              />
              <Select
                label="Size"
                data={choices(POPUP_SIZES)}
                allowDeselect={false}
                {...form.getInputProps('whatsapp_popup_size')}
              />
              <TextInput
                label="Button text"
                readOnly
                value={popupText(values.whatsapp_popup_size, values.whatsapp_popup_text, 'Oak dining chair')}
                description="What the storefront button says at this size."
              />
            </SimpleGrid>
          </SettingsSection>
        </Tabs.Panel>

        {tab !== 'test' && (
          <SettingsActions
            end={
              <Button type="submit" loading={save.isPending}>
                Save settings
              </Button>
            }
          />
        )}
      </form>

      <Tabs.Panel value="test">
        <SettingsSection
          title="Test"
          description="Opens WhatsApp in a new tab with this message to the number, so you can check the chat reaches the shop."
        >
          <form onSubmit={runTest} noValidate aria-label="Test the chat link">
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Phone number" type="tel" {...testForm.getInputProps('phone_number')} />
                <TextInput label="Test message" {...testForm.getInputProps('test_message')} />
              </SimpleGrid>
              <Group>
                <Button
                  type="submit"
                  leftSection={<IconBrandWhatsapp size={16} />}
                  rightSection={<IconExternalLink size={14} />}
                  loading={test.isPending}
                >
                  Open test chat
                </Button>
              </Group>
            </Stack>
          </form>
        </SettingsSection>
      </Tabs.Panel>
    </Tabs>
  );
}

/** Chat popup settings (spec 2 §2, §3, §7): admin only (settings.manage). */
export function ChatPopupPage() {
  const settings = useChatPopupSettings();
  return (
    <>
      <PageHeader title="Chat popup" description="The WhatsApp chat button on the storefront." />
      {settings.isLoading ? (
        <Stack role="status" aria-label="Loading chat popup settings" aria-busy>
          <Skeleton height={40} />
          <Skeleton height={220} />
        </Stack>
      ) : settings.isError || !settings.data ? (
        <LoadFailed title={M.networkLoad} onRetry={() => settings.refetch()} />
      ) : (
        <ChatPopupForm saved={settings.data} />
      )}
    </>
  );
}

export default ChatPopupPage;
