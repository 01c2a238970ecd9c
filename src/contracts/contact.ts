import { z } from 'zod';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  isContactName,
  isContactPhone,
  textLength,
} from '../domain/contact/contact-rules';
import { emailSchema, listQuery } from './common';

/** The contact form's words: spec 3 §5 and §8 word for word; the rest are the shop's. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameLetters: 'Name should contain only letters and spaces',
  nameTooLong: `Name should not exceed ${CONTACT_NAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneFormat: 'Invalid phone number format',
  phoneTooLong: `Phone number should not exceed ${CONTACT_PHONE_MAX} characters`,
  messageRequired: 'Message is required',
  messageTooShort: `Message should be at least ${CONTACT_MESSAGE_MIN} characters long`,
  messageTooLong: `Message should not exceed ${CONTACT_MESSAGE_MAX} characters`,
  validationTitle: 'Validation Error',
  oopsTitle: 'Oops...',
  somethingWrong: 'Something went wrong. Please try again.',
  sentTitle: 'Message Sent!',
  sent: 'Thank you for your message. We will get back to you soon.',
  throttled: (seconds: number) =>
    `You have sent several messages in a short time. Please try again in ${seconds} seconds.`,
  // The admin list.
  notFound: 'This contact message no longer exists.',
  markedRead: 'Message marked as read.',
  markedUnread: 'Message marked as unread.',
  deleted: 'Message deleted.',
  loadFailed: 'Failed to load the contact messages.',
  changeFailed: 'The message could not be changed. Please try again.',
} as const;
const M = CONTACT_MESSAGES;

/**
 * Form values arrive as text; anything else (a number, a list) is refused as missing. An empty
 * field says only that it is required, not also that it is too short.
 */
const text = (required: string) => z.string({ error: required }).trim();

/**
 * POST /contact (spec 3 §7): name, email, phone (optional), message, with the spec's client rules —
 * the same schema validates the form in the browser and the body on the server.
 */
export const contactBody = z.object({
  name: text(M.nameRequired)
    .min(1, M.nameRequired)
    .max(CONTACT_NAME_MAX, M.nameTooLong)
    .refine((v) => v === '' || isContactName(v), M.nameLetters),
  email: z.preprocess((v) => (v === undefined || v === null ? '' : v), emailSchema),
  phone: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: M.phoneFormat })
      .trim()
      .max(CONTACT_PHONE_MAX, M.phoneTooLong)
      .refine((v) => v === '' || isContactPhone(v), M.phoneFormat)
      .transform((v) => (v === '' ? null : v)),
  ),
  message: text(M.messageRequired)
    .min(1, M.messageRequired)
    .refine((v) => v === '' || textLength(v) >= CONTACT_MESSAGE_MIN, M.messageTooShort)
    .refine((v) => textLength(v) <= CONTACT_MESSAGE_MAX, M.messageTooLong),
});
export type ContactBody = z.output<typeof contactBody>;
export type ContactValues = z.input<typeof contactBody>;

/** spec 3 §7: success, message, errors. */
export type ContactReply = { success: true; message: string; errors: Record<string, string[]> };

/** GET /api/contact-messages: newest first, searched in name, e-mail, phone and message, read or not. */
export const contactMessagesListQuery = listQuery({
  sorts: ['created_at', 'name', 'email'],
  defaultSort: 'created_at',
  defaultDirection: 'desc',
  defaultPerPage: 10,
}).extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['read', 'unread']).optional()),
});
export type ContactMessagesListQuery = z.output<typeof contactMessagesListQuery>;

export type ContactMessageReply = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  is_read: boolean;
  read_at: string | null;
  created_at: string;
};

/** PATCH /api/contact-messages/{id}: read or unread again. */
export const contactMessageReadBody = z.object({
  is_read: z.boolean({ error: 'Must be read (true) or unread (false).' }),
});
