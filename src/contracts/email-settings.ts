import { z } from 'zod';
import type { SecretBinding } from '../domain/settings/bound-secrets';
import { wholeNumber } from './common';

/** Words of the e-mail settings (spec 2 §8 has only network errors; these are the shop's). */
export const EMAIL_SETTINGS_MESSAGES = {
  load: 'Failed to load e-mail settings',
  saved: 'E-mail setting saved successfully',
  unknown: 'Unknown e-mail setting.',
  email: 'Enter a valid e-mail address.',
  host: 'Enter a host name such as smtp.example.com, or leave it empty to write e-mails to files.',
  port: 'The port is a whole number from 1 to 65535.',
  encryption: 'Choose tls, ssl or none.',
  text: 'Must be text of at most 255 characters.',
  testSent: (to: string) => `Test e-mail sent to ${to}`,
  testWritten: (to: string) =>
    `No SMTP server is set: the test e-mail to ${to} was written to the mail folder.`,
  testFailed: (reason: string) => `The test e-mail could not be sent: ${reason}`,
  recipient: 'Enter the e-mail address to send the test to.',
} as const;
const M = EMAIL_SETTINGS_MESSAGES;

export const SMTP_ENCRYPTIONS = ['tls', 'ssl', 'none'] as const;

const address = z
  .string({ error: M.email })
  .trim()
  .max(255, M.email)
  .pipe(z.email({ error: M.email }));

/** Each e-mail setting's value rule (spec 2 §3 E-mail); defaults are in contracts/settings.ts. */
export const EMAIL_SETTING_FIELDS = {
  mail_from_address: address,
  admin_email: z
    .string({ error: M.email })
    .trim()
    .max(255, M.email)
    .refine((v) => v === '' || z.email().safeParse(v).success, M.email),
  smtp_host: z
    .string({ error: M.host })
    .trim()
    .max(255, M.host)
    .refine((v) => v === '' || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(v), M.host),
  smtp_port: wholeNumber(M.port, { min: 1, max: 65535 }),
  smtp_encryption: z.enum(SMTP_ENCRYPTIONS, { error: M.encryption }),
  smtp_username: z.string({ error: M.text }).trim().max(255, M.text),
  /** Write-only: never answered; an empty value keeps the stored one. */
  smtp_password: z.string({ error: M.text }).max(255, M.text),
};
export type EmailSettingKey = keyof typeof EMAIL_SETTING_FIELDS;
/** Write-only settings: never answered, never in the audit trail. */
export const EMAIL_SECRET_KEYS = ['smtp_password'] as const satisfies readonly EmailSettingKey[];
/** The password belongs to its server: a new host, port or user clears it unless entered again. */
export const EMAIL_SECRET_BINDINGS: readonly SecretBinding[] = [
  { secret: 'smtp_password', destination: ['smtp_host', 'smtp_port', 'smtp_username'] },
];
export const EMAIL_SETTING_KEYS = Object.keys(EMAIL_SETTING_FIELDS) as EmailSettingKey[];

/** POST /api/email-management/settings (spec 2 §7): one setting per call. */
export const emailSettingBody = z
  .object({
    setting_key: z.enum(EMAIL_SETTING_KEYS as [EmailSettingKey, ...EmailSettingKey[]], { error: M.unknown }),
    setting_value: z.unknown(),
  })
  .transform((body, check) => {
    const parsed = EMAIL_SETTING_FIELDS[body.setting_key].safeParse(body.setting_value ?? '');
    if (!parsed.success) {
      check.addIssue({ code: 'custom', path: ['setting_value'], message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }
    return { key: body.setting_key, value: parsed.data };
  });

/** POST /api/email-management/test-email (spec 2 §7). */
export const testEmailBody = z.object({
  recipient_email: z
    .string({ error: M.recipient })
    .trim()
    .min(1, M.recipient)
    .pipe(z.email({ error: M.email })),
});

/** What GET answers: every setting but the password, and whether one is stored. */
export type EmailSettingsView = Omit<
  { [K in EmailSettingKey]: z.output<(typeof EMAIL_SETTING_FIELDS)[K]> },
  'smtp_password'
> & {
  has_smtp_password: boolean;
};
export type EmailSettingsReply = { success: true; settings: EmailSettingsView };
export type TestEmailReply = { success: true; message: string; delivered: 'smtp' | 'file' };
