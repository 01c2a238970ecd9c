import { idParam } from '../../../contracts/common';
import {
  type ContactMessageReply,
  type ContactReply,
  contactBody,
  contactMessageReadBody,
  contactMessagesListQuery,
  CONTACT_MESSAGES as M,
} from '../../../contracts/contact';
import type { Paged } from '../../../domain/paging/paging';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { deleteContactMessage, markContactMessage } from './change-contact-message';
import { presentContactMessage } from './contact.presenter';
import { findContactMessage, listContactMessages } from './contact.queries';
import { sendContactMessage } from './send-contact-message';

/** Reading, marking and deleting visitors' messages (docs/decisions/0055). */
const auth = { permission: 'contact.manage' } as const;

/** The contact form (spec 3 §5, §7 "Contact and chat popup") and its admin list. */
export const contactRoutes = [
  // Public like the form; the CSRF token of the page's guest session is checked like any write.
  defineRoute({
    method: 'POST',
    url: '/contact',
    auth: 'public',
    body: contactBody,
    handler: async ({ ctx, req, body }): Promise<ContactReply> => {
      await sendContactMessage(ctx, req, body);
      return { success: true, message: M.sent, errors: {} };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/contact-messages',
    auth,
    query: contactMessagesListQuery,
    handler: async ({ ctx, query }): Promise<Paged<ContactMessageReply>> => {
      const page = await listContactMessages(ctx.db, query);
      return { ...page, data: page.data.map(presentContactMessage) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/contact-messages/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, params }): Promise<{ success: true; data: ContactMessageReply }> => {
      const row = await findContactMessage(ctx.db, params.id);
      if (!row) throw notFound(M.notFound);
      return { success: true, data: presentContactMessage(row) };
    },
  }),

  defineRoute({
    method: 'PATCH',
    url: '/api/contact-messages/:id',
    auth,
    params: idParam,
    body: contactMessageReadBody,
    handler: async ({ ctx, params, body }) => ({
      success: true as const,
      message: body.is_read ? M.markedRead : M.markedUnread,
      data: presentContactMessage(await markContactMessage(ctx, params.id, body.is_read)),
    }),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/contact-messages/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      await deleteContactMessage(ctx, actorOf(session, req), params.id);
      return { success: true as const, message: M.deleted };
    },
  }),
];
