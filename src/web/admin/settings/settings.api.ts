import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatPopupSettings,
  ChatPopupSettingsReply,
  ChatPopupTestReply,
} from '../../../contracts/chat-popup';
import type { EmailSettingsReply, TestEmailReply } from '../../../contracts/email-settings';
import type { FileStorageTestReply } from '../../../contracts/file-storage';
import type { SystemSettingsReply, SystemSettingsSavedReply } from '../../../contracts/system-settings';
import type {
  WebsiteSettings,
  WebsiteSettingsReply,
  WebsiteSettingsSavedReply,
} from '../../../contracts/website-settings';
import { http } from '../../lib/http';

/** Query keys of the settings screens; the display settings every screen reads are `ui-settings`. */
export const settingsKeys = {
  website: ['settings', 'website'] as const,
  system: ['settings', 'system'] as const,
  chatPopup: ['settings', 'chat-popup'] as const,
  email: ['settings', 'email'] as const,
  ui: ['ui-settings'] as const,
};

/** GET /api/website-settings: the whole set for those who manage settings (docs/decisions/0020). */
export function useWebsiteSettings() {
  return useQuery({
    queryKey: settingsKeys.website,
    queryFn: ({ signal }) => http.get<WebsiteSettingsReply>('/api/website-settings', undefined, signal),
    select: (reply) => reply.settings as WebsiteSettings,
  });
}

/** POST /api/website-settings/batch-update: the changed settings at once; all or nothing. */
export function useSaveWebsiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<WebsiteSettings>) =>
      http.post<WebsiteSettingsSavedReply>('/api/website-settings/batch-update', { settings }),
    onSuccess: (reply) => {
      client.setQueryData(settingsKeys.website, { success: true, settings: reply.settings });
      // The site name shows in the admin header (GET /api/ui-settings).
      return client.invalidateQueries({ queryKey: settingsKeys.ui });
    },
  });
}

/** GET /api/system-settings: settings and server limits (docs/decisions/0021). */
export function useSystemSettings() {
  return useQuery({
    queryKey: settingsKeys.system,
    queryFn: ({ signal }) => http.get<SystemSettingsReply>('/api/system-settings', undefined, signal),
  });
}

function useSystemSettingsMutation<V>(call: (variables: V) => Promise<SystemSettingsSavedReply>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => {
      client.setQueryData(settingsKeys.system, reply);
      // Date format, time zone and upload limits reach every screen through GET /api/ui-settings.
      return client.invalidateQueries({ queryKey: settingsKeys.ui });
    },
  });
}

/** PUT /api/system-settings with the changed settings; a secret sent null is removed. */
export function useSaveSystemSettings() {
  return useSystemSettingsMutation((settings: Record<string, unknown>) =>
    http.put<SystemSettingsSavedReply>('/api/system-settings', { settings }),
  );
}

/** POST /api/system-settings/reset */
export function useResetSystemSettings() {
  return useSystemSettingsMutation(() => http.post<SystemSettingsSavedReply>('/api/system-settings/reset'));
}

/** GET /api/whatsapp-configuration/settings (spec 2 §7). */
export function useChatPopupSettings() {
  return useQuery({
    queryKey: settingsKeys.chatPopup,
    queryFn: ({ signal }) =>
      http.get<ChatPopupSettingsReply>('/api/whatsapp-configuration/settings', undefined, signal),
    select: (reply) => reply.settings,
  });
}

/** POST /api/whatsapp-configuration/settings with the changed settings. */
export function useSaveChatPopupSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<ChatPopupSettings>) =>
      http.post<ChatPopupSettingsReply & { message: string }>(
        '/api/whatsapp-configuration/settings',
        settings,
      ),
    onSuccess: (reply) =>
      client.setQueryData(settingsKeys.chatPopup, { success: true, settings: reply.settings }),
  });
}

/** POST /api/whatsapp-configuration/test-whatsapp: answers the link the screen opens. */
export function useTestChatPopup() {
  return useMutation({
    mutationFn: (body: { phone_number: string; test_message: string }) =>
      http.post<ChatPopupTestReply>('/api/whatsapp-configuration/test-whatsapp', body),
  });
}

/** GET /api/email-management/settings (spec 2 §7): the SMTP password only as has_smtp_password. */
export function useEmailSettings() {
  return useQuery({
    queryKey: settingsKeys.email,
    queryFn: ({ signal }) =>
      http.get<EmailSettingsReply>('/api/email-management/settings', undefined, signal),
    select: (reply) => reply.settings,
  });
}

/** POST /api/email-management/settings once per changed setting, in order (the spec's shape). */
export function useSaveEmailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: [key: string, value: string | number][]) => {
      let reply: EmailSettingsReply | null = null;
      for (const [setting_key, setting_value] of changes) {
        try {
          reply = await http.post<EmailSettingsReply>('/api/email-management/settings', {
            setting_key,
            setting_value,
          });
        } catch (error) {
          // Says which setting failed: its 422 comes back as setting_value.
          throw Object.assign(error as object, { settingKey: setting_key });
        }
      }
      return reply;
    },
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.email }),
  });
}

/** POST /api/email-management/test-email. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (recipient_email: string) =>
      http.post<TestEmailReply>('/api/email-management/test-email', { recipient_email }),
  });
}

/** POST /api/system-settings/file-storage/test: write, read and delete a test file in the bucket. */
export function useTestFileStorage() {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      http.post<FileStorageTestReply>('/api/system-settings/file-storage/test', body),
  });
}
