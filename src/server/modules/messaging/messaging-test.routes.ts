import {
  messagingAccountBody,
  messagingConfigBody,
  messagingSendBody,
  messagingSendTemplateBody,
  MESSAGING_TEST_MESSAGES as W,
} from '../../../contracts/messaging';
import { normalizeSmsPhone } from '../../../domain/messaging/sms';
import { audit } from '../../platform/audit/audit';
import { defineRoute } from '../../platform/http/define-route';
import {
  providerCall,
  readMessagingConfig,
  saveMessagingConfig,
  storedMessagingProvider,
} from './messaging-test';

/** The messaging test tool is admin only (spec 3 §2; settings.manage, DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;
/** spec 3 §7 "Messaging-provider test": the path prefix names the provider. */
const prefix = '/api/whatsapp-test';

export const messagingTestRoutes = [
  defineRoute({
    method: 'GET',
    url: `${prefix}/config`,
    auth,
    handler: async ({ ctx }) => ({ success: true, data: await readMessagingConfig(ctx.db) }),
  }),

  defineRoute({
    method: 'POST',
    url: `${prefix}/config`,
    auth,
    body: messagingConfigBody,
    handler: async ({ ctx, body, session, req }) => ({
      success: true,
      message: W.saved,
      data: await saveMessagingConfig(ctx, { userId: session.user.id, ip: req.ip }, body),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: `${prefix}/connection`,
    auth,
    handler: async ({ ctx }) => {
      const provider = await storedMessagingProvider(ctx.db);
      const me = await providerCall(W.connectionFailed, () => provider.connection());
      return { success: true, message: me.name ? `${W.connected}: ${me.name}` : W.connected };
    },
  }),

  defineRoute({
    method: 'GET',
    url: `${prefix}/accounts`,
    auth,
    handler: async ({ ctx }) => {
      const provider = await storedMessagingProvider(ctx.db);
      return { success: true, data: await providerCall(W.accountsFailed, () => provider.accounts()) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${prefix}/templates`,
    auth,
    body: messagingAccountBody,
    handler: async ({ ctx, body }) => {
      const provider = await storedMessagingProvider(ctx.db);
      const found = await providerCall(W.templatesFailed, () => provider.templates(body.phone_number_id));
      return {
        success: true,
        data: found.templates,
        debug_info: {
          phone_number_id: body.phone_number_id,
          path: found.path,
          count: found.templates.length,
        },
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${prefix}/send`,
    auth,
    body: messagingSendBody,
    handler: async ({ ctx, body, session, req }) => {
      const provider = await storedMessagingProvider(ctx.db);
      const to = normalizeSmsPhone(body.phone_number);
      const id = await providerCall(W.sendFailed, () =>
        provider.sendText(body.phone_number_id, to, body.message),
      );
      await audit(ctx.db, {
        actorUserId: session.user.id,
        action: 'messaging.test_sent',
        subjectType: 'messaging_account',
        subjectId: body.phone_number_id,
        data: { to, provider_message_id: id },
        ip: req.ip,
      });
      return { success: true, message: W.sent, data: { message_id: id } };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${prefix}/send-template`,
    auth,
    body: messagingSendTemplateBody,
    handler: async ({ ctx, body, session, req }) => {
      const provider = await storedMessagingProvider(ctx.db);
      const to = normalizeSmsPhone(body.phone_number);
      const id = await providerCall(W.sendTemplateFailed, () =>
        provider.sendTemplate(body.phone_number_id, to, {
          name: body.template_name,
          language: body.template_language,
          variables: body.template_variables,
        }),
      );
      await audit(ctx.db, {
        actorUserId: session.user.id,
        action: 'messaging.template_sent',
        subjectType: 'messaging_account',
        subjectId: body.phone_number_id,
        data: { to, template_name: body.template_name, provider_message_id: id },
        ip: req.ip,
      });
      return { success: true, message: W.templateSent, data: { message_id: id } };
    },
  }),
];
