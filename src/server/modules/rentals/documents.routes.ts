import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../contracts/common';
import {
  generateRentalDocumentBody,
  RENTAL_DOCUMENT_MESSAGES as M,
  type PeriodDocumentsReply,
  periodDocumentBody,
  periodDocumentTypeSchema,
  type RentalDocumentActionReply,
  type RentalDocumentGeneratedReply,
  type RentalDocumentHistoryReply,
  type RentalDocumentsReply,
  rentalDocumentTypeSchema,
  sendRentalDocumentEmailBody,
} from '../../../contracts/rental-documents';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import {
  currentIds,
  periodDocumentStatus,
  presentPeriodInvoice,
  presentRentalDocument,
  presentRentalDocuments,
  rentalDocumentViewUrl,
} from './documents.presenter';
import {
  type BookingRow,
  completedPaymentsTotal,
  findBookingOr404,
  findDeposit,
  findPeriodOr404,
  listRentalDocuments,
  periodsWithTotals,
  type RentalDocumentRow,
} from './documents.queries';
import { sendRentalDocumentEmail } from './rental-document-email';
import { generateBookingDocument, generatePeriodDocument } from './rental-document-generate';
import {
  currentStoredRentalDocument,
  readRentalDocumentPdf,
  rentalDocumentFileName,
  storedRentalDocument,
} from './rental-document-view';

/** Every rental admin route needs rentals.manage (spec 3 §6). */
const rentals = { permission: 'rentals.manage' } as const;

const idParam = z.object({ id: recordId });
const typeParams = z.object({ id: recordId, type: rentalDocumentTypeSchema });
const docParams = z.object({ id: recordId, docId: recordId });
const periodParams = z.object({ id: recordId, periodId: recordId });
const periodTypeParams = z.object({ id: recordId, periodId: recordId, type: periodDocumentTypeSchema });

function sendPdf(reply: FastifyReply, booking: BookingRow, doc: RentalDocumentRow, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${rentalDocumentFileName(booking, doc)}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf);
}

/** The reply of every POST that makes a version: spec 3 §7 download_url, the viewer's address. */
function generated(doc: RentalDocumentRow): RentalDocumentGeneratedReply {
  const download_url = rentalDocumentViewUrl(doc.bookingId, doc.id);
  const data = presentRentalDocument(
    { doc, creatorFirst: null, creatorLast: null, creatorEmail: null },
    new Set([doc.id]),
  );
  return { success: true, message: M.generated, download_url, data };
}

/**
 * Rental documents (spec 3 §2 "Booking document views", §4, §7; docs/decisions/0069). A GET never
 * makes a document: the views show stored versions, and a type never generated is a 404.
 */
export const rentalDocumentRoutes = [
  defineRoute({
    method: 'GET',
    url: '/admin/rental-bookings/:id/documents',
    auth: rentals,
    params: idParam,
    handler: async ({ ctx, params }): Promise<RentalDocumentsReply> => {
      const booking = await findBookingOr404(ctx.db, params.id);
      return presentRentalDocuments({
        booking,
        rows: await listRentalDocuments(ctx.db, booking.id),
        periods: await periodsWithTotals(ctx.db, booking.id),
        paid: await completedPaymentsTotal(ctx.db, booking.id),
        deposit: await findDeposit(ctx.db, booking.id),
      });
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings/:id/documents',
    auth: rentals,
    params: idParam,
    body: generateRentalDocumentBody,
    handler: async ({ ctx, req, session, params, body }): Promise<RentalDocumentGeneratedReply> =>
      generated(await generateBookingDocument(ctx, actorOf(session, req), params.id, body.document_type)),
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/rental-bookings/:id/documents/:type/history',
    auth: rentals,
    params: typeParams,
    handler: async ({ ctx, params }): Promise<RentalDocumentHistoryReply> => {
      const booking = await findBookingOr404(ctx.db, params.id);
      const rows = await listRentalDocuments(ctx.db, booking.id, { periodId: null, type: params.type });
      const current = currentIds(rows);
      return {
        success: true,
        message: 'Document history loaded',
        history: rows.map((row) => presentRentalDocument(row, current)),
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/rental-bookings/:id/documents/view/:type',
    auth: rentals,
    params: typeParams,
    handler: async ({ ctx, reply, params }) => {
      const { booking, doc } = await currentStoredRentalDocument(ctx, params.id, null, params.type);
      return sendPdf(reply, booking, doc, await readRentalDocumentPdf(ctx, doc));
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/rental-bookings/:id/documents/:docId/view',
    auth: rentals,
    params: docParams,
    handler: async ({ ctx, reply, params }) => {
      const { booking, doc } = await storedRentalDocument(ctx, params.id, params.docId);
      return sendPdf(reply, booking, doc, await readRentalDocumentPdf(ctx, doc));
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/rental-bookings/:id/periods/:periodId/documents',
    auth: rentals,
    params: periodParams,
    handler: async ({ ctx, params }): Promise<PeriodDocumentsReply> => {
      const booking = await findBookingOr404(ctx.db, params.id);
      const period = await findPeriodOr404(ctx.db, booking.id, params.periodId);
      const rows = await listRentalDocuments(ctx.db, booking.id, { periodId: period.period.id });
      const current = currentIds(rows);
      const documents = rows.map((row) => presentRentalDocument(row, current));
      return {
        success: true,
        message: 'Period documents loaded',
        invoice: presentPeriodInvoice(period, documents),
        documents,
        document_status: periodDocumentStatus(booking, period, documents),
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings/:id/periods/:periodId/documents',
    auth: rentals,
    params: periodParams,
    body: periodDocumentBody,
    handler: async ({ ctx, req, session, params, body }): Promise<RentalDocumentGeneratedReply> =>
      generated(
        await generatePeriodDocument(
          ctx,
          actorOf(session, req),
          { bookingId: params.id, periodId: params.periodId },
          body.document_type,
        ),
      ),
  }),

  /** The period's invoice of the moment, or the type asked for. */
  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings/:id/periods/:periodId/documents/generate',
    auth: rentals,
    params: periodParams,
    body: periodDocumentBody.partial().optional(),
    handler: async ({ ctx, req, session, params, body }): Promise<RentalDocumentGeneratedReply> =>
      generated(
        await generatePeriodDocument(
          ctx,
          actorOf(session, req),
          { bookingId: params.id, periodId: params.periodId },
          body?.document_type ?? null,
        ),
      ),
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/rental-bookings/:id/periods/:periodId/documents/view/:type',
    auth: rentals,
    params: periodTypeParams,
    handler: async ({ ctx, reply, params }) => {
      const { booking, doc } = await currentStoredRentalDocument(
        ctx,
        params.id,
        params.periodId,
        params.type,
      );
      return sendPdf(reply, booking, doc, await readRentalDocumentPdf(ctx, doc));
    },
  }),

  /** spec 3 §7: the period's invoice — proforma while unpaid, the final invoice once available. */
  defineRoute({
    method: 'POST',
    url: '/admin/api/rental-periods/:id/invoice',
    auth: rentals,
    params: idParam,
    body: periodDocumentBody.partial().optional(),
    handler: async ({ ctx, req, session, params, body }): Promise<RentalDocumentGeneratedReply> =>
      generated(
        await generatePeriodDocument(
          ctx,
          actorOf(session, req),
          { bookingId: null, periodId: params.id },
          body?.document_type ?? null,
        ),
      ),
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/api/rental-periods/:id/send-document-email',
    auth: rentals,
    params: idParam,
    body: sendRentalDocumentEmailBody,
    // Queued (docs/decisions/0046): "sent" means on its way; the audit log says when it left.
    handler: async ({ ctx, req, session, params, body }): Promise<RentalDocumentActionReply> => {
      await sendRentalDocumentEmail(ctx, actorOf(session, req), params.id, body.document_type);
      return { success: true, message: M.emailQueued, data: null };
    },
  }),
];
