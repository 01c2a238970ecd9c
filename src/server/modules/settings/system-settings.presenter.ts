import {
  SECRET_SETTING_KEYS,
  SERVER_LIMITS,
  type SecretFlags,
  type SystemSettings,
  type SystemSettingsReply,
  type SystemSettingsView,
} from '../../../contracts/system-settings';

/**
 * The system settings as answered (docs/decisions/0021): each secret becomes `has_<key>` and
 * never leaves in clear; the custom code only goes to the admin role.
 */
export function presentSystemSettings(
  settings: SystemSettings,
  canEditCustomCode: boolean,
): SystemSettingsReply {
  const view: Record<string, unknown> = { ...settings };
  const flags: Record<string, boolean> = {};
  for (const key of SECRET_SETTING_KEYS) {
    flags[`has_${key}`] = settings[key] !== '';
    delete view[key];
  }
  if (!canEditCustomCode) delete view.custom_code;
  return {
    success: true,
    settings: { ...view, ...(flags as SecretFlags) } as SystemSettingsView,
    server_limits: SERVER_LIMITS,
    can_edit_custom_code: canEditCustomCode,
  };
}
