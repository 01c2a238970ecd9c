import { type SmsStatus, smsStatusFromGateway } from '../../../domain/messaging/sms';
import { ProviderError, providerJson, providerUrl } from './provider-url';

/** What the adapter needs to reach the gateway (spec 2 §3: app id, app key, campaign name). */
export type SmsGatewayConfig = {
  baseUrl: string;
  appId: string;
  appKey: string;
  campaignName: string;
  timeoutMs?: number;
};

export type SmsGatewayResult = { providerMessageId: string; status: SmsStatus };

/**
 * The SMS gateway adapter (docs/decisions/0029). The gateway's HTTP API:
 * - `POST {base}/messages` `{to, message, campaign}` → `{message_id, status}`
 * - `GET {base}/messages/{message_id}` → `{message_id, status}`
 * authenticated with `X-App-Id` and `Authorization: Bearer {app key}`.
 */
export function smsGateway(config: SmsGatewayConfig) {
  const headers = { 'x-app-id': config.appId, authorization: `Bearer ${config.appKey}` };
  const timeoutMs = config.timeoutMs;
  return {
    async send(to: string, message: string): Promise<SmsGatewayResult> {
      const json = await providerJson(providerUrl(config.baseUrl, 'messages'), {
        method: 'POST',
        headers,
        body: { to, message, campaign: config.campaignName },
        ...(timeoutMs ? { timeoutMs } : {}),
      });
      return result(json);
    },
    async status(providerMessageId: string): Promise<SmsGatewayResult> {
      const url = providerUrl(config.baseUrl, `messages/${encodeURIComponent(providerMessageId)}`);
      return result(await providerJson(url, { method: 'GET', headers, ...(timeoutMs ? { timeoutMs } : {}) }));
    },
  };
}

function result(json: unknown): SmsGatewayResult {
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const id = o.message_id ?? o.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '')
    throw new ProviderError('the gateway answered without a message id');
  return {
    providerMessageId: String(id),
    status: smsStatusFromGateway(typeof o.status === 'string' ? o.status : 'sent'),
  };
}
