/**
 * SMS rules shared by the settings screen and the server (spec 2 §3 "SMS settings", §5 SMS, §9 OTP).
 * Pure: no I/O, no clock.
 */

export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export const SMS_MESSAGE_TYPES = ['otp', 'test', 'notification'] as const;
export type SmsMessageType = (typeof SMS_MESSAGE_TYPES)[number];

/** The placeholders an OTP message template may use; {code} is required. */
export const OTP_PLACEHOLDERS = ['code', 'minutes', 'app_name'] as const;

/**
 * A phone number an SMS can go to: international form with a country code, digits with optional
 * spaces, dashes, dots or brackets, 8 to 15 digits (E.164 allows at most 15).
 */
export function isSmsPhoneNumber(phone: string): boolean {
  const trimmed = phone.trim();
  if (!/^\+[\d\s().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15;
}

/** The number as gateways take it: "+" and digits only. Call after isSmsPhoneNumber. */
export function normalizeSmsPhone(phone: string): string {
  return `+${phone.replace(/\D/g, '')}`;
}

/** Fills {code}, {minutes} and {app_name}; unknown placeholders stay as written. */
export function renderOtpMessage(
  template: string,
  values: { code: string; minutes: number; app_name: string },
): string {
  return template.replace(/\{(code|minutes|app_name)\}/g, (_, name: keyof typeof values) =>
    String(values[name]),
  );
}

/** Placeholders in a template that are not known ones, e.g. {cod} for {code}. */
export function unknownPlaceholders(template: string): string[] {
  const found = [...template.matchAll(/\{([a-z_]+)\}/gi)].map((m) => m[1]!);
  return found.filter((name) => !(OTP_PLACEHOLDERS as readonly string[]).includes(name));
}

/**
 * The text kept in the SMS log: every occurrence of the one-time code replaced by bullets of the
 * same length, so the log shows the message without the secret (DECISIONS 27).
 */
export function maskOtpCode(message: string, code: string): string {
  if (code === '') return message;
  return message.split(code).join('•'.repeat(code.length));
}

/**
 * A gateway's own status word mapped onto the log's four statuses; anything unknown counts as
 * sent (the gateway took it), so an unexpected word never marks a message failed.
 */
export function smsStatusFromGateway(status: string): SmsStatus {
  const word = status.trim().toLowerCase();
  if (['queued', 'accepted', 'pending', 'scheduled'].includes(word)) return 'queued';
  if (['delivered', 'delivrd', 'received'].includes(word)) return 'delivered';
  if (['failed', 'undelivered', 'undeliv', 'rejected', 'expired', 'error'].includes(word)) return 'failed';
  return 'sent';
}
