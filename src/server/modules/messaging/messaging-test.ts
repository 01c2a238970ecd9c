import {
  MESSAGING_SECRET_BINDINGS,
  type MessagingConfigView,
  MESSAGING_TEST_MESSAGES as W,
} from '../../../contracts/messaging';
import { AppError } from '../../../domain/errors';
import { clearMovedSecrets } from '../../../domain/settings/bound-secrets';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { getSettings, setSettings } from '../../platform/settings/settings-store';
import { auditSettingChanges } from '../settings';
import { messagingProvider } from './messaging-provider';
import { ProviderError } from './provider-url';

export async function readMessagingConfig(db: Executor): Promise<MessagingConfigView> {
  const s = await getSettings(db, ['messaging_api_base_url', 'messaging_api_token']);
  return { base_url: s.messaging_api_base_url, has_api_token: s.messaging_api_token !== '' };
}

/**
 * POST …/config: the token is write-only (empty keeps the stored one); audited without its value. A
 * new base URL clears the stored token unless one is entered in the same save (docs/decisions/0036).
 */
export async function saveMessagingConfig(
  ctx: AppContext,
  actor: Actor,
  body: { api_token: string; base_url?: string | undefined },
): Promise<MessagingConfigView> {
  const sent: { messaging_api_token?: string; messaging_api_base_url?: string } = {};
  if (body.api_token !== '') sent.messaging_api_token = body.api_token;
  if (body.base_url !== undefined) sent.messaging_api_base_url = body.base_url;
  return ctx.db.transaction(async (tx) => {
    const before = await getSettings(tx, ['messaging_api_base_url', 'messaging_api_token']);
    const changes = clearMovedSecrets(before, sent, MESSAGING_SECRET_BINDINGS);
    await setSettings(tx, changes);
    await auditSettingChanges(tx, actor, before, changes);
    return readMessagingConfig(tx);
  });
}

/** The client for the stored configuration; 422 when no token is stored yet. */
export async function storedMessagingProvider(db: Executor) {
  const s = await getSettings(db, ['messaging_api_base_url', 'messaging_api_token']);
  if (s.messaging_api_token === '')
    throw new AppError('validation', W.tokenMissing, { api_token: [W.tokenMissing] });
  return messagingProvider({ baseUrl: s.messaging_api_base_url, token: s.messaging_api_token });
}

/** A provider failure as a 422 with the spec's words and the reason (spec 3 §8), never a 500. */
export async function providerCall<T>(failure: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError('validation', `${failure}: ${error.message}`);
    throw error;
  }
}
