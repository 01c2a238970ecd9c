import { z } from 'zod';
import { DATE_FORMATS } from '../domain/dates/date-format';
import { DEFAULT_ALLOWED_TYPES, DEFAULT_MAX_FILE_SIZE_MB } from '../domain/files/file-rules';
import { WEBSITE_SETTING_FIELDS as W } from './website-settings';

/**
 * Every stored setting: its type and its default from the spec (spec 2 §3, §9; spec 1 §9).
 * The settings store reads and writes only these keys; later areas add theirs here.
 */
export const SETTING_DEFINITIONS = {
  // System (spec 2 §3)
  file_upload_max_size: z.number().positive().max(50).default(DEFAULT_MAX_FILE_SIZE_MB),
  file_upload_allowed_types: z.string().default(DEFAULT_ALLOWED_TYPES.join(',')),
  FORCE_HTTPS: z.boolean().default(false),
  maintenance_mode: z.boolean().default(false),
  online_shop_enabled: z.boolean().default(true),
  app_timezone: z.string().default('Indian/Mauritius'),
  app_date_format: z.enum(DATE_FORMATS).default('DD/MM/YYYY'),
  custom_code: z.string().default(''),
  pdf_show_variants: z.boolean().default(true),
  default_per_page: z.number().int().min(1).max(100).default(10),
  session_idle_minutes: z.number().int().min(5).max(1440).default(120),
  // Website (spec 2 §3; rules in contracts/website-settings.ts, defaults in docs/decisions/0020)
  site_name: W.site_name.default('Emporium'),
  website_title: W.website_title.default('Emporium'),
  website_description: W.website_description.default('Shop and rentals'),
  vendor_system_enabled: W.vendor_system_enabled.default(false),
  classified_product_enabled: W.classified_product_enabled.default(false),
  wallet_enabled: W.wallet_enabled.default(false),
  coupon_enabled: W.coupon_enabled.default(false),
  conversation_enabled: W.conversation_enabled.default(false),
  product_manage_by_admin: W.product_manage_by_admin.default(true),
  product_approve_by_admin: W.product_approve_by_admin.default(false),
  vat_system_enabled: W.vat_system_enabled.default(true),
  vat_calculation_method: W.vat_calculation_method.default('exclusive'),
  privacy_policy_url: W.privacy_policy_url.default(''),
  terms_conditions_url: W.terms_conditions_url.default(''),
  return_policy_url: W.return_policy_url.default(''),
  partner_terms_conditions_url: W.partner_terms_conditions_url.default(''),
  facebook_url: W.facebook_url.default(''),
  instagram_url: W.instagram_url.default(''),
  twitter_url: W.twitter_url.default(''),
  linkedin_url: W.linkedin_url.default(''),
  youtube_url: W.youtube_url.default(''),
  company_name: W.company_name.default(''),
  company_address: W.company_address.default(''),
  company_phone: W.company_phone.default(''),
  company_email: W.company_email.default(''),
  company_website: W.company_website.default(''),
  company_vat_number: W.company_vat_number.default(''),
  company_registration_number: W.company_registration_number.default(''),
  // Stock (spec 2 §3, §4)
  stock_management_enabled: z.boolean().default(true),
  stock_deduction_timing: z.enum(['on_order', 'on_payment', 'on_shipping']).default('on_order'),
  show_stock_quantities: z.boolean().default(true),
  show_low_stock_warning: z.boolean().default(true),
  out_of_stock_behavior: z.enum(['hide', 'show_disabled', 'show_notify']).default('show_disabled'),
  low_stock_email_notifications: z.boolean().default(false),
  out_of_stock_notifications: z.boolean().default(false),
  // SMS one-time codes (spec 2 §9)
  sms_otp_length: z.number().int().min(4).max(10).default(6),
  sms_otp_expiry_minutes: z.number().int().min(1).default(5),
  sms_otp_resend_cooldown_minutes: z.number().int().min(0).default(2),
  sms_otp_max_attempts: z.number().int().min(1).default(3),
  sms_otp_rate_limit_per_hour: z.number().int().min(1).default(3),
  // E-mail (spec 2 §3)
  mail_from_address: z.string().default('shop@emporium.test'),
  admin_email: z.string().default('admin@demo.test'),
  smtp_host: z.string().default(''),
  smtp_port: z.number().int().default(587),
  smtp_encryption: z.string().default('tls'),
  smtp_username: z.string().default(''),
  smtp_password: z.string().default(''),
} as const;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTING_DEFINITIONS)[K]>;
export type Settings = { [K in SettingKey]: SettingValue<K> };

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

export function defaultSetting<K extends SettingKey>(key: K): SettingValue<K> {
  return SETTING_DEFINITIONS[key].parse(undefined) as SettingValue<K>;
}

/** Server limits the system settings screen shows beside the settings (spec 2 §3). */
export type ServerLimits = { upload_total_max_mb: number; upload_file_max_mb: number };
