import type { MessagingAccount, MessagingTemplate } from '../../../contracts/messaging';
import { ProviderError, providerJson, providerUrl } from './provider-url';

export type MessagingProviderConfig = { baseUrl: string; token: string; timeoutMs?: number };

/**
 * The messaging-provider client of the test tool (spec 3 §2, docs/decisions/0029): a Cloud-API
 * style HTTP API under the configured base URL, with `Authorization: Bearer {token}`:
 * - `GET {base}/me` (connection), `GET {base}/me/phone_numbers` (accounts)
 * - `GET {base}/{phone_number_id}/message_templates`
 * - `POST {base}/{phone_number_id}/messages` (text or template)
 */
export function messagingProvider(config: MessagingProviderConfig) {
  const headers = { authorization: `Bearer ${config.token}` };
  const t = config.timeoutMs ? { timeoutMs: config.timeoutMs } : {};
  const url = (path: string) => providerUrl(config.baseUrl, path);
  const id = (accountId: string) => encodeURIComponent(accountId);

  return {
    async connection(): Promise<{ name: string }> {
      const json = asObject(await providerJson(url('me'), { method: 'GET', headers, ...t }));
      return { name: typeof json.name === 'string' ? json.name : String(json.id ?? '') };
    },

    async accounts(): Promise<MessagingAccount[]> {
      const json = asObject(await providerJson(url('me/phone_numbers'), { method: 'GET', headers, ...t }));
      return list(json.data).map((a) => ({
        phone_number_id: String(a.id ?? ''),
        display_phone_number: String(a.display_phone_number ?? ''),
        verified_name: String(a.verified_name ?? ''),
      }));
    },

    async templates(accountId: string): Promise<{ templates: MessagingTemplate[]; path: string }> {
      const target = url(`${id(accountId)}/message_templates`);
      const json = asObject(await providerJson(target, { method: 'GET', headers, ...t }));
      const templates = list(json.data).map((tpl) => {
        const body = list(tpl.components).find((c) => String(c.type).toUpperCase() === 'BODY');
        const text = typeof body?.text === 'string' ? body.text : '';
        return {
          template_name: String(tpl.name ?? ''),
          language: String(tpl.language ?? 'en_US'),
          status: String(tpl.status ?? ''),
          variable_count: new Set(text.match(/\{\{\d+\}\}/g) ?? []).size,
        };
      });
      return { templates, path: target.pathname };
    },

    async sendText(accountId: string, to: string, message: string): Promise<string> {
      return messageId(
        await providerJson(url(`${id(accountId)}/messages`), {
          method: 'POST',
          headers,
          body: { messaging_product: 'whatsapp', to, type: 'text', text: { body: message } },
          ...t,
        }),
      );
    },

    async sendTemplate(
      accountId: string,
      to: string,
      template: { name: string; language: string; variables: string[] },
    ): Promise<string> {
      const components =
        template.variables.length === 0
          ? []
          : [{ type: 'body', parameters: template.variables.map((text) => ({ type: 'text', text })) }];
      return messageId(
        await providerJson(url(`${id(accountId)}/messages`), {
          method: 'POST',
          headers,
          body: {
            messaging_product: 'whatsapp',
            to,
            type: 'template',
            template: { name: template.name, language: { code: template.language }, components },
          },
          ...t,
        }),
      );
    },
  };
}

function asObject(json: unknown): Record<string, unknown> {
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new ProviderError('the provider answered an unexpected shape');
  return json as Record<string, unknown>;
}

function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object')
    : [];
}

function messageId(json: unknown): string {
  const first = list(asObject(json).messages)[0];
  if (!first?.id) throw new ProviderError('the provider answered without a message id');
  return String(first.id);
}
