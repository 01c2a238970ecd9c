import { isDeepStrictEqual } from 'node:util';
import { EMAIL_SECRET_KEYS } from '../../../contracts/email-settings';
import { SMS_SECRET_KEYS } from '../../../contracts/messaging';
import { isSecretSettingKey } from '../../../contracts/system-settings';
import { type Actor, audit } from '../../platform/audit/audit';
import type { Executor } from '../../platform/db/database';

/** Write-only secrets of other settings screens (SMS gateway key, messaging-provider token). */
const SECRET_KEYS = [...SMS_SECRET_KEYS, 'messaging_api_token'] as const;

/**
 * One `setting.updated` audit row per setting whose value really changed (docs/decisions/0020,
 * 0021). A secret's value never reaches the audit trail: only whether one is stored afterwards.
 */
export async function auditSettingChanges(
  tx: Executor,
  actor: Actor,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  for (const key of Object.keys(after)) {
    if (isDeepStrictEqual(before[key], after[key])) continue;
    const secret =
      isSecretSettingKey(key) ||
      (EMAIL_SECRET_KEYS as readonly string[]).includes(key) ||
      (SECRET_KEYS as readonly string[]).includes(key);
    const data = secret ? { secret: true, stored: after[key] !== '' } : { from: before[key], to: after[key] };
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'setting.updated',
      subjectType: 'setting',
      subjectId: key,
      data: { ...data, ...extra },
      ip: actor.ip,
    });
  }
}
