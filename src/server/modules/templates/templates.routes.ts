import { z } from 'zod';
import { idParam } from '../../../contracts/common';
import {
  type SendTestTemplateReply,
  sendTestTemplateBody,
  THEME_NAMES,
} from '../../../contracts/email-templates';
import { RENTAL_TEMPLATE_MESSAGES, type RentalTemplateSavedReply } from '../../../contracts/rental-templates';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { duplicateRentalTemplate } from './duplicate-rental-template';
import { sendTestEmailTemplate } from './send-test-email-template';
import { emailTemplateKind, rentalTemplateKind } from './template-kinds';
import { templatesAuth as auth, templateRoutes } from './template-routes';
import { presentRentalTemplate } from './templates.presenter';
import { themeVarsCss } from './theme-vars';

/** spec 2 §7 "E-mail, rental templates": what every kind has, then what only one kind does. */
export const templatesRoutes = [
  ...templateRoutes(emailTemplateKind),

  defineRoute({
    method: 'POST',
    url: `${emailTemplateKind.base}/:id/send-test`,
    auth,
    params: idParam,
    body: sendTestTemplateBody,
    handler: async ({ ctx, params, body }): Promise<SendTestTemplateReply> =>
      sendTestEmailTemplate(ctx, params.id, body.recipient_email),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/email-management/theme-vars',
    auth,
    handler: async ({ reply }) =>
      reply
        .type('text/css; charset=utf-8')
        .header('Cache-Control', 'private, no-cache')
        .send(themeVarsCss('default')),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/email-management/theme-vars/:name',
    auth,
    params: z.object({ name: z.enum(THEME_NAMES) }),
    handler: async ({ reply, params }) =>
      reply
        .type('text/css; charset=utf-8')
        .header('Cache-Control', 'private, no-cache')
        .send(themeVarsCss(params.name)),
  }),

  ...templateRoutes(rentalTemplateKind),

  defineRoute({
    method: 'POST',
    url: `${rentalTemplateKind.base}/:id/duplicate`,
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<RentalTemplateSavedReply> => {
      const copy = await duplicateRentalTemplate(ctx, actorOf(session, req), params.id);
      return {
        success: true,
        message: RENTAL_TEMPLATE_MESSAGES.duplicated,
        data: presentRentalTemplate(copy),
      };
    },
  }),
];
