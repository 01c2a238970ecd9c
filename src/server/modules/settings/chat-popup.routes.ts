import {
  type ChatPopupSettingsReply,
  type ChatPopupTestReply,
  chatPopupSettingsBody,
  chatPopupTestBody,
  CHAT_POPUP_MESSAGES as M,
} from '../../../contracts/chat-popup';
import { chatUrl } from '../../../domain/chat-popup/chat-popup';
import { defineRoute } from '../../platform/http/define-route';
import { readChatPopupSettings, updateChatPopupSettings } from './update-chat-popup-settings';

/** Changing the popup needs settings.manage (admin only, DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;

/** The chat popup (spec 2 §3, §7 "SMS and chat popup"; spec 3 §7 "Contact and chat popup"). */
export const chatPopupRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/whatsapp-configuration/settings',
    auth,
    handler: async ({ ctx }): Promise<ChatPopupSettingsReply> => ({
      success: true,
      settings: await readChatPopupSettings(ctx.db),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/whatsapp-configuration/settings',
    auth,
    body: chatPopupSettingsBody,
    handler: async ({ ctx, body, session, req }) => ({
      success: true,
      message: M.saved,
      settings: await updateChatPopupSettings(ctx, { userId: session.user.id, ip: req.ip }, body),
    }),
  }),

  // spec 2 §7: answers the link; the screen opens it in a new tab (the chat app sends, not us).
  defineRoute({
    method: 'POST',
    url: '/api/whatsapp-configuration/test-whatsapp',
    auth,
    body: chatPopupTestBody,
    handler: async ({ body }): Promise<ChatPopupTestReply> => ({
      success: true,
      message: M.testReady,
      whatsapp_url: chatUrl(body.phone_number, body.test_message, true),
    }),
  }),

  // Public: every storefront page reads it to decide whether to show the popup (spec 3 §7).
  defineRoute({
    method: 'GET',
    url: '/api/whatsapp-popup/settings',
    auth: 'public',
    handler: async ({ ctx }): Promise<ChatPopupSettingsReply> => ({
      success: true,
      settings: await readChatPopupSettings(ctx.db),
    }),
  }),
];
