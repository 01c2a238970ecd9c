import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessagingAccount,
  MessagingConfigView,
  MessagingTemplate,
  SmsLogSavedReply,
  SmsLogsReply,
  SmsSettingsBody,
  SmsSettingsReply,
  SmsSettingsSavedReply,
  SmsStatisticsReply,
} from '../../../contracts/messaging';
import { http } from '../../lib/http';

export type SmsLogFilters = {
  page: number;
  status: string;
  message_type: string;
  date_from: string;
  date_to: string;
};

export const messagingKeys = {
  smsSettings: ['sms', 'settings'] as const,
  smsLogs: (filters: SmsLogFilters) => ['sms', 'logs', filters] as const,
  smsLogsAll: ['sms', 'logs'] as const,
  smsStatistics: ['sms', 'statistics'] as const,
  messagingConfig: ['messaging-test', 'config'] as const,
  messagingAccounts: ['messaging-test', 'accounts'] as const,
};

/** GET /api/sms-configuration/settings (spec 2 §7): the app key only as has_sms_gateway_app_key. */
export function useSmsSettings() {
  return useQuery({
    queryKey: messagingKeys.smsSettings,
    queryFn: ({ signal }) => http.get<SmsSettingsReply>('/api/sms-configuration/settings', undefined, signal),
    select: (reply) => reply.settings,
  });
}

export function useSaveSmsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SmsSettingsBody) =>
      http.post<SmsSettingsSavedReply>('/api/sms-configuration/settings', settings),
    onSuccess: (reply) =>
      client.setQueryData(messagingKeys.smsSettings, { success: true, settings: reply.settings }),
  });
}

/** Sending or checking changes the logs and the statistics. */
function useSmsLogMutation<V>(call: (variables: V) => Promise<SmsLogSavedReply>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: messagingKeys.smsLogsAll }),
        client.invalidateQueries({ queryKey: messagingKeys.smsStatistics }),
      ]),
  });
}

export function useSendTestSms() {
  return useSmsLogMutation((body: { phone_number: string }) =>
    http.post<SmsLogSavedReply>('/api/sms-configuration/test-sms', body),
  );
}

export function useCheckSmsStatus() {
  return useSmsLogMutation((sms_id: number) =>
    http.post<SmsLogSavedReply>('/api/sms-configuration/check-status', { sms_id }),
  );
}

export function useTestFirebaseOtp() {
  return useMutation({
    mutationFn: (body: { phone_number: string }) =>
      http.post<{ success: true; message: string }>('/api/sms-configuration/test-firebase-otp', body),
  });
}

/** GET /api/sms-configuration/logs: 20 per page (spec 2 §9), filters kept by the screen. */
export function useSmsLogs(filters: SmsLogFilters, enabled: boolean) {
  return useQuery({
    queryKey: messagingKeys.smsLogs(filters),
    queryFn: ({ signal }) => http.get<SmsLogsReply>('/api/sms-configuration/logs', filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSmsStatistics(enabled: boolean) {
  return useQuery({
    queryKey: messagingKeys.smsStatistics,
    queryFn: ({ signal }) =>
      http.get<SmsStatisticsReply>('/api/sms-configuration/statistics', undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

// Messaging-provider test tool (spec 3 §7) ---------------------------------------------------

const prefix = '/api/whatsapp-test';

export function useMessagingConfig() {
  return useQuery({
    queryKey: messagingKeys.messagingConfig,
    queryFn: ({ signal }) =>
      http.get<{ success: true; data: MessagingConfigView }>(`${prefix}/config`, undefined, signal),
    select: (reply) => reply.data,
  });
}

export function useSaveMessagingConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { api_token: string; base_url: string }) =>
      http.post<{ success: true; message: string; data: MessagingConfigView }>(`${prefix}/config`, body),
    onSuccess: (reply) => {
      client.setQueryData(messagingKeys.messagingConfig, { success: true, data: reply.data });
      return client.removeQueries({ queryKey: messagingKeys.messagingAccounts });
    },
  });
}

export const messagingTestApi = {
  connection: () => http.post<{ success: true; message: string }>(`${prefix}/connection`),
  accounts: () => http.get<{ success: true; data: MessagingAccount[] }>(`${prefix}/accounts`),
  templates: (phone_number_id: string) =>
    http.post<{ success: true; data: MessagingTemplate[]; debug_info: Record<string, unknown> }>(
      `${prefix}/templates`,
      { phone_number_id },
    ),
  send: (body: { phone_number_id: string; phone_number: string; message: string }) =>
    http.post<{ success: true; message: string }>(`${prefix}/send`, body),
  sendTemplate: (body: {
    phone_number_id: string;
    phone_number: string;
    template_name: string;
    template_language: string;
    template_variables: string[];
  }) => http.post<{ success: true; message: string }>(`${prefix}/send-template`, body),
};
