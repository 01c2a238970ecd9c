import { EMAIL_SECRET_BINDINGS, type EmailSettingKey } from '../../../contracts/email-settings';
import { clearMovedSecrets } from '../../../domain/settings/bound-secrets';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { getSettings, setSettings } from '../../platform/settings/settings-store';
import { auditSettingChanges } from './audit-setting-changes';

/**
 * POST /api/email-management/settings (spec 2 §7): one setting per call, audited. The SMTP
 * password is write-only: an empty value keeps the stored one (the screen never has it to send
 * back), and its audit row says only that one is stored. A new host, port or user clears the stored
 * password (docs/decisions/0036): the screen sends the password last, so one entered in the same
 * save is stored after the change that cleared the old one.
 */
export async function updateEmailSetting(
  ctx: AppContext,
  actor: Actor,
  key: EmailSettingKey,
  value: string | number,
): Promise<void> {
  if (key === 'smtp_password' && value === '') return;
  await ctx.db.transaction(async (tx) => {
    const before = await getSettings(tx, [key, 'smtp_password']);
    const changes = clearMovedSecrets(before, { [key]: value }, EMAIL_SECRET_BINDINGS);
    await setSettings(tx, changes);
    await auditSettingChanges(tx, actor, before, changes);
  });
}
