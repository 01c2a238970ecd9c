import { FILE_STORAGE_SECRET_BINDINGS } from '../../../contracts/file-storage';
import {
  SECRET_SETTING_KEYS,
  type SecretSettingKey,
  type SystemSettingsView,
} from '../../../contracts/system-settings';
import type { DateFormat } from '../../../domain/dates/date-format';
import type { FileStorageDriver } from '../../../domain/files/file-storage';
import { destinationMoved } from '../../../domain/settings/bound-secrets';
import { changedValues } from './settings-form-values';

/**
 * The system settings form. A secret's field holds a new value to store: '' keeps what is
 * stored, null removes it (docs/decisions/0021).
 */
export type SystemSettingsFormValues = {
  file_upload_max_size: number | string;
  file_upload_allowed_types: string[];
  maintenance_mode: boolean;
  online_shop_enabled: boolean;
  FORCE_HTTPS: boolean;
  app_timezone: string;
  app_date_format: DateFormat;
  default_per_page: number;
  pdf_show_variants: boolean;
  custom_code: string;
  identity_provider_project_id: string;
  identity_provider_web_api_key: string | null;
  identity_provider_private_key_id: string | null;
  identity_provider_private_key: string | null;
  identity_provider_client_email: string;
  identity_provider_client_id: string;
  identity_provider_auth_uri: string;
  identity_provider_token_uri: string;
  identity_provider_default_role: SystemSettingsView['identity_provider_default_role'];
  identity_provider_auto_create_users: boolean;
  identity_provider_email_template_source: SystemSettingsView['identity_provider_email_template_source'];
  file_storage_driver: FileStorageDriver;
  s3_endpoint: string;
  s3_bucket: string;
  s3_region: string;
  s3_access_key_id: string;
  s3_secret_access_key: string | null;
  s3_force_path_style: boolean;
};

/** The form's values for settings the server answered with. */
export function valuesOf(settings: SystemSettingsView): SystemSettingsFormValues {
  const { custom_code, file_upload_allowed_types, ...rest } = settings;
  const values: Record<string, unknown> = {
    ...rest,
    file_upload_allowed_types: file_upload_allowed_types.split(',').filter(Boolean),
    custom_code: custom_code ?? '',
  };
  for (const key of SECRET_SETTING_KEYS) {
    delete values[`has_${key}`];
    values[key] = '';
  }
  return values as SystemSettingsFormValues;
}

/** The PUT body: only what changed, the allowed types as the comma list the spec names. */
export function bodyOf(
  saved: SystemSettingsFormValues,
  values: SystemSettingsFormValues,
): Record<string, unknown> {
  const changed: Record<string, unknown> = changedValues(saved, values);
  if (Array.isArray(changed.file_upload_allowed_types))
    changed.file_upload_allowed_types = changed.file_upload_allowed_types.join(',');
  return changed;
}

export function isSecretRemoved(values: SystemSettingsFormValues, key: SecretSettingKey): boolean {
  return values[key] === null;
}

/** Whether saving would clear the stored S3 secret key: a new endpoint or access key (docs/decisions/0036). */
export function s3SecretWillClear(
  saved: SystemSettingsFormValues,
  values: SystemSettingsFormValues,
): boolean {
  if (values.s3_secret_access_key) return false;
  return destinationMoved(saved, values, FILE_STORAGE_SECRET_BINDINGS[0]!);
}

/** The connection test's body: the S3 settings on the screen; an empty secret key means the stored one. */
export function storageTestBodyOf(values: SystemSettingsFormValues): Record<string, unknown> {
  return {
    s3_endpoint: values.s3_endpoint,
    s3_bucket: values.s3_bucket,
    s3_region: values.s3_region,
    s3_access_key_id: values.s3_access_key_id,
    s3_secret_access_key: values.s3_secret_access_key ?? '',
    s3_force_path_style: values.s3_force_path_style,
  };
}
