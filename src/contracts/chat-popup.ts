import { z } from 'zod';
import {
  isChatPhoneNumber,
  POPUP_PAGES,
  POPUP_POSITIONS,
  POPUP_SIZES,
  POPUP_THEMES,
} from '../domain/chat-popup/chat-popup';
import { parseNumberText } from './common';

/** Words of the chat popup settings (spec 2 §8 "Network error"; the rest are the shop's). */
export const CHAT_POPUP_MESSAGES = {
  networkLoad: 'Network error while loading the chat popup settings',
  networkSave: 'Network error while saving the chat popup settings',
  saved: 'Chat popup settings saved successfully',
  phone: 'Enter a phone number with its country code, e.g. +230 5250 0001.',
  phoneRequired: 'Enter the phone number the popup opens a chat with.',
  delay: 'The delay is a whole number of seconds from 0 to 300.',
  choose: (what: string, values: readonly string[]) => `Choose the ${what}: ${values.join(', ')}.`,
  tooLong: (label: string, max: number) => `${label} may not be longer than ${max} characters.`,
  testMessage: 'Enter a test message.',
  testReady: 'Open the link to send the test message.',
} as const;
const M = CHAT_POPUP_MESSAGES;

const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || isChatPhoneNumber(v), M.phone);

/** The chat popup settings (spec 3 §3 Chat popup settings names, spec 2 §4 values, spec 3 §9 defaults). */
export const CHAT_POPUP_FIELDS = {
  whatsapp_popup_enabled: z.boolean({ error: 'Must be on or off.' }),
  whatsapp_phone_number: phone,
  whatsapp_popup_text: z.string().trim().max(120, M.tooLong('The popup text', 120)),
  whatsapp_message_template: z.string().trim().max(1000, M.tooLong('The message template', 1000)),
  whatsapp_popup_position: z.enum(POPUP_POSITIONS, { error: M.choose('position', POPUP_POSITIONS) }),
  whatsapp_popup_show_on_pages: z.enum(POPUP_PAGES, { error: M.choose('pages', POPUP_PAGES) }),
  whatsapp_popup_delay_seconds: z.preprocess(
    parseNumberText,
    z.number({ error: M.delay }).int(M.delay).min(0, M.delay).max(300, M.delay),
  ),
  whatsapp_popup_theme: z.enum(POPUP_THEMES, { error: M.choose('theme', POPUP_THEMES) }),
  whatsapp_popup_size: z.enum(POPUP_SIZES, { error: M.choose('size', POPUP_SIZES) }),
};
export const CHAT_POPUP_KEYS = Object.keys(CHAT_POPUP_FIELDS) as (keyof typeof CHAT_POPUP_FIELDS)[];
export type ChatPopupKey = keyof typeof CHAT_POPUP_FIELDS;

/** POST /api/whatsapp-configuration/settings: any of the settings; switched on needs a phone number. */
export const chatPopupSettingsBody = z
  .object(CHAT_POPUP_FIELDS)
  .partial()
  .strict()
  .superRefine((value, check) => {
    if (value.whatsapp_popup_enabled && value.whatsapp_phone_number === '') {
      check.addIssue({ code: 'custom', path: ['whatsapp_phone_number'], message: M.phoneRequired });
    }
  });
export type ChatPopupSettingsBody = z.output<typeof chatPopupSettingsBody>;
export type ChatPopupSettings = { [K in ChatPopupKey]: z.output<(typeof CHAT_POPUP_FIELDS)[K]> };

/** POST /api/whatsapp-configuration/test-whatsapp (spec 2 §7). */
export const chatPopupTestBody = z.object({
  phone_number: z
    .string({ error: M.phoneRequired })
    .trim()
    .min(1, M.phoneRequired)
    .refine(isChatPhoneNumber, M.phone),
  test_message: z.string({ error: M.testMessage }).trim().min(1, M.testMessage).max(1000),
});

export type ChatPopupSettingsReply = { success: true; settings: ChatPopupSettings };
export type ChatPopupTestReply = { success: true; message: string; whatsapp_url: string };
