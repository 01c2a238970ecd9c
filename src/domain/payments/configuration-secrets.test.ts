import { describe, expect, it } from 'vitest';
import {
  codeFromName,
  isSecretKey,
  maskConfiguration,
  mergeConfiguration,
  SECRET_MASK,
} from './configuration-secrets';

describe('isSecretKey', () => {
  it.each([
    ['secret_key', true],
    ['client_secret', true],
    ['API_KEY', true],
    ['password', true],
    ['smtp_passwd', true],
    ['access_token', true],
    ['webhookToken', true],
    ['merchant_id', false],
    ['account_number', false],
    ['bank_name', false],
    ['mode', false],
  ])('%s → %s', (key, secret) => {
    expect(isSecretKey(key)).toBe(secret);
  });
});

describe('maskConfiguration', () => {
  it.each([
    [{}, {}],
    [{ merchant_id: 'M1' }, { merchant_id: 'M1' }],
    [{ secret_key: 'sk_live_1' }, { secret_key: SECRET_MASK }],
    [{ secret_key: '' }, { secret_key: '' }],
    [{ secret_key: null }, { secret_key: '' }],
    [{ api_token: 12345 }, { api_token: SECRET_MASK }],
    [
      { mode: 'live', password: 'p', sandbox: true },
      { mode: 'live', password: SECRET_MASK, sandbox: true },
    ],
  ])('%j → %j', (stored, shown) => {
    expect(maskConfiguration(stored)).toEqual(shown);
  });
});

describe('mergeConfiguration', () => {
  const stored = { merchant_id: 'M1', secret_key: 'sk_live_1', mode: 'live' };
  it.each([
    [
      'a blank secret keeps the stored one',
      { merchant_id: 'M1', secret_key: '' },
      { merchant_id: 'M1', secret_key: 'sk_live_1' },
    ],
    ['the mask keeps the stored one', { secret_key: SECRET_MASK }, { secret_key: 'sk_live_1' }],
    ['null keeps the stored one', { secret_key: null }, { secret_key: 'sk_live_1' }],
    ['a new secret replaces it', { secret_key: 'sk_live_2' }, { secret_key: 'sk_live_2' }],
    ['a key left out is removed', { merchant_id: 'M2' }, { merchant_id: 'M2' }],
    ['a plain value may be emptied', { merchant_id: '' }, { merchant_id: '' }],
    ['a new blank secret stays blank', { webhook_token: '' }, { webhook_token: '' }],
    ['plain values are kept as sent', { mode: 'test', sandbox: true }, { mode: 'test', sandbox: true }],
  ])('%s', (_name, sent, result) => {
    expect(mergeConfiguration(stored, sent)).toEqual(result);
  });

  it('never answers a stored secret when merged and masked again', () => {
    expect(maskConfiguration(mergeConfiguration(stored, { secret_key: '' }))).toEqual({
      secret_key: SECRET_MASK,
    });
  });
});

describe('codeFromName', () => {
  it.each([
    ['Cash on delivery', 'cash_on_delivery'],
    ['Bank Transfer', 'bank_transfer'],
    ['  Carte bancaire (Visa/Mastercard) ', 'carte_bancaire_visa_mastercard'],
    ['Crédit', 'credit'],
    ['!!!', ''],
  ])('%s → %s', (name, code) => {
    expect(codeFromName(name)).toBe(code);
  });
});

describe('maskConfiguration order', () => {
  it('answers names in alphabetical order', () => {
    expect(Object.keys(maskConfiguration({ mode: 'x', secret_key: 'y', merchant_id: 'z' }))).toEqual([
      'merchant_id',
      'mode',
      'secret_key',
    ]);
  });
});
