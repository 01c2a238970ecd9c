import {
  CHAT_POPUP_KEYS,
  type ChatPopupSettings,
  type ChatPopupSettingsBody,
  CHAT_POPUP_MESSAGES as M,
} from '../../../contracts/chat-popup';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { getSettings, setSettings } from '../../platform/settings/settings-store';
import { auditSettingChanges } from './audit-setting-changes';

/** Every chat popup setting, stored or default. */
export function readChatPopupSettings(db: Executor): Promise<ChatPopupSettings> {
  return getSettings(db, CHAT_POPUP_KEYS);
}

/**
 * POST /api/whatsapp-configuration/settings (spec 2 §7): stores the checked values, one audit row
 * per real change, in one transaction. A popup switched on needs a phone number, whether the number
 * is sent now or was stored before.
 */
export async function updateChatPopupSettings(
  ctx: AppContext,
  actor: Actor,
  values: ChatPopupSettingsBody,
): Promise<ChatPopupSettings> {
  return ctx.db.transaction(async (tx) => {
    const before = await readChatPopupSettings(tx);
    const after = { ...before, ...values };
    if (after.whatsapp_popup_enabled && after.whatsapp_phone_number === '')
      throw fieldError('whatsapp_phone_number', M.phoneRequired);
    await setSettings(tx, values);
    await auditSettingChanges(tx, actor, before, values);
    return readChatPopupSettings(tx);
  });
}
