import type { Settings } from '../../../contracts/settings';
import { STOCK_SETTING_KEYS, type StockSettingKey } from '../../../contracts/stock';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { getSettings, setSettings } from '../../platform/settings/settings-store';

export type StockSettings = Pick<Settings, StockSettingKey>;

export async function readStockSettings(db: Executor): Promise<StockSettings> {
  return getSettings(db, STOCK_SETTING_KEYS);
}

/** Forms send booleans as "1"/"0", "true"/"false", "on"; the store keeps real booleans. */
function fromForm(value: unknown): unknown {
  if (value === 'true' || value === '1' || value === 'on') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}

/** POST /api/stock-settings, /update and /bulk-update (spec 2 §3, §7): validated by the settings store. */
export async function saveStockSettings(
  ctx: AppContext,
  actor: Actor,
  values: Partial<Record<StockSettingKey, unknown>>,
): Promise<StockSettings> {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  const parsed = Object.fromEntries(entries.map(([k, v]) => [k, fromForm(v)])) as Partial<Settings>;
  await ctx.db.transaction(async (tx) => {
    await setSettings(tx, parsed);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'stock_settings.updated',
      subjectType: 'settings',
      data: parsed,
      ip: actor.ip,
    });
  });
  return readStockSettings(ctx.db);
}
