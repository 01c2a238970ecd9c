import { describe, expect, it } from 'vitest';
import {
  isSmsPhoneNumber,
  maskOtpCode,
  normalizeSmsPhone,
  renderOtpMessage,
  smsStatusFromGateway,
  unknownPlaceholders,
} from './sms';

describe('isSmsPhoneNumber', () => {
  it.each([
    ['+230 5250 0001', true],
    ['+44 (20) 7946-0958', true],
    ['+15551234567', true],
    ['+1234567', false], // 7 digits
    ['+1234567890123456', false], // 16 digits
    ['52500001', false], // no country code
    ['+230 abc 0001', false],
    ['', false],
  ])('%s → %s', (phone, ok) => {
    expect(isSmsPhoneNumber(phone)).toBe(ok);
  });

  it('normalizes to + and digits', () => {
    expect(normalizeSmsPhone('+44 (20) 7946-0958')).toBe('+442079460958');
  });
});

describe('renderOtpMessage', () => {
  it.each([
    ['Your code is {code}', 'Your code is 123456'],
    ['{app_name}: {code} (valid {minutes} min)', 'Shop: 123456 (valid 5 min)'],
    ['{code} {code}', '123456 123456'],
    ['Keep {other}', 'Keep {other}'],
  ])('%s', (template, expected) => {
    expect(renderOtpMessage(template, { code: '123456', minutes: 5, app_name: 'Shop' })).toBe(expected);
  });

  it('names unknown placeholders', () => {
    expect(unknownPlaceholders('{cod} {code} {minutes} {x}')).toEqual(['cod', 'x']);
  });
});

describe('maskOtpCode', () => {
  it.each([
    ['Your code is 123456', '123456', 'Your code is ••••••'],
    ['123456 and 123456', '123456', '•••••• and ••••••'],
    ['No code here', '123456', 'No code here'],
    ['Anything', '', 'Anything'],
  ])('%s', (message, code, expected) => {
    expect(maskOtpCode(message, code)).toBe(expected);
  });
});

describe('smsStatusFromGateway', () => {
  it.each([
    ['queued', 'queued'],
    ['ACCEPTED', 'queued'],
    ['sent', 'sent'],
    ['delivered', 'delivered'],
    ['DELIVRD', 'delivered'],
    ['undelivered', 'failed'],
    ['rejected', 'failed'],
    ['something-new', 'sent'],
  ])('%s → %s', (word, status) => {
    expect(smsStatusFromGateway(word)).toBe(status);
  });
});
