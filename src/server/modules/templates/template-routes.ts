import type { z } from 'zod';
import { idParam } from '../../../contracts/common';
import type { TemplatePreviewReply, TemplateTypesReply } from '../../../contracts/email-templates';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { deleteTemplate } from './delete-template';
import type { TemplateKind } from './template-kinds';

/** Templates are settings: admin only by default (DECISIONS 1). */
export const templatesAuth = { permission: 'settings.manage' } as const;

/**
 * The routes every template kind has (spec 2 §7 "E-mail, rental templates"): types, list, create,
 * read, update, delete and preview, under the kind's base address.
 */
export function templateRoutes<
  Row extends { id: number; name: string; type: string },
  Body extends z.ZodType,
  Reply,
>(kind: TemplateKind<Row, Body, Reply>) {
  const auth = templatesAuth;
  const { base, messages: M } = kind;
  return [
    defineRoute({
      method: 'GET',
      url: `${base}/types`,
      auth,
      handler: async (): Promise<TemplateTypesReply> => ({
        success: true,
        types: kind.types.map((type) => ({ ...type, variables: [...type.variables] })),
      }),
    }),

    defineRoute({
      method: 'GET',
      url: base,
      auth,
      query: kind.listQuery,
      handler: async ({ ctx, query }) => {
        const page = await kind.list(ctx.db, query as never);
        return { ...page, data: page.data.map(kind.present) };
      },
    }),

    defineRoute({
      method: 'POST',
      url: base,
      auth,
      body: kind.body,
      handler: async ({ ctx, req, session, body }) => {
        const saved = await kind.save(ctx, actorOf(session, req), null, body as z.output<Body>);
        return { success: true, message: M.created, data: kind.present(saved) };
      },
    }),

    defineRoute({
      method: 'GET',
      url: `${base}/:id`,
      auth,
      params: idParam,
      handler: async ({ ctx, params }) => {
        const template = await kind.find(ctx.db, params.id);
        if (!template) throw notFound(M.notFound);
        return { success: true, data: kind.present(template) };
      },
    }),

    defineRoute({
      method: 'PUT',
      url: `${base}/:id`,
      auth,
      params: idParam,
      body: kind.body,
      handler: async ({ ctx, req, session, params, body }) => {
        const saved = await kind.save(ctx, actorOf(session, req), params.id, body as z.output<Body>);
        return { success: true, message: M.updated, data: kind.present(saved) };
      },
    }),

    defineRoute({
      method: 'DELETE',
      url: `${base}/:id`,
      auth,
      params: idParam,
      handler: async ({ ctx, req, session, params }) => {
        await deleteTemplate(ctx, actorOf(session, req), kind, params.id);
        return { success: true, message: M.deleted };
      },
    }),

    defineRoute({
      method: 'GET',
      url: `${base}/:id/preview`,
      auth,
      params: idParam,
      handler: async ({ ctx, params }): Promise<TemplatePreviewReply> => {
        const template = await kind.find(ctx.db, params.id);
        if (!template) throw notFound(M.notFound);
        return { success: true, data: kind.preview(template) };
      },
    }),
  ];
}
