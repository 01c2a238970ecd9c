import { z } from 'zod';
import { DATE_FORMATS } from '../domain/dates/date-format';
import { DEFAULT_ALLOWED_TYPES, DEFAULT_MAX_FILE_SIZE_MB } from '../domain/files/file-rules';
import { THEMES } from '../domain/theme/theme';
import { CHAT_POPUP_FIELDS as C } from './chat-popup';
import { EMAIL_SETTING_FIELDS as E } from './email-settings';
import { FILE_STORAGE_FIELDS as F } from './file-storage';
import { SMS_SETTING_FIELDS as S } from './messaging';
import { EMAIL_TEMPLATE_SOURCES, IDENTITY_PROVIDER_ROLES } from './system-settings';
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
  // Identity-provider sign-in (spec 2 §3, §6; DECISIONS 4; docs/decisions/0021)
  identity_provider_project_id: z.string().default(''),
  identity_provider_web_api_key: z.string().default(''),
  identity_provider_private_key_id: z.string().default(''),
  identity_provider_private_key: z.string().default(''),
  identity_provider_client_email: z.string().default(''),
  identity_provider_client_id: z.string().default(''),
  identity_provider_auth_uri: z.string().default(''),
  identity_provider_token_uri: z.string().default(''),
  identity_provider_default_role: z.enum(IDENTITY_PROVIDER_ROLES).default('customer'),
  identity_provider_auto_create_users: z.boolean().default(true),
  identity_provider_email_template_source: z.enum(EMAIL_TEMPLATE_SOURCES).default('shop'),
  default_per_page: z.number().int().min(1).max(100).default(10),
  // File storage (issue 18, docs/decisions/0072; rules in contracts/file-storage.ts)
  file_storage_driver: F.file_storage_driver.default('local'),
  s3_endpoint: z.string().default(''),
  s3_bucket: z.string().default(''),
  s3_region: z.string().default('us-east-1'),
  s3_access_key_id: z.string().default(''),
  s3_secret_access_key: z.string().default(''),
  s3_force_path_style: z.boolean().default(true),
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
  // Chat popup (spec 3 §3 names, §9 defaults; rules in contracts/chat-popup.ts)
  whatsapp_popup_enabled: C.whatsapp_popup_enabled.default(false),
  whatsapp_phone_number: C.whatsapp_phone_number.default(''),
  whatsapp_popup_text: C.whatsapp_popup_text.default('Have questions?'),
  whatsapp_message_template: C.whatsapp_message_template.default(
    'Hello, I have a question about {product_name}: {page_url}',
  ),
  whatsapp_popup_position: C.whatsapp_popup_position.default('bottom-right'),
  whatsapp_popup_show_on_pages: C.whatsapp_popup_show_on_pages.default('product_details'),
  whatsapp_popup_delay_seconds: C.whatsapp_popup_delay_seconds.default(0),
  whatsapp_popup_theme: C.whatsapp_popup_theme.default('default'),
  whatsapp_popup_size: C.whatsapp_popup_size.default('medium'),
  // SMS gateway (spec 2 §3 "SMS settings"; rules in contracts/messaging.ts, docs/decisions/0029)
  sms_gateway_enabled: S.sms_gateway_enabled.default(false),
  sms_gateway_base_url: z.string().default('https://api.sms-gateway.example.com/v1'),
  sms_gateway_app_id: z.string().default(''),
  sms_gateway_app_key: z.string().default(''),
  sms_gateway_campaign_name: z.string().default(''),
  sms_otp_enabled: S.sms_otp_enabled.default(false),
  sms_sandbox_enabled: S.sms_sandbox_enabled.default(false),
  firebase_hybrid_sms_enabled: S.firebase_hybrid_sms_enabled.default(false),
  // Theme (spec 2 §3; docs/decisions/0027): colours kept per theme, completed by its defaults
  active_theme: z.enum(THEMES).default('default'),
  theme_colors: z.record(z.string(), z.record(z.string(), z.string())).default({}),
  theme_logo_id: z.number().int().positive().nullable().default(null),
  theme_favicon_id: z.number().int().positive().nullable().default(null),
  // SMS one-time codes (spec 2 §9)
  sms_otp_length: z.number().int().min(4).max(10).default(6),
  sms_otp_expiry_minutes: z.number().int().min(1).default(5),
  sms_otp_resend_cooldown_minutes: z.number().int().min(0).default(2),
  sms_otp_max_attempts: z.number().int().min(1).default(3),
  sms_otp_rate_limit_per_hour: z.number().int().min(1).default(3),
  sms_otp_message_template: z
    .string()
    .default('Your {app_name} verification code is {code}. It expires in {minutes} minutes.'),
  // Messaging-provider test tool (spec 3 §3 "Messaging test"; docs/decisions/0029)
  messaging_api_base_url: z.string().default('https://graph.facebook.com/v21.0'),
  messaging_api_token: z.string().default(''),
  // E-mail (spec 2 §3)
  mail_from_address: E.mail_from_address.default('shop@emporium.test'),
  admin_email: E.admin_email.default('admin@demo.test'),
  smtp_host: E.smtp_host.default(''),
  smtp_port: E.smtp_port.default(587),
  smtp_encryption: E.smtp_encryption.default('tls'),
  smtp_username: E.smtp_username.default(''),
  smtp_password: E.smtp_password.default(''),
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
