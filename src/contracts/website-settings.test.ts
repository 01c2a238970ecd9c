import { describe, expect, it } from 'vitest';
import { defaultSetting, isSettingKey } from './settings';
import {
  WEBSITE_SETTINGS_MESSAGES as M,
  PUBLIC_WEBSITE_SETTING_KEYS,
  WEBSITE_SETTING_FIELDS,
  WEBSITE_SETTING_KEYS,
  websiteSettingsBatchBody,
  websiteSettingUpdateBody,
} from './website-settings';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('website settings contract', () => {
  it('every website setting is a stored setting whose default passes its own rule', () => {
    for (const key of WEBSITE_SETTING_KEYS) {
      expect(isSettingKey(key)).toBe(true);
      if (!isSettingKey(key)) continue;
      expect(WEBSITE_SETTING_FIELDS[key].safeParse(defaultSetting(key)).success, key).toBe(true);
    }
    for (const key of PUBLIC_WEBSITE_SETTING_KEYS) expect(WEBSITE_SETTING_KEYS).toContain(key);
  });

  it.each([
    ['https://emporium.test/privacy', true],
    ['http://emporium.test', true],
    ['', true],
    ['emporium.test/privacy', false],
    ['ftp://emporium.test', false],
    ['javascript:alert(1)', false],
    ['https://', false],
    [`https://emporium.test/${'a'.repeat(500)}`, false],
  ])('a policy URL %j is accepted: %s', (value, ok) => {
    expect(websiteSettingUpdateBody.safeParse({ type: 'privacy_policy_url', value }).success).toBe(ok);
  });

  it.each([
    ['accounts@emporium.test', true],
    ['', true],
    ['accounts', false],
    ['a@b', false],
  ])('a company e-mail %j is accepted: %s', (value, ok) => {
    expect(websiteSettingUpdateBody.safeParse({ type: 'company_email', value }).success).toBe(ok);
  });

  it('trims text and keys the value error by the setting name', () => {
    expect(websiteSettingUpdateBody.parse({ type: 'company_name', value: ' Emporium Ltd ' })).toEqual({
      company_name: 'Emporium Ltd',
    });
    expect(errorsOf(websiteSettingUpdateBody.safeParse({ type: 'company_email', value: 'x' }))).toEqual({
      company_email: M.email,
    });
    expect(errorsOf(websiteSettingUpdateBody.safeParse({ type: 'smtp_password', value: 'x' }))).toEqual({
      type: M.unknownSetting,
    });
  });

  it('checks a batch by each setting and refuses unknown names and an empty batch', () => {
    expect(
      websiteSettingsBatchBody.parse({
        settings: { vat_calculation_method: 'inclusive', wallet_enabled: true },
      }),
    ).toEqual({ vat_calculation_method: 'inclusive', wallet_enabled: true });
    expect(
      errorsOf(
        websiteSettingsBatchBody.safeParse({
          settings: { vat_calculation_method: 'both', linkedin_url: 'linkedin', colour: 'red' },
        }),
      ),
    ).toEqual({
      vat_calculation_method: 'The VAT calculation method must be exclusive or inclusive.',
      linkedin_url: M.url,
      colour: M.unknownSetting,
    });
    expect(errorsOf(websiteSettingsBatchBody.safeParse({ settings: {} }))).toEqual({
      settings: M.noSettings,
    });
  });
});
