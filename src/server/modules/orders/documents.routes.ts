import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../contracts/common';
import {
  documentTypeSchema,
  generateDocumentBody,
  ORDER_DOCUMENT_MESSAGES as M,
  type OrderDocumentActionReply,
  type OrderDocumentGeneratedReply,
  type OrderDocumentHistoryReply,
  type OrderDocumentsReply,
  sendDocumentEmailBody,
} from '../../../contracts/orders';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { documentFileName, presentDocument, presentOrderDocuments } from './documents.presenter';
import { findDocument, findOrderOr404, listOrderDocuments, type OrderRow } from './documents.queries';
import { deleteDocument } from './documents-delete';
import { sendDocumentEmail } from './documents-email';
import { currentDocument, latestStoredDocument, readDocumentPdf } from './documents-view';

/** Every order route needs orders.manage (docs/decisions/0030). */
const orders = { permission: 'orders.manage' } as const;

const idParam = z.object({ id: recordId });
const typeParams = z.object({ id: recordId, type: documentTypeSchema });
const docParams = z.object({ id: recordId, docId: recordId });

function sendPdf(
  reply: FastifyReply,
  order: OrderRow,
  doc: { documentType: string; documentNumber: string | null; version: number },
  pdf: Buffer,
) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${documentFileName(order, doc)}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf);
}

/** Order documents (spec 1 §7 Documents, DECISIONS 12, docs/decisions/0032). */
export const orderDocumentRoutes = [
  defineRoute({
    method: 'GET',
    url: '/admin/orders/:id/documents',
    auth: { permission: 'orders.view' },
    params: idParam,
    handler: async ({ ctx, params }): Promise<OrderDocumentsReply> => {
      const order = await findOrderOr404(ctx.db, params.id);
      return presentOrderDocuments(order, await listOrderDocuments(ctx.db, order.id));
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/orders/:id/documents/:type/generate',
    auth: orders,
    params: typeParams,
    body: generateDocumentBody,
    handler: async ({ ctx, req, session, params, body }): Promise<OrderDocumentGeneratedReply> => {
      const { doc, generated } = await currentDocument(
        ctx,
        actorOf(session, req),
        params.id,
        params.type,
        body.fresh,
      );
      return {
        success: true,
        message: generated ? M.generated : M.upToDate,
        document_id: doc.id,
        version: doc.version,
        generated,
      };
    },
  }),

  /** Shows the latest stored version; never makes one (GET changes nothing; POST …/generate does). */
  defineRoute({
    method: 'GET',
    url: '/admin/orders/:id/documents/view/:type',
    auth: { permission: 'orders.view' },
    params: typeParams,
    handler: async ({ ctx, reply, params }) => {
      const { order, doc } = await latestStoredDocument(ctx, params.id, params.type);
      return sendPdf(reply, order, doc, await readDocumentPdf(ctx, doc));
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/orders/:id/documents/:docId/view',
    auth: { permission: 'orders.view' },
    params: docParams,
    handler: async ({ ctx, reply, params }) => {
      const order = await findOrderOr404(ctx.db, params.id);
      const doc = await findDocument(ctx.db, order.id, params.docId);
      if (!doc) throw notFound(M.documentNotFound);
      return sendPdf(reply, order, doc, await readDocumentPdf(ctx, doc));
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/orders/:id/documents/:type/history',
    auth: { permission: 'orders.view' },
    params: typeParams,
    handler: async ({ ctx, params }): Promise<OrderDocumentHistoryReply> => {
      const order = await findOrderOr404(ctx.db, params.id);
      return { history: (await listOrderDocuments(ctx.db, order.id, params.type)).map(presentDocument) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/orders/:id/send-document-email',
    auth: orders,
    params: idParam,
    body: sendDocumentEmailBody,
    // Queued (docs/decisions/0046): the spec's "sent" means on its way; the audit log says when
    // it left or why the mail server refused it.
    handler: async ({ ctx, req, session, params, body }): Promise<OrderDocumentActionReply> => {
      await sendDocumentEmail(ctx, actorOf(session, req), params.id, body.document_type);
      return { success: true, message: M.emailSent };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/orders/:id/documents/:docId',
    auth: orders,
    params: docParams,
    handler: async ({ ctx, req, session, params }): Promise<OrderDocumentActionReply> => {
      await deleteDocument(ctx, actorOf(session, req), params.id, params.docId, (key, err) =>
        req.log.warn({ err, key }, 'order document file not removed'),
      );
      return { success: true, message: M.deleted };
    },
  }),
];
