import { z } from 'zod';
import { AREA_ROLES } from '../domain/access/roles';
import { DATE_FORMATS, type DateFormat } from '../domain/dates/date-format';
import {
  DEFAULT_ALLOWED_TYPES,
  MAX_FILES_PER_UPLOAD,
  parseAllowedTypes,
  TOTAL_UPLOAD_LIMIT_BYTES,
} from '../domain/files/file-rules';
import { FILE_STORAGE_FIELDS } from './file-storage';

/** The page sizes a shop may choose for its admin lists (docs/decisions/0043). */
export const LIST_PAGE_SIZES = [10, 15, 25, 50, 100] as const;

/** Words of the system settings screen and its replies (spec 2 §3, §4, §8; docs/decisions/0021). */
export const SYSTEM_SETTINGS_MESSAGES = {
  load: 'Failed to load system settings',
  save: 'Failed to save settings',
  saved: 'System settings saved successfully',
  reset: 'System settings were reset to their defaults',
  resetFailed: 'Failed to reset settings',
  unsaved: 'You have unsaved changes. Are you sure you want to leave?',
  unknownSetting: 'Unknown system setting.',
  noSettings: 'Choose at least one setting to save.',
  customCodeAdminOnly: 'Only an administrator may change the custom code.',
  flag: 'Must be on or off.',
  text: 'Must be text.',
  maxSize: (max: number) => `The maximum upload size must be a number of megabytes from 1 to ${max}.`,
  noTypes: 'Choose at least one allowed file type.',
  badTypes: (bad: string[]) =>
    `These file types cannot be uploaded: ${bad.join(', ')}. Choose from ${UPLOADABLE_TYPES.join(', ')}.`,
  timezone: 'Choose a valid time zone, for example Indian/Mauritius.',
  dateFormat: `The date format must be one of ${DATE_FORMATS.join(', ')}.`,
  perPage: `Rows per page must be one of ${LIST_PAGE_SIZES.join(', ')}.`,
  url: 'Enter a full address starting with https://.',
  email: 'Enter a valid e-mail address.',
  privateKey:
    'The private key must be a PEM key, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----.',
  defaultRole: `The default role must be one of ${AREA_ROLES.join(', ')}.`,
  templateSource: 'The e-mail template source must be shop or identity_provider.',
  tooLong: (label: string, max: number) => `${label} may not be longer than ${max} characters.`,
} as const;
const M = SYSTEM_SETTINGS_MESSAGES;

/** The file types the file library can recognise by content and store (spec 2 §9 "allowed types offered"). */
export const UPLOADABLE_TYPES: readonly string[] = DEFAULT_ALLOWED_TYPES;

/** What the server itself allows, whatever the settings say; shown read-only on the screen. */
export type ServerLimits = {
  /** All files of one upload together. */
  upload_total_max_mb: number;
  /** The highest value the max-size setting may take. */
  upload_file_max_mb: number;
  /** Files in one upload. */
  upload_max_files: number;
};

export const SERVER_LIMITS: ServerLimits = {
  upload_total_max_mb: TOTAL_UPLOAD_LIMIT_BYTES / (1024 * 1024),
  upload_file_max_mb: TOTAL_UPLOAD_LIMIT_BYTES / (1024 * 1024),
  upload_max_files: MAX_FILES_PER_UPLOAD,
};

/** Roles a user signed up through the identity provider may get: never admin or staff (spec 2 §6). */
export const IDENTITY_PROVIDER_ROLES = AREA_ROLES;
export const EMAIL_TEMPLATE_SOURCES = ['shop', 'identity_provider'] as const;

export function isTimeZone(value: string): boolean {
  if (value.trim() === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

const PEM_PRIVATE_KEY =
  /^-----BEGIN (?:RSA |EC )?PRIVATE KEY-----\n[\s\S]+\n-----END (?:RSA |EC )?PRIVATE KEY-----$/;

const flag = () => z.boolean({ error: M.flag });
const text = (label: string, max: number) =>
  z.string({ error: M.text }).trim().max(max, M.tooLong(label, max));
/** An https address, or empty for "none". */
const httpsUrl = (label: string) =>
  text(label, 500).refine((v) => v === '' || isHttpsUrl(v), { message: M.url });

/** Comma list or list of types → the stored comma list, each type one the library can take. */
const allowedTypes = z
  .union([z.string(), z.array(z.string())], { error: M.noTypes })
  .transform((value, ctx) => {
    const types = parseAllowedTypes(Array.isArray(value) ? value.join(',') : value);
    if (types.length === 0) {
      ctx.addIssue({ code: 'custom', message: M.noTypes });
      return z.NEVER;
    }
    const bad = types.filter((t) => !UPLOADABLE_TYPES.includes(t));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: M.badTypes(bad) });
      return z.NEVER;
    }
    return types.join(',');
  });

/**
 * A PEM private key as pasted from the provider's JSON file, where line breaks are written "\n";
 * empty means "none".
 */
const privateKey = z
  .string({ error: M.text })
  .max(10_000, M.tooLong('Private key', 10_000))
  .transform((value) => value.replace(/\\n/g, '\n').replace(/\r\n/g, '\n').trim())
  .refine((v) => v === '' || PEM_PRIVATE_KEY.test(v), { message: M.privateKey });

/** Each system setting's value rule (spec 2 §3, §9); contracts/settings.ts holds the defaults. */
export const SYSTEM_SETTING_FIELDS = {
  // Uploads (the file library reads these)
  file_upload_max_size: z
    .number({ error: M.maxSize(SERVER_LIMITS.upload_file_max_mb) })
    .min(1, M.maxSize(SERVER_LIMITS.upload_file_max_mb))
    .max(SERVER_LIMITS.upload_file_max_mb, M.maxSize(SERVER_LIMITS.upload_file_max_mb)),
  file_upload_allowed_types: allowedTypes,
  // Shop
  maintenance_mode: flag(),
  online_shop_enabled: flag(),
  FORCE_HTTPS: flag(),
  // Dates (every admin screen shows dates this way)
  app_timezone: z
    .string({ error: M.timezone })
    .trim()
    .refine(isTimeZone, { message: M.timezone })
    // "utc" and "Asia/Calcutta" are stored the way the clock library names them: "UTC", "Asia/Kolkata".
    .transform((zone) => new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone),
  app_date_format: z.enum(DATE_FORMATS, { error: M.dateFormat }),
  // Lists (docs/decisions/0043: "most admin lists" start with this many rows)
  default_per_page: z
    .number({ error: M.perPage })
    .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), { message: M.perPage }),
  // Documents
  pdf_show_variants: flag(),
  // Storefront code (admin only; DECISIONS 24)
  custom_code: z.string({ error: M.text }).max(20_000, M.tooLong('Custom code', 20_000)),
  // Identity-provider sign-in (DECISIONS 4: stored and shown, used only if filled)
  identity_provider_project_id: text('Project ID', 100),
  identity_provider_web_api_key: text('Web API key', 200),
  identity_provider_private_key_id: text('Private key ID', 100),
  identity_provider_private_key: privateKey,
  identity_provider_client_email: text('Client e-mail', 255).refine(
    (v) => v === '' || z.email().safeParse(v).success,
    { message: M.email },
  ),
  identity_provider_client_id: text('Client ID', 100),
  identity_provider_auth_uri: httpsUrl('Auth URI'),
  identity_provider_token_uri: httpsUrl('Token URI'),
  identity_provider_default_role: z.enum(IDENTITY_PROVIDER_ROLES, { error: M.defaultRole }),
  identity_provider_auto_create_users: flag(),
  identity_provider_email_template_source: z.enum(EMAIL_TEMPLATE_SOURCES, { error: M.templateSource }),
  // File storage (issue 18, docs/decisions/0072; rules in contracts/file-storage.ts)
  ...FILE_STORAGE_FIELDS,
} as const;

export type SystemSettingKey = keyof typeof SYSTEM_SETTING_FIELDS;
export const SYSTEM_SETTING_KEYS = Object.keys(SYSTEM_SETTING_FIELDS) as SystemSettingKey[];
export type SystemSettings = { [K in SystemSettingKey]: z.output<(typeof SYSTEM_SETTING_FIELDS)[K]> };

export function isSystemSettingKey(key: string): key is SystemSettingKey {
  return Object.hasOwn(SYSTEM_SETTING_FIELDS, key);
}

/**
 * Write-only settings: never answered in clear, only whether one is stored (`has_<key>`). On save
 * an empty value keeps the stored one and `null` removes it.
 */
export const SECRET_SETTING_KEYS = [
  'identity_provider_web_api_key',
  'identity_provider_private_key_id',
  'identity_provider_private_key',
  's3_secret_access_key',
] as const satisfies readonly SystemSettingKey[];
export type SecretSettingKey = (typeof SECRET_SETTING_KEYS)[number];

export function isSecretSettingKey(key: string): key is SecretSettingKey {
  return (SECRET_SETTING_KEYS as readonly string[]).includes(key);
}

/** Only the admin role sees and changes the code injected into storefront pages (DECISIONS 24). */
export const ADMIN_ONLY_SETTING_KEYS = ['custom_code'] as const satisfies readonly SystemSettingKey[];

/** The identity provider's credentials: kept by Reset, which restores behaviour, not accounts. */
export const IDENTITY_PROVIDER_CREDENTIAL_KEYS = [
  'identity_provider_project_id',
  'identity_provider_web_api_key',
  'identity_provider_private_key_id',
  'identity_provider_private_key',
  'identity_provider_client_email',
  'identity_provider_client_id',
  'identity_provider_auth_uri',
  'identity_provider_token_uri',
] as const satisfies readonly SystemSettingKey[];

/**
 * The S3 connection: kept by Reset like the identity provider's credentials (Reset puts the driver
 * back to local; files already in the bucket stay readable, docs/decisions/0072).
 */
export const FILE_STORAGE_CONNECTION_KEYS = [
  's3_endpoint',
  's3_bucket',
  's3_region',
  's3_access_key_id',
  's3_secret_access_key',
  's3_force_path_style',
] as const satisfies readonly SystemSettingKey[];

export type SecretFlags = { [K in SecretSettingKey as `has_${K}`]: boolean };

/** The settings as answered: secrets replaced by flags; custom_code only for the admin role. */
export type SystemSettingsView = Omit<SystemSettings, SecretSettingKey | 'custom_code'> &
  SecretFlags & { custom_code?: string };

export type SystemSettingsReply = {
  success: true;
  settings: SystemSettingsView;
  server_limits: ServerLimits;
  can_edit_custom_code: boolean;
};
export type SystemSettingsSavedReply = SystemSettingsReply & { message: string };

/** What a save stores: secrets sent empty are left out, secrets sent `null` become empty. */
export type SystemSettingsChange = Partial<SystemSettings>;

/**
 * PUT /api/system-settings (spec 2 §7) `{settings: {...}}`: some or all settings. Unknown names
 * and bad values are reported under the setting's own name, so the screen shows each on its field.
 */
export const systemSettingsUpdateBody = z
  .object({ settings: z.record(z.string(), z.unknown(), { error: M.noSettings }) })
  .transform((body, ctx): SystemSettingsChange => {
    const entries = Object.entries(body.settings);
    if (entries.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['settings'], message: M.noSettings });
      return z.NEVER;
    }
    const values: Record<string, unknown> = {};
    for (const [key, value] of entries) {
      if (!isSystemSettingKey(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: M.unknownSetting });
        continue;
      }
      if (isSecretSettingKey(key)) {
        if (value === null) {
          values[key] = '';
          continue;
        }
        if (value === '') continue;
      }
      const result = SYSTEM_SETTING_FIELDS[key].safeParse(value);
      if (result.success) values[key] = result.data;
      else
        for (const issue of result.error.issues)
          ctx.addIssue({ code: 'custom', path: [key], message: issue.message });
    }
    return values as SystemSettingsChange;
  });

export const DATE_FORMAT_EXAMPLES: Record<DateFormat, string> = {
  'DD/MM/YYYY': '31/12/2026',
  'MM/DD/YYYY': '12/31/2026',
  'YYYY-MM-DD': '2026-12-31',
  'DD-MM-YYYY': '31-12-2026',
};
