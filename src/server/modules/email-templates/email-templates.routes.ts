import { z } from 'zod';
import { idParam } from '../../../contracts/common';
import {
  type EmailTemplateDetailReply,
  type EmailTemplateSavedReply,
  emailTemplateBody,
  emailTemplatesListQuery,
  EMAIL_TEMPLATE_MESSAGES as M,
  type SendTestTemplateReply,
  sendTestTemplateBody,
  type TemplatePreviewReply,
  type TemplateTypesReply,
  THEME_NAMES,
} from '../../../contracts/email-templates';
import { EMAIL_TEMPLATE_TYPES } from '../../../domain/templates/template-types';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { deleteEmailTemplate } from './delete-email-template';
import { presentEmailTemplate } from './email-templates.presenter';
import { findEmailTemplate, listEmailTemplates } from './email-templates.queries';
import { renderEmailTemplateSample } from './render-email-template';
import { saveEmailTemplate } from './save-email-template';
import { sendTestEmailTemplate } from './send-test-email-template';
import { themeVarsCss } from './theme-vars';

/** E-mail templates are settings: admin only by default (DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;

const BASE = '/api/email-management/templates';

/** spec 2 §7 "E-mail, rental templates". */
export const emailTemplateRoutes = [
  defineRoute({
    method: 'GET',
    url: `${BASE}/types`,
    auth,
    handler: async (): Promise<TemplateTypesReply> => ({
      success: true,
      types: EMAIL_TEMPLATE_TYPES.map((type) => ({ ...type, variables: [...type.variables] })),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: BASE,
    auth,
    query: emailTemplatesListQuery,
    handler: async ({ ctx, query }) => {
      const page = await listEmailTemplates(ctx.db, query);
      return { ...page, data: page.data.map(presentEmailTemplate) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: BASE,
    auth,
    body: emailTemplateBody,
    handler: async ({ ctx, req, session, body }): Promise<EmailTemplateSavedReply> => {
      const saved = await saveEmailTemplate(ctx, actorOf(session, req), null, body);
      return { success: true, message: M.created, data: presentEmailTemplate(saved) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: `${BASE}/:id`,
    auth,
    params: idParam,
    handler: async ({ ctx, params }): Promise<EmailTemplateDetailReply> => {
      const template = await findEmailTemplate(ctx.db, params.id);
      if (!template) throw notFound(M.notFound);
      return { success: true, data: presentEmailTemplate(template) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: `${BASE}/:id`,
    auth,
    params: idParam,
    body: emailTemplateBody,
    handler: async ({ ctx, req, session, params, body }): Promise<EmailTemplateSavedReply> => {
      const saved = await saveEmailTemplate(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: M.updated, data: presentEmailTemplate(saved) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: `${BASE}/:id`,
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      await deleteEmailTemplate(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.deleted };
    },
  }),

  defineRoute({
    method: 'GET',
    url: `${BASE}/:id/preview`,
    auth,
    params: idParam,
    handler: async ({ ctx, params }): Promise<TemplatePreviewReply> => {
      const template = await findEmailTemplate(ctx.db, params.id);
      if (!template) throw notFound(M.notFound);
      return { success: true, data: renderEmailTemplateSample(template) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/:id/send-test`,
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
];
