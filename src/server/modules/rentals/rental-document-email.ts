import {
  RENTAL_DOCUMENT_MESSAGES as M,
  type PeriodDocumentType,
  RENTAL_DOCUMENT_TITLES,
} from '../../../contracts/rental-documents';
import { fieldError } from '../../../domain/errors';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { defineJob } from '../../platform/jobs/job-queue';
import { getSettings } from '../../platform/settings/settings-store';
import {
  findBookingOr404,
  findPeriodByIdOr404,
  findPeriodOr404,
  findRentalDocument,
} from './documents.queries';
import { assertRentalDocumentAvailable, generateRentalDocumentIn } from './rental-document-generate';
import { readRentalDocumentPdf, rentalDocumentFileName } from './rental-document-view';

type RentalDocumentMail = {
  bookingId: number;
  documentId: number;
  actorUserId: number;
  ip: string | null;
};

/**
 * The document's e-mail, sent by the job queue (docs/decisions/0046): the version
 * rentalDocumentForMail made, attached as a PDF, to the booking's customer e-mail. Audited when
 * sent, and when the last attempt fails.
 */
export const rentalDocumentMail = defineJob<RentalDocumentMail>({
  name: 'rentals.document-mail',
  async run(ctx, { bookingId, documentId, actorUserId, ip }) {
    const booking = await findBookingOr404(ctx.db, bookingId).catch(() => null);
    const doc = booking ? await findRentalDocument(ctx.db, bookingId, documentId) : null;
    if (!booking || !doc) return; // the booking or its period was deleted since: nothing to send
    const pdf = await readRentalDocumentPdf(ctx, doc);
    const s = await getSettings(ctx.db, ['company_name', 'site_name']);
    const shop = s.company_name || s.site_name;
    const title = RENTAL_DOCUMENT_TITLES[doc.documentType as PeriodDocumentType];
    await ctx.mailer.send({
      to: booking.customerEmail,
      subject: `${title} for rental ${booking.bookingNumber}${doc.documentNumber ? ` (${doc.documentNumber})` : ''} · ${shop}`,
      text: `Dear ${booking.customerName || 'customer'},\n\nPlease find attached the ${title.toLowerCase()} for your rental ${booking.bookingNumber}.\n\nKind regards,\n${shop}\n`,
      attachments: [
        { filename: rentalDocumentFileName(booking, doc), content: pdf, contentType: 'application/pdf' },
      ],
    });
    await audit(ctx.db, {
      actorUserId,
      action: 'rental_booking.document_emailed',
      subjectType: 'rental_booking',
      subjectId: bookingId,
      data: { document_id: doc.id, document_type: doc.documentType, to: booking.customerEmail },
      ip,
    });
  },
  failed: (ctx, { bookingId, documentId, actorUserId, ip }, error) =>
    auditMailFailure(ctx, { bookingId, actorUserId, ip }, { document_id: documentId, error }),
});

/** The e-mail's failure, whether making its document or sending it failed last. */
async function auditMailFailure(
  ctx: AppContext,
  { bookingId, actorUserId, ip }: { bookingId: number; actorUserId: number; ip: string | null },
  data: Record<string, unknown>,
): Promise<void> {
  await audit(ctx.db, {
    actorUserId,
    action: 'rental_booking.document_email_failed',
    subjectType: 'rental_booking',
    subjectId: bookingId,
    data,
    ip,
  });
}

type RentalDocumentForMail = {
  bookingId: number;
  periodId: number;
  type: PeriodDocumentType;
  actorUserId: number;
  ip: string | null;
};

/** The period's booking (locked) and the period with its totals now; null when either is gone. */
async function mailablePeriod(tx: Tx, periodId: number) {
  const found = await findPeriodByIdOr404(tx, periodId).catch(() => null);
  if (!found) return null;
  const booking = await findBookingOr404(tx, found.period.bookingId, true);
  return { booking, period: await findPeriodOr404(tx, booking.id, periodId) };
}

/**
 * The document an e-mail carries, made by the job queue rather than in the admin's request (issue
 * 18: document generation is a job): a fresh version of the period's proforma or final invoice
 * (what is mailed is what the period says when it is made, docs/decisions/0069), with its e-mail
 * queued in the same transaction. A failed attempt rolls back whole, so a retry never leaves a
 * half-made version; the mail job (rentalDocumentMail) retries the sending on its own.
 */
export const rentalDocumentForMail = defineJob<RentalDocumentForMail>({
  name: 'rentals.document-for-mail',
  async run(ctx, { periodId, type, actorUserId, ip }) {
    await ctx.db.transaction(async (tx) => {
      const found = await mailablePeriod(tx, periodId);
      // Deleted since, or its customer address removed: nothing to send.
      if (!found?.booking.customerEmail.trim()) return;
      const actor = { userId: actorUserId, ip };
      const doc = await generateRentalDocumentIn(ctx, tx, actor, found.booking, found.period, type);
      await rentalDocumentMail.enqueue(
        tx,
        { bookingId: found.booking.id, documentId: doc.id, actorUserId, ip },
        ctx.now(),
      );
    });
  },
  failed: (ctx, { bookingId, periodId, type, actorUserId, ip }, error) =>
    auditMailFailure(
      ctx,
      { bookingId, actorUserId, ip },
      { period_id: periodId, document_type: type, error },
    ),
});

/**
 * POST /admin/api/rental-periods/{id}/send-document-email (spec 3 §7): checks the period's
 * document can be made and mailed (the same checks as its Generate button, answered at once), and
 * queues the making of a fresh version, which queues its e-mail (rentalDocumentForMail).
 */
export async function sendRentalDocumentEmail(
  ctx: AppContext,
  actor: Actor,
  periodId: number,
  type: PeriodDocumentType,
): Promise<{ to: string }> {
  return ctx.db.transaction(async (tx) => {
    const { period } = await findPeriodByIdOr404(tx, periodId);
    const booking = await findBookingOr404(tx, period.bookingId, true);
    if (!booking.customerEmail.trim()) throw fieldError('document_type', M.customerEmailRequired);
    assertRentalDocumentAvailable(booking, await findPeriodOr404(tx, booking.id, periodId), type);
    await rentalDocumentForMail.enqueue(
      tx,
      { bookingId: booking.id, periodId, type, actorUserId: actor.userId, ip: actor.ip },
      ctx.now(),
    );
    return { to: booking.customerEmail };
  });
}
