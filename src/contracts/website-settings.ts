import { z } from 'zod';

/** Words of the website settings screen and its replies (spec 2 §3, §8; docs/decisions/0020). */
export const WEBSITE_SETTINGS_MESSAGES = {
  load: 'Failed to load website settings',
  save: 'Failed to save settings',
  saved: 'Website settings updated successfully',
  settingSaved: 'Setting updated successfully',
  unknownSetting: 'Unknown website setting.',
  noSettings: 'Choose at least one setting to save.',
  url: 'Enter a full address starting with http:// or https://.',
  email: 'Enter a valid e-mail address.',
  flag: 'Must be on or off.',
  text: 'Must be text.',
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) => `${label} may not be longer than ${max} characters.`,
} as const;
const M = WEBSITE_SETTINGS_MESSAGES;

const URL_MAX = 500;

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

const text = (label: string, max: number) =>
  z.string({ error: M.text }).trim().max(max, M.tooLong(label, max));
const requiredText = (label: string, max: number) => text(label, max).min(1, M.required(label));
/** An http(s) address, or empty for "none". */
const url = (label: string) =>
  text(label, URL_MAX).refine((v) => v === '' || isHttpUrl(v), { message: M.url });
/** An e-mail address, or empty for "none". */
const email = (label: string) =>
  text(label, 255).refine((v) => v === '' || z.email().safeParse(v).success, { message: M.email });
const flag = () => z.boolean({ error: M.flag });

/** Each website setting's value rule; contracts/settings.ts adds the defaults the store falls back to. */
export const WEBSITE_SETTING_FIELDS = {
  // General
  site_name: requiredText('Site name', 120),
  website_title: requiredText('Website title', 160),
  website_description: text('Website description', 500),
  // Features
  vendor_system_enabled: flag(),
  classified_product_enabled: flag(),
  wallet_enabled: flag(),
  coupon_enabled: flag(),
  conversation_enabled: flag(),
  product_manage_by_admin: flag(),
  product_approve_by_admin: flag(),
  // VAT (read by the pricing engine)
  vat_system_enabled: flag(),
  vat_calculation_method: z.enum(['exclusive', 'inclusive'], {
    error: 'The VAT calculation method must be exclusive or inclusive.',
  }),
  // Policies
  privacy_policy_url: url('Privacy policy URL'),
  terms_conditions_url: url('Terms and conditions URL'),
  return_policy_url: url('Return policy URL'),
  partner_terms_conditions_url: url('Partner terms and conditions URL'),
  // Social
  facebook_url: url('Facebook URL'),
  instagram_url: url('Instagram URL'),
  twitter_url: url('X (Twitter) URL'),
  linkedin_url: url('LinkedIn URL'),
  youtube_url: url('YouTube URL'),
  // Company (documents and PDFs read these)
  company_name: text('Company name', 160),
  company_address: text('Company address', 500),
  company_phone: text('Company phone', 50),
  company_email: email('Company e-mail'),
  company_website: url('Company website'),
  company_vat_number: text('Company VAT number', 50),
  company_registration_number: text('Company registration number', 50),
} as const;

export type WebsiteSettingKey = keyof typeof WEBSITE_SETTING_FIELDS;
export const WEBSITE_SETTING_KEYS = Object.keys(WEBSITE_SETTING_FIELDS) as WebsiteSettingKey[];
export type WebsiteSettings = { [K in WebsiteSettingKey]: z.output<(typeof WEBSITE_SETTING_FIELDS)[K]> };

export function isWebsiteSettingKey(key: string): key is WebsiteSettingKey {
  return Object.hasOwn(WEBSITE_SETTING_FIELDS, key);
}

/** What anyone may read (the storefront's footer and partner checkout, spec 3 §7); the rest is admin-only. */
export const PUBLIC_WEBSITE_SETTING_KEYS = [
  'site_name',
  'website_title',
  'website_description',
  'privacy_policy_url',
  'terms_conditions_url',
  'return_policy_url',
  'partner_terms_conditions_url',
  'facebook_url',
  'instagram_url',
  'twitter_url',
  'linkedin_url',
  'youtube_url',
] as const satisfies readonly WebsiteSettingKey[];
export type PublicWebsiteSettings = Pick<WebsiteSettings, (typeof PUBLIC_WEBSITE_SETTING_KEYS)[number]>;

/**
 * Checks some settings by their own rules: unknown keys and bad values are reported under the
 * setting's name, so a form shows each message on its own field.
 */
function checkSettings(input: Record<string, unknown>, ctx: z.RefinementCtx): Partial<WebsiteSettings> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!isWebsiteSettingKey(key)) {
      ctx.addIssue({ code: 'custom', path: [key], message: M.unknownSetting });
      continue;
    }
    const result = WEBSITE_SETTING_FIELDS[key].safeParse(value);
    if (result.success) values[key] = result.data;
    else
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: [key], message: issue.message });
  }
  return values as Partial<WebsiteSettings>;
}

/** POST /api/website-settings/update (spec 2 §7): one setting, `type` naming it. */
export const websiteSettingUpdateBody = z
  .object({ type: z.string({ error: M.unknownSetting }).max(100, M.unknownSetting), value: z.unknown() })
  .transform((body, ctx) => {
    if (!isWebsiteSettingKey(body.type)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: M.unknownSetting });
      return z.NEVER;
    }
    const values = checkSettings({ [body.type]: body.value }, ctx);
    return values;
  });

/** POST /api/website-settings/batch-update (spec 2 §7): several settings at once. */
export const websiteSettingsBatchBody = z
  .object({ settings: z.record(z.string(), z.unknown(), { error: M.noSettings }) })
  .transform((body, ctx) => {
    if (Object.keys(body.settings).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['settings'], message: M.noSettings });
      return z.NEVER;
    }
    return checkSettings(body.settings, ctx);
  });

export type WebsiteSettingsReply = { success: true; settings: WebsiteSettings | PublicWebsiteSettings };
export type WebsiteSettingsSavedReply = { success: true; message: string; settings: WebsiteSettings };
