import { describe, expect, it } from 'vitest';
import { defaultSetting, isSettingKey } from './settings';
import {
  IDENTITY_PROVIDER_CREDENTIAL_KEYS,
  isTimeZone,
  SYSTEM_SETTINGS_MESSAGES as M,
  SECRET_SETTING_KEYS,
  SERVER_LIMITS,
  SYSTEM_SETTING_FIELDS,
  SYSTEM_SETTING_KEYS,
  systemSettingsUpdateBody,
} from './system-settings';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';

describe('system settings contract', () => {
  it('every system setting is a stored setting whose default passes its own rule', () => {
    for (const key of SYSTEM_SETTING_KEYS) {
      expect(isSettingKey(key), key).toBe(true);
      if (!isSettingKey(key)) continue;
      expect(SYSTEM_SETTING_FIELDS[key].safeParse(defaultSetting(key)).success, key).toBe(true);
    }
    for (const key of [...SECRET_SETTING_KEYS, ...IDENTITY_PROVIDER_CREDENTIAL_KEYS])
      expect(SYSTEM_SETTING_KEYS).toContain(key);
  });

  it('has the spec defaults (spec 2 §3, §6, §9)', () => {
    expect(defaultSetting('file_upload_max_size')).toBe(5);
    expect(defaultSetting('file_upload_allowed_types')).toBe('jpg,jpeg,png,gif,webp,pdf,doc,docx,xls,xlsx');
    expect(defaultSetting('maintenance_mode')).toBe(false);
    expect(defaultSetting('online_shop_enabled')).toBe(true);
    expect(defaultSetting('app_timezone')).toBe('Indian/Mauritius');
    expect(defaultSetting('app_date_format')).toBe('DD/MM/YYYY');
    expect(defaultSetting('identity_provider_default_role')).toBe('customer');
    expect(defaultSetting('identity_provider_auto_create_users')).toBe(true);
  });

  it.each([
    [1, true],
    [2.5, true],
    [SERVER_LIMITS.upload_file_max_mb, true],
    [0, false],
    [0.5, false],
    [SERVER_LIMITS.upload_file_max_mb + 1, false],
    ['5', false],
  ])('upload max size %s valid: %s', (value, valid) => {
    const result = SYSTEM_SETTING_FIELDS.file_upload_max_size.safeParse(value);
    expect(result.success).toBe(valid);
    if (!valid) expect(result.error?.issues[0]?.message).toBe(M.maxSize(50));
  });

  it('normalises the allowed types and refuses types the library cannot take', () => {
    const field = SYSTEM_SETTING_FIELDS.file_upload_allowed_types;
    expect(field.parse(' PNG, .pdf,,png ')).toBe('png,pdf');
    expect(field.parse(['jpg', 'xlsx'])).toBe('jpg,xlsx');
    expect(errorsOf(field.safeParse(' , '))).toEqual({ '': M.noTypes });
    expect(errorsOf(field.safeParse([]))).toEqual({ '': M.noTypes });
    expect(errorsOf(field.safeParse('png,exe,svg'))).toEqual({ '': M.badTypes(['exe', 'svg']) });
  });

  it.each([
    ['Indian/Mauritius', true],
    ['Europe/London', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('time zone %s valid: %s', (zone, valid) => {
    expect(isTimeZone(zone)).toBe(valid);
    expect(SYSTEM_SETTING_FIELDS.app_timezone.safeParse(zone).success).toBe(valid);
  });

  it('stores a time zone by its canonical name', () => {
    expect(SYSTEM_SETTING_FIELDS.app_timezone.parse(' utc ')).toBe('UTC');
  });

  it('accepts only the four date formats (spec 2 §9)', () => {
    for (const format of ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD-MM-YYYY'])
      expect(SYSTEM_SETTING_FIELDS.app_date_format.safeParse(format).success).toBe(true);
    expect(errorsOf(SYSTEM_SETTING_FIELDS.app_date_format.safeParse('D.M.YY'))).toEqual({ '': M.dateFormat });
  });

  it('reads a private key pasted with written "\\n" line breaks, and refuses one that is not PEM', () => {
    const field = SYSTEM_SETTING_FIELDS.identity_provider_private_key;
    expect(field.parse(PEM.replace(/\n/g, '\\n'))).toBe(PEM);
    expect(field.parse('')).toBe('');
    expect(errorsOf(field.safeParse('not a key'))).toEqual({ '': M.privateKey });
  });

  it('allows only customer-facing default roles for identity-provider sign-ups', () => {
    expect(SYSTEM_SETTING_FIELDS.identity_provider_default_role.safeParse('partner').success).toBe(true);
    expect(errorsOf(SYSTEM_SETTING_FIELDS.identity_provider_default_role.safeParse('admin'))).toEqual({
      '': M.defaultRole,
    });
  });

  it('wants https for the provider addresses', () => {
    const field = SYSTEM_SETTING_FIELDS.identity_provider_token_uri;
    expect(field.safeParse('https://oauth2.example.test/token').success).toBe(true);
    expect(field.safeParse('').success).toBe(true);
    expect(errorsOf(field.safeParse('http://oauth2.example.test/token'))).toEqual({ '': M.url });
  });
});

describe('PUT /api/system-settings body', () => {
  it('keeps a secret sent empty, removes one sent null, checks one sent with a value', () => {
    const result = systemSettingsUpdateBody.safeParse({
      settings: {
        identity_provider_web_api_key: '',
        identity_provider_private_key_id: null,
        identity_provider_private_key: PEM,
        app_date_format: 'YYYY-MM-DD',
      },
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      identity_provider_private_key_id: '',
      identity_provider_private_key: PEM,
      app_date_format: 'YYYY-MM-DD',
    });
  });

  it('reports every bad or unknown setting under its own name', () => {
    const result = systemSettingsUpdateBody.safeParse({
      settings: {
        app_date_format: 'YY/MM/DD',
        maintenance_mode: 'yes',
        file_upload_max_size: 500,
        favourite_colour: 'blue',
      },
    });
    expect(errorsOf(result)).toEqual({
      app_date_format: M.dateFormat,
      maintenance_mode: M.flag,
      file_upload_max_size: M.maxSize(50),
      favourite_colour: M.unknownSetting,
    });
  });

  it('refuses an empty save and a body without settings', () => {
    expect(errorsOf(systemSettingsUpdateBody.safeParse({ settings: {} }))).toEqual({
      settings: M.noSettings,
    });
    expect(errorsOf(systemSettingsUpdateBody.safeParse({}))).toEqual({ settings: M.noSettings });
  });
});
