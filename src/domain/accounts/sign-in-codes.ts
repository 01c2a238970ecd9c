/**
 * Rules of the passwordless sign-ins (DECISIONS 4, 27; spec 2 §3/§9 SMS OTP settings, spec 3 §4/§9):
 * when a code may be sent, whether a code or link still works, and how an address is shown.
 * Pure: the clock comes in as `now`.
 */

/** The SMS one-time-code settings of spec 2 §3, read once per request. */
export type OtpRules = {
  length: number;
  expiryMinutes: number;
  resendCooldownMinutes: number;
  maxAttempts: number;
  perHour: number;
};

export const HOUR_MS = 60 * 60 * 1000;

/** A magic link works 15 minutes (DECISIONS 4). */
export const MAGIC_LINK_MINUTES = 15;

export type SendRefusal = { reason: 'cooldown' | 'hourly'; retryAfterSeconds: number };

/**
 * Whether another code may go to a number that was sent codes at `sentAt` (any order): not while
 * the last one is inside the resend cooldown, and not more than `perHour` in the last 60 minutes
 * (a sliding hour). The wait is rounded up to whole seconds, at least 1.
 */
export function otpSendRefusal(sentAt: readonly Date[], now: Date, rules: OtpRules): SendRefusal | null {
  const times = sentAt.map((d) => d.getTime()).filter((t) => t <= now.getTime());
  const wait = (until: number) => Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  const last = Math.max(...times, Number.NEGATIVE_INFINITY);
  const cooldownEnds = last + rules.resendCooldownMinutes * 60_000;
  if (cooldownEnds > now.getTime()) return { reason: 'cooldown', retryAfterSeconds: wait(cooldownEnds) };
  const inHour = times.filter((t) => t > now.getTime() - HOUR_MS).sort((a, b) => a - b);
  if (inHour.length >= rules.perHour) {
    // The window frees a place when the oldest send that still counts leaves it.
    const frees = inHour[inHour.length - rules.perHour]! + HOUR_MS;
    return { reason: 'hourly', retryAfterSeconds: wait(frees) };
  }
  return null;
}

/** When a code sent now stops working. */
export function otpExpiresAt(now: Date, rules: Pick<OtpRules, 'expiryMinutes'>): Date {
  return new Date(now.getTime() + rules.expiryMinutes * 60_000);
}

/** Seconds left of the resend cooldown, counted down each second by the code form (spec 3 §4). */
export function cooldownSecondsLeft(sentAt: Date, now: Date, cooldownMinutes: number): number {
  const left = sentAt.getTime() + cooldownMinutes * 60_000 - now.getTime();
  return Math.max(0, Math.ceil(left / 1000));
}

/** DECISIONS 27: only a string of digits of the configured length is a code. */
export function isOtpCodeShape(code: string, length: number): boolean {
  return code.length === length && /^[0-9]+$/.test(code);
}

export type CodeState = 'usable' | 'used' | 'expired' | 'exhausted';

/**
 * Whether a stored code can still be tried: used once it signed someone in (or a newer code
 * replaced it), expired at its expiry, exhausted after `maxAttempts` tries.
 */
export function otpCodeState(
  code: { consumedAt: Date | null; expiresAt: Date; attempts: number; maxAttempts: number },
  now: Date,
): CodeState {
  if (code.consumedAt) return 'used';
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (code.attempts >= code.maxAttempts) return 'exhausted';
  return 'usable';
}

/** m:ss of a countdown in seconds ("1:59"). */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * An e-mail address shown on the magic-link page without giving it away to whoever holds the
 * link: the first letter of the local part, bullets, and the domain ("c•••••••@demo.test").
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•'.repeat(Math.max(3, email.length));
  const local = email.slice(0, at);
  return `${local[0]}${'•'.repeat(Math.max(3, local.length - 1))}${email.slice(at)}`;
}

/** A number as the shop matches it: its digits only ("+230 5250 0004" → "23052500004"). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * Words of the passwordless sign-ins: spec 3 §5 "Login" and §8 "Auth" word for word, the rest the
 * shop's. Kept here, free of zod, so the sign-in page's chunk stays small.
 */
export const SIGN_IN_MESSAGES = {
  emailRequired: 'Email is required',
  mobileRequired: 'Mobile number is required',
  otpRequired: 'OTP code is required',
  invalidOtp: 'Invalid OTP code',
  sendOtpFailed: 'Failed to send OTP',
  sendMagicLinkFailed: 'Failed to send magic link',
  switchRoleFailed: 'Failed to switch role',
  mobileFormat: 'Enter the number in international form with its country code, e.g. +230 5250 0004.',
  otpSent: 'If this number belongs to an account, we have sent it a code.',
  otpExpired: 'This code has expired. Please request a new one.',
  otpExhausted: 'Too many incorrect attempts. Please request a new code.',
  otpCooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  otpHourly: (seconds: number) =>
    `Too many codes were requested for this number. Please try again in ${seconds} seconds.`,
  otpUnavailable: 'Sign-in by SMS code is not available in this shop.',
  magicLinkSent: 'If an account exists for that e-mail address, we have sent a sign-in link.',
  magicLinkInvalid: 'This sign-in link is invalid, has expired or was already used.',
  signedIn: 'Signed in',
} as const;
