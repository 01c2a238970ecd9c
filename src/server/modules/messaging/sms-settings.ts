import {
  SMS_SECRET_BINDINGS,
  SMS_SETTING_KEYS,
  type SmsSettings,
  type SmsSettingsBody,
  type SmsSettingsView,
} from '../../../contracts/messaging';
import { clearMovedSecrets } from '../../../domain/settings/bound-secrets';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { getSettings, setSettings } from '../../platform/settings/settings-store';
import { auditSettingChanges } from '../settings';
import type { SmsGatewayConfig } from './sms-gateway';

export function readSmsSettings(db: Executor): Promise<SmsSettings> {
  return getSettings(db, SMS_SETTING_KEYS) as Promise<SmsSettings>;
}

/** Every SMS setting but the app key, which is only said to be stored or not. */
export async function readSmsSettingsView(db: Executor): Promise<SmsSettingsView> {
  const { sms_gateway_app_key, ...rest } = await readSmsSettings(db);
  return { ...rest, has_sms_gateway_app_key: sms_gateway_app_key !== '' };
}

/** The adapter's configuration from the stored settings. */
export function gatewayConfig(settings: SmsSettings): SmsGatewayConfig {
  return {
    baseUrl: settings.sms_gateway_base_url,
    appId: settings.sms_gateway_app_id,
    appKey: settings.sms_gateway_app_key,
    campaignName: settings.sms_gateway_campaign_name,
  };
}

/**
 * POST /api/sms-configuration/settings (spec 2 §7): the sent settings in one transaction, one audit
 * row per real change. The app key is write-only: an empty value keeps the stored one, and a new
 * base URL clears it unless a key is entered in the same save (docs/decisions/0036).
 */
export async function updateSmsSettings(
  ctx: AppContext,
  actor: Actor,
  values: SmsSettingsBody,
): Promise<SmsSettingsView> {
  const sent: Partial<SmsSettings> = { ...values };
  if (sent.sms_gateway_app_key === '') delete sent.sms_gateway_app_key;
  return ctx.db.transaction(async (tx) => {
    const before = await readSmsSettings(tx);
    const changes = clearMovedSecrets(before, sent, SMS_SECRET_BINDINGS);
    await setSettings(tx, changes);
    await auditSettingChanges(tx, actor, before, changes);
    return readSmsSettingsView(tx);
  });
}
