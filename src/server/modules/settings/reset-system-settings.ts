import {
  FILE_STORAGE_CONNECTION_KEYS,
  IDENTITY_PROVIDER_CREDENTIAL_KEYS,
  SYSTEM_SETTING_KEYS,
  type SystemSettingKey,
  type SystemSettings,
} from '../../../contracts/system-settings';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { getSettings, removeSettings } from '../../platform/settings/settings-store';
import { auditSettingChanges } from './audit-setting-changes';
import { readSystemSettings } from './update-system-settings';

/**
 * What Reset puts back: everything but the identity provider's credentials and the S3 connection,
 * and the custom code only for the admin role.
 */
export function keysToReset(canEditCustomCode: boolean): SystemSettingKey[] {
  const kept: readonly string[] = [...IDENTITY_PROVIDER_CREDENTIAL_KEYS, ...FILE_STORAGE_CONNECTION_KEYS];
  return SYSTEM_SETTING_KEYS.filter(
    (key) => !kept.includes(key) && (canEditCustomCode || key !== 'custom_code'),
  );
}

/**
 * POST /api/system-settings/reset (spec 2 §7): forgets the stored values, so the spec's defaults
 * answer again (docs/decisions/0021), and audits each setting that changed by it.
 */
export async function resetSystemSettings(
  ctx: AppContext,
  actor: Actor & { canEditCustomCode: boolean },
): Promise<SystemSettings> {
  const keys = keysToReset(actor.canEditCustomCode);
  return ctx.db.transaction(async (tx) => {
    const before = await getSettings(tx, keys);
    await removeSettings(tx, keys);
    const after = await getSettings(tx, keys);
    await auditSettingChanges(tx, actor, before, after, { reset: true });
    return readSystemSettings(tx);
  });
}
