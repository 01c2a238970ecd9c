import {
  FILE_STORAGE_MESSAGES as F,
  FILE_STORAGE_SECRET_BINDINGS,
  S3_SETTING_LABELS,
} from '../../../contracts/file-storage';
import {
  SYSTEM_SETTINGS_MESSAGES as M,
  SYSTEM_SETTING_KEYS,
  type SystemSettingKey,
  type SystemSettings,
  type SystemSettingsChange,
} from '../../../contracts/system-settings';
import { AppError, validationError } from '../../../domain/errors';
import { missingS3Settings } from '../../../domain/files/file-storage';
import { clearMovedSecrets } from '../../../domain/settings/bound-secrets';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { getSettings, setSettings } from '../../platform/settings/settings-store';
import { auditSettingChanges } from './audit-setting-changes';

/** Every system setting, stored or default (spec 2 §3, §9). */
export async function readSystemSettings(db: Executor): Promise<SystemSettings> {
  return (await getSettings(db, SYSTEM_SETTING_KEYS)) as SystemSettings;
}

/**
 * PUT /api/system-settings (spec 2 §7): stores the checked values and audits each real change, in
 * one transaction. Only the admin role may change the custom code (DECISIONS 24).
 */
export async function updateSystemSettings(
  ctx: AppContext,
  actor: Actor & { canEditCustomCode: boolean },
  change: SystemSettingsChange,
): Promise<SystemSettings> {
  if ('custom_code' in change && !actor.canEditCustomCode) {
    throw new AppError('forbidden', M.customCodeAdminOnly);
  }
  return ctx.db.transaction(async (tx) => {
    const stored = await readSystemSettings(tx);
    // A new endpoint or access key clears the stored secret key unless this save brings one (0036).
    const save = clearMovedSecrets(stored, change, FILE_STORAGE_SECRET_BINDINGS);
    refuseIncompleteS3(
      { ...stored, ...save },
      !('s3_secret_access_key' in change) && 's3_secret_access_key' in save,
    );
    const before = await getSettings(tx, Object.keys(save) as SystemSettingKey[]);
    await setSettings(tx, save);
    await auditSettingChanges(tx, actor, before, save);
    return readSystemSettings(tx);
  });
}

/**
 * The S3 driver cannot be chosen, or kept, with an S3 setting left empty (docs/decisions/0072):
 * each empty one is reported under its own name.
 */
function refuseIncompleteS3(after: SystemSettings, secretCleared: boolean): void {
  if (after.file_storage_driver !== 's3') return;
  const missing = missingS3Settings(after);
  if (missing.length === 0) return;
  const errors = Object.fromEntries(
    missing.map((key) => [
      key,
      [
        key === 's3_secret_access_key' && secretCleared
          ? F.secretForNewPlace
          : F.required(S3_SETTING_LABELS[key]),
      ],
    ]),
  );
  throw validationError(errors);
}
