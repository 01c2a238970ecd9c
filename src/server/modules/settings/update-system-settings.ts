import {
  SYSTEM_SETTINGS_MESSAGES as M,
  SYSTEM_SETTING_KEYS,
  type SystemSettingKey,
  type SystemSettings,
  type SystemSettingsChange,
} from '../../../contracts/system-settings';
import { AppError } from '../../../domain/errors';
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
  const keys = Object.keys(change) as SystemSettingKey[];
  return ctx.db.transaction(async (tx) => {
    const before = await getSettings(tx, keys);
    await setSettings(tx, change);
    await auditSettingChanges(tx, actor, before, change);
    return readSystemSettings(tx);
  });
}
