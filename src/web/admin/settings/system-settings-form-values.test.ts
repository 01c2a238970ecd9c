import { describe, expect, it } from 'vitest';
import type { SystemSettingsView } from '../../../contracts/system-settings';
import { bodyOf, valuesOf } from './system-settings-form-values';

const answered: SystemSettingsView = {
  file_upload_max_size: 5,
  file_upload_allowed_types: 'jpg,png,pdf',
  maintenance_mode: false,
  online_shop_enabled: true,
  FORCE_HTTPS: false,
  app_timezone: 'Indian/Mauritius',
  app_date_format: 'DD/MM/YYYY',
  default_per_page: 10,
  pdf_show_variants: true,
  custom_code: '',
  identity_provider_project_id: '',
  identity_provider_client_email: '',
  identity_provider_client_id: '',
  identity_provider_auth_uri: '',
  identity_provider_token_uri: '',
  identity_provider_default_role: 'customer',
  identity_provider_auto_create_users: true,
  identity_provider_email_template_source: 'shop',
  has_identity_provider_web_api_key: true,
  has_identity_provider_private_key_id: false,
  has_identity_provider_private_key: true,
  file_storage_driver: 'local',
  s3_endpoint: '',
  s3_bucket: '',
  s3_region: 'us-east-1',
  s3_access_key_id: '',
  s3_force_path_style: true,
  has_s3_secret_access_key: false,
};

describe('system settings form values', () => {
  it('starts secrets empty (kept) and lists the allowed types', () => {
    const values = valuesOf(answered);
    expect(values.file_upload_allowed_types).toEqual(['jpg', 'png', 'pdf']);
    expect(values.identity_provider_private_key).toBe('');
    expect(values).not.toHaveProperty('has_identity_provider_private_key');
  });

  it('treats a missing custom code (not admin) as empty', () => {
    const { custom_code: _, ...withoutCode } = answered;
    expect(valuesOf(withoutCode).custom_code).toBe('');
  });

  it('sends only the changes, the types as a comma list, a removed secret as null', () => {
    const saved = valuesOf(answered);
    const body = bodyOf(saved, {
      ...saved,
      app_date_format: 'YYYY-MM-DD',
      file_upload_allowed_types: ['png', 'pdf'],
      identity_provider_private_key: null,
    });
    expect(body).toEqual({
      app_date_format: 'YYYY-MM-DD',
      file_upload_allowed_types: 'png,pdf',
      identity_provider_private_key: null,
    });
    expect(bodyOf(saved, saved)).toEqual({});
  });
});
