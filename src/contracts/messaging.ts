import { z } from 'zod';
import {
  isSmsPhoneNumber,
  SMS_MESSAGE_TYPES,
  SMS_STATUSES,
  type SmsMessageType,
  type SmsStatus,
  unknownPlaceholders,
} from '../domain/messaging/sms';
import type { Paged } from '../domain/paging/paging';
import type { SecretBinding } from '../domain/settings/bound-secrets';
import { pageParam, parseNumberText, perPageParam, recordId } from './common';

/** Words of the SMS settings (spec 2 §5 SMS, §8); the rest are the shop's. */
export const SMS_MESSAGES = {
  initFailed: 'Failed to initialize SMS settings',
  saved: 'SMS settings saved successfully',
  phoneRequired: 'Please enter a phone number',
  phone: 'Enter the number in international form with its country code, e.g. +230 5250 0001.',
  baseUrl: 'Enter the gateway address as an http or https URL, e.g. https://api.sms-gateway.example.com/v1.',
  text: (label: string, max: number) => `${label} may be at most ${max} characters.`,
  whole: (label: string, min: number, max: number) => `${label} is a whole number from ${min} to ${max}.`,
  templateCode: 'The message template must contain {code}.',
  templatePlaceholder: (names: string[]) =>
    `Unknown placeholder${names.length > 1 ? 's' : ''}: ${names.map((n) => `{${n}}`).join(', ')}. Use {code}, {minutes} or {app_name}.`,
  notConfigured: 'The SMS gateway is not configured: enter the app id and the app key first.',
  testSent: (phone: string) => `Test SMS sent to ${phone}`,
  sendFailed: (reason: string) => `The SMS could not be sent: ${reason}`,
  noProviderId: 'This SMS was never accepted by the gateway, so there is no status to check.',
  statusChecked: (status: string) => `Status checked: ${status}`,
  sandboxStatus: 'This SMS went to the sandbox, not to a gateway: its status stays as logged.',
  statusFailed: (reason: string) => `The status could not be checked: ${reason}`,
  firebaseNotConfigured:
    'Firebase phone sign-in is not configured: fill in the identity provider in System settings and switch on hybrid SMS first.',
  firebaseUnavailable:
    'Firebase phone sign-in codes are sent from the sign-in page in the browser, not from the server: use Send test SMS to test the gateway.',
  date: 'Enter a date as YYYY-MM-DD.',
  dateOrder: 'The end date may not be before the start date.',
} as const;
const M = SMS_MESSAGES;

const whole = (label: string, min: number, max: number) =>
  z.preprocess(
    parseNumberText,
    z
      .number({ error: M.whole(label, min, max) })
      .int(M.whole(label, min, max))
      .min(min, M.whole(label, min, max))
      .max(max, M.whole(label, min, max)),
  );

/** An admin-configured gateway address: http(s) only, no credentials, no query or fragment. */
export const providerBaseUrl = z
  .string({ error: M.baseUrl })
  .trim()
  .max(500, M.baseUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.username === '' &&
        url.password === '' &&
        url.search === '' &&
        url.hash === ''
      );
    } catch {
      return false;
    }
  }, M.baseUrl);

/** The SMS settings (spec 2 §3 "SMS settings"); defaults in contracts/settings.ts (spec 2 §9). */
export const SMS_SETTING_FIELDS = {
  sms_gateway_enabled: z.boolean({ error: 'Must be on or off.' }),
  sms_gateway_base_url: providerBaseUrl,
  sms_gateway_app_id: z
    .string({ error: M.text('The app id', 255) })
    .trim()
    .max(255, M.text('The app id', 255)),
  /** Write-only: never answered; an empty value keeps the stored one. */
  sms_gateway_app_key: z
    .string({ error: M.text('The app key', 255) })
    .trim()
    .max(255, M.text('The app key', 255)),
  sms_gateway_campaign_name: z
    .string({ error: M.text('The campaign name', 100) })
    .trim()
    .max(100, M.text('The campaign name', 100)),
  sms_otp_enabled: z.boolean({ error: 'Must be on or off.' }),
  /** The built-in sandbox: sign-in codes go to the SMS log and a file, never to a phone (docs/decisions/0057). */
  sms_sandbox_enabled: z.boolean({ error: 'Must be on or off.' }),
  firebase_hybrid_sms_enabled: z.boolean({ error: 'Must be on or off.' }),
  sms_otp_length: whole('The code length', 4, 10),
  sms_otp_expiry_minutes: whole('The expiry', 1, 60),
  sms_otp_resend_cooldown_minutes: whole('The resend cooldown', 0, 60),
  sms_otp_max_attempts: whole('The number of attempts', 1, 10),
  sms_otp_rate_limit_per_hour: whole('The hourly limit', 1, 100),
  sms_otp_message_template: z
    .string({ error: M.templateCode })
    .trim()
    .max(320, M.text('The message template', 320))
    .refine((v) => v.includes('{code}'), M.templateCode)
    .superRefine((v, check) => {
      const unknown = unknownPlaceholders(v);
      if (unknown.length > 0) check.addIssue({ code: 'custom', message: M.templatePlaceholder(unknown) });
    }),
};
export type SmsSettingKey = keyof typeof SMS_SETTING_FIELDS;
export const SMS_SETTING_KEYS = Object.keys(SMS_SETTING_FIELDS) as SmsSettingKey[];
export const SMS_SECRET_KEYS = ['sms_gateway_app_key'] as const satisfies readonly SmsSettingKey[];
/** The app key belongs to its gateway: a new base URL clears it unless entered in the same save. */
export const SMS_SECRET_BINDINGS: readonly SecretBinding[] = [
  { secret: 'sms_gateway_app_key', destination: ['sms_gateway_base_url'] },
];
/** The messaging token belongs to its API: a new base URL clears it unless entered again. */
export const MESSAGING_SECRET_BINDINGS: readonly SecretBinding[] = [
  { secret: 'messaging_api_token', destination: ['messaging_api_base_url'] },
];

/** POST /api/sms-configuration/settings: any of the settings at once. */
export const smsSettingsBody = z.object(SMS_SETTING_FIELDS).partial().strict();
export type SmsSettingsBody = z.output<typeof smsSettingsBody>;

export type SmsSettings = { [K in SmsSettingKey]: z.output<(typeof SMS_SETTING_FIELDS)[K]> };
export type SmsSettingsView = Omit<SmsSettings, 'sms_gateway_app_key'> & { has_sms_gateway_app_key: boolean };
export type SmsSettingsReply = { success: true; settings: SmsSettingsView };
export type SmsSettingsSavedReply = SmsSettingsReply & { message: string };

/** A phone number to send to (spec 2 §5 SMS: "Please enter a phone number"). */
export const smsPhone = z
  .string({ error: M.phoneRequired })
  .trim()
  .min(1, M.phoneRequired)
  .pipe(z.string().refine(isSmsPhoneNumber, M.phone));

/** POST /api/sms-configuration/test-sms and /test-firebase-otp (spec 2 §7). */
export const smsPhoneBody = z.object({ phone_number: smsPhone });

/** POST /api/sms-configuration/check-status (spec 2 §7). */
export const smsCheckStatusBody = z.object({ sms_id: recordId });

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const isoDate = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), M.date)
    .optional(),
);

/** spec 2 §9: SMS logs 20 per page. */
export const SMS_LOGS_PER_PAGE = 20;

/** GET /api/sms-configuration/logs (spec 2 §3 log filters, §7). */
export const smsLogsQuery = z
  .object({
    page: pageParam,
    per_page: perPageParam(SMS_LOGS_PER_PAGE),
    status: z.preprocess(emptyToUndefined, z.enum(SMS_STATUSES).optional()),
    message_type: z.preprocess(emptyToUndefined, z.enum(SMS_MESSAGE_TYPES).optional()),
    date_from: isoDate,
    date_to: isoDate,
  })
  .superRefine((q, check) => {
    if (q.date_from && q.date_to && q.date_to < q.date_from)
      check.addIssue({ code: 'custom', path: ['date_to'], message: M.dateOrder });
  });
export type SmsLogsQuery = z.output<typeof smsLogsQuery>;

export type SmsLogReply = {
  id: number;
  phone: string;
  message: string;
  message_type: SmsMessageType;
  status: SmsStatus;
  provider_message_id: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
};
export type SmsLogsReply = { success: true } & Paged<SmsLogReply>;
export type SmsLogSavedReply = { success: true; message: string; data: SmsLogReply };

export type SmsStatistics = {
  total: number;
  today: number;
  last_7_days: number;
  by_status: Record<SmsStatus, number>;
  by_type: Record<SmsMessageType, number>;
};
export type SmsStatisticsReply = { success: true; data: SmsStatistics };

// Messaging-provider test (spec 3 §2, §3 "Messaging test", §7, §8) ----------------------------

/** Words of the messaging test tool (spec 3 §8 "Messaging test"). */
export const MESSAGING_TEST_MESSAGES = {
  saveFailed: 'Failed to save configuration',
  network: 'Network error occurred',
  connectionFailed: 'Connection test failed',
  accountsFailed: 'Failed to load accounts',
  templatesFailed: 'Failed to load templates',
  sendFailed: 'Failed to send test message',
  sendTemplateFailed: 'Failed to send template message',
  selectAccount: 'Please select an account first',
  selectTemplate: 'Please select a template first',
  noTemplates: 'No templates found for this account. Create and approve a template with the provider first.',
  saved: 'Configuration saved successfully',
  connected: 'Connection successful',
  sent: 'Test message sent successfully',
  templateSent: 'Template message sent successfully',
  tokenMissing: 'No API token is stored: save the configuration first.',
  token: 'Enter the API token.',
  message: 'Enter a message.',
} as const;
const W = MESSAGING_TEST_MESSAGES;

const accountId = z
  .string({ error: W.selectAccount })
  .trim()
  .min(1, W.selectAccount)
  .max(64, W.selectAccount)
  .regex(/^[A-Za-z0-9_-]+$/, W.selectAccount);

/** POST …/config: api_token (write-only; empty keeps the stored one) and the provider address. */
export const messagingConfigBody = z.object({
  api_token: z.string({ error: W.token }).trim().max(1000, W.token).optional().default(''),
  base_url: providerBaseUrl.optional(),
});
export const messagingAccountBody = z.object({ phone_number_id: accountId });
export const messagingSendBody = z.object({
  phone_number_id: accountId,
  phone_number: smsPhone,
  message: z.string({ error: W.message }).trim().min(1, W.message).max(4096, W.message),
});
export const messagingSendTemplateBody = z.object({
  phone_number_id: accountId,
  phone_number: smsPhone,
  template_name: z
    .string({ error: W.selectTemplate })
    .trim()
    .min(1, W.selectTemplate)
    .max(512, W.selectTemplate)
    .regex(/^[a-z0-9_]+$/, W.selectTemplate),
  template_language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/)
    .optional()
    .default('en_US'),
  template_variables: z.array(z.string().trim().max(1000)).max(20).optional().default([]),
});

export type MessagingConfigView = { base_url: string; has_api_token: boolean };
export type MessagingAccount = {
  phone_number_id: string;
  display_phone_number: string;
  verified_name: string;
};
export type MessagingTemplate = {
  template_name: string;
  language: string;
  status: string;
  variable_count: number;
};
