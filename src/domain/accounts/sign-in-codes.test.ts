import { describe, expect, it } from 'vitest';
import {
  cooldownSecondsLeft,
  countdownText,
  isOtpCodeShape,
  maskEmail,
  type OtpRules,
  otpCodeState,
  otpExpiresAt,
  otpSendRefusal,
  phoneDigits,
} from './sign-in-codes';

// spec 2 §9: length 6, expiry 5 min, resend cooldown 2 min, max attempts 3, 3 per hour.
const rules: OtpRules = { length: 6, expiryMinutes: 5, resendCooldownMinutes: 2, maxAttempts: 3, perHour: 3 };
const now = new Date('2026-03-10T12:00:00Z');
const ago = (minutes: number, seconds = 0) => new Date(now.getTime() - minutes * 60_000 - seconds * 1000);

describe('otpSendRefusal', () => {
  it.each([
    ['nothing sent', [], null],
    ['last one 3 min ago', [ago(3)], null],
    ['last one exactly 2 min ago', [ago(2)], null],
    ['last one 1 min ago', [ago(1)], { reason: 'cooldown', retryAfterSeconds: 60 }],
    ['last one 119 s ago', [ago(0, 119)], { reason: 'cooldown', retryAfterSeconds: 1 }],
    ['just sent', [now], { reason: 'cooldown', retryAfterSeconds: 120 }],
    ['two in the hour', [ago(50), ago(10)], null],
    ['three in the hour', [ago(50), ago(30), ago(10)], { reason: 'hourly', retryAfterSeconds: 600 }],
    ['three, unordered', [ago(10), ago(50), ago(30)], { reason: 'hourly', retryAfterSeconds: 600 }],
    ['the oldest left the hour', [ago(61), ago(30), ago(10)], null],
    ['exactly an hour ago no longer counts', [ago(60), ago(30), ago(10)], null],
    [
      'four, the window frees at the second',
      [ago(59), ago(55), ago(30), ago(10)],
      { reason: 'hourly', retryAfterSeconds: 300 },
    ],
    ['cooldown comes first', [ago(50), ago(30), ago(1)], { reason: 'cooldown', retryAfterSeconds: 60 }],
  ] as const)('%s', (_, sent, expected) => {
    expect(otpSendRefusal(sent, now, rules)).toEqual(expected);
  });

  it('follows the settings', () => {
    const loose = { ...rules, resendCooldownMinutes: 0, perHour: 5 };
    expect(otpSendRefusal([now, ago(1), ago(2), ago(3)], now, loose)).toBeNull();
    expect(otpSendRefusal([now, ago(1), ago(2), ago(3), ago(4)], now, loose)).toEqual({
      reason: 'hourly',
      retryAfterSeconds: 56 * 60,
    });
  });
});

describe('otpExpiresAt and cooldownSecondsLeft', () => {
  it('expires after the configured minutes', () => {
    expect(otpExpiresAt(now, rules).toISOString()).toBe('2026-03-10T12:05:00.000Z');
    expect(otpExpiresAt(now, { expiryMinutes: 10 }).toISOString()).toBe('2026-03-10T12:10:00.000Z');
  });

  it.each([
    [now, 120],
    [ago(0, 1), 119],
    [ago(1, 59), 1],
    [ago(2), 0],
    [ago(5), 0],
  ] as const)('sent at %s leaves %i s', (sentAt, left) => {
    expect(cooldownSecondsLeft(sentAt, now, 2)).toBe(left);
  });
});

describe('isOtpCodeShape', () => {
  it.each([
    ['123456', 6, true],
    ['000000', 6, true],
    ['12345', 6, false],
    ['1234567', 6, false],
    ['12345a', 6, false],
    [' 12345', 6, false],
    ['１２３４５６', 6, false],
    ['1234', 4, true],
    ['', 6, false],
  ] as const)('%j of length %i → %s', (code, length, expected) => {
    expect(isOtpCodeShape(code, length)).toBe(expected);
  });
});

describe('otpCodeState', () => {
  const fresh = {
    consumedAt: null,
    expiresAt: new Date(now.getTime() + 60_000),
    attempts: 0,
    maxAttempts: 3,
  };
  it.each([
    ['fresh', fresh, 'usable'],
    ['two tries left one', { ...fresh, attempts: 2 }, 'usable'],
    ['three tries', { ...fresh, attempts: 3 }, 'exhausted'],
    ['at its expiry', { ...fresh, expiresAt: now }, 'expired'],
    ['used', { ...fresh, consumedAt: ago(1) }, 'used'],
    ['used and expired', { ...fresh, consumedAt: ago(1), expiresAt: ago(0, 1) }, 'used'],
    ['expired and exhausted', { ...fresh, attempts: 3, expiresAt: ago(1) }, 'expired'],
  ] as const)('%s → %s', (_, code, expected) => {
    expect(otpCodeState(code, now)).toBe(expected);
  });
});

describe('display helpers', () => {
  it.each([
    [120, '2:00'],
    [119, '1:59'],
    [61, '1:01'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
  ] as const)('countdown %i → %s', (seconds, text) => {
    expect(countdownText(seconds)).toBe(text);
  });

  it.each([
    ['customer@demo.test', 'c•••••••@demo.test'],
    ['ab@x.io', 'a•••@x.io'],
    ['a@x.io', 'a•••@x.io'],
    ['not-an-email', '••••••••••••'],
  ] as const)('masks %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it.each([
    ['+230 5250 0004', '23052500004'],
    ['+230-5250-0004', '23052500004'],
    ['(+230) 5250.0004', '23052500004'],
  ] as const)('digits of %s', (phone, digits) => {
    expect(phoneDigits(phone)).toBe(digits);
  });
});
