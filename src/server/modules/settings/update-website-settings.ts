import {
  WEBSITE_SETTING_KEYS,
  type WebsiteSettingKey,
  type WebsiteSettings,
} from '../../../contracts/website-settings';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { getSettings, setSettings } from '../../platform/settings/settings-store';
import { auditSettingChanges } from './audit-setting-changes';

/** Every website setting, stored or default (spec 2 §3). */
export function readWebsiteSettings(ctx: AppContext): Promise<WebsiteSettings> {
  return getSettings(ctx.db, WEBSITE_SETTING_KEYS);
}

/**
 * POST /api/website-settings/update and /batch-update (spec 2 §7): stores the checked values and
 * writes one audit row per setting whose value really changed, in one transaction.
 */
export async function updateWebsiteSettings(
  ctx: AppContext,
  actor: Actor,
  values: Partial<WebsiteSettings>,
): Promise<WebsiteSettings> {
  const keys = Object.keys(values) as WebsiteSettingKey[];
  return ctx.db.transaction(async (tx) => {
    const before = await getSettings(tx, keys);
    await setSettings(tx, values);
    await auditSettingChanges(tx, actor, before, values);
    return getSettings(tx, WEBSITE_SETTING_KEYS);
  });
}
