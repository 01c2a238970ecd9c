import { idParam } from '../../../contracts/common';
import type { TemplatePreviewReply, TemplateTypesReply } from '../../../contracts/email-templates';
import {
  RENTAL_TEMPLATE_MESSAGES as M,
  type RentalTemplateDetailReply,
  type RentalTemplateSavedReply,
  rentalTemplateBody,
  rentalTemplatesListQuery,
} from '../../../contracts/rental-templates';
import { RENTAL_TEMPLATE_TYPES } from '../../../domain/templates/template-types';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { deleteRentalTemplate } from './delete-rental-template';
import { duplicateRentalTemplate } from './duplicate-rental-template';
import { renderRentalTemplateSample } from './render-rental-template';
import { presentRentalTemplate } from './rental-templates.presenter';
import { findRentalTemplate, listRentalTemplates } from './rental-templates.queries';
import { saveRentalTemplate } from './save-rental-template';

/** Document templates are settings: admin only by default (DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;

const BASE = '/api/rental-templates';

/** spec 2 §7 "E-mail, rental templates": the same list parameters as the e-mail templates. */
export const rentalTemplateRoutes = [
  defineRoute({
    method: 'GET',
    url: `${BASE}/types`,
    auth,
    handler: async (): Promise<TemplateTypesReply> => ({
      success: true,
      types: RENTAL_TEMPLATE_TYPES.map((type) => ({ ...type, variables: [...type.variables] })),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: BASE,
    auth,
    query: rentalTemplatesListQuery,
    handler: async ({ ctx, query }) => {
      const page = await listRentalTemplates(ctx.db, query);
      return { ...page, data: page.data.map(presentRentalTemplate) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: BASE,
    auth,
    body: rentalTemplateBody,
    handler: async ({ ctx, req, session, body }): Promise<RentalTemplateSavedReply> => {
      const saved = await saveRentalTemplate(ctx, actorOf(session, req), null, body);
      return { success: true, message: M.created, data: presentRentalTemplate(saved) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: `${BASE}/:id`,
    auth,
    params: idParam,
    handler: async ({ ctx, params }): Promise<RentalTemplateDetailReply> => {
      const template = await findRentalTemplate(ctx.db, params.id);
      if (!template) throw notFound(M.notFound);
      return { success: true, data: presentRentalTemplate(template) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: `${BASE}/:id`,
    auth,
    params: idParam,
    body: rentalTemplateBody,
    handler: async ({ ctx, req, session, params, body }): Promise<RentalTemplateSavedReply> => {
      const saved = await saveRentalTemplate(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: M.updated, data: presentRentalTemplate(saved) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: `${BASE}/:id`,
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      await deleteRentalTemplate(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.deleted };
    },
  }),

  defineRoute({
    method: 'GET',
    url: `${BASE}/:id/preview`,
    auth,
    params: idParam,
    handler: async ({ ctx, params }): Promise<TemplatePreviewReply> => {
      const template = await findRentalTemplate(ctx.db, params.id);
      if (!template) throw notFound(M.notFound);
      return { success: true, data: renderRentalTemplateSample(template) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/:id/duplicate`,
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<RentalTemplateSavedReply> => {
      const copy = await duplicateRentalTemplate(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.duplicated, data: presentRentalTemplate(copy) };
    },
  }),
];
