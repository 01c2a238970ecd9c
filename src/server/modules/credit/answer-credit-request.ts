import { eq } from 'drizzle-orm';
import {
  type ApproveCreditRequestBody,
  type DeclineCreditRequestBody,
  CREDIT_DECISION_MESSAGES as M,
} from '../../../contracts/credit';
import { formatMoney, fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/http/errors';
import { defineJob } from '../../platform/jobs/job-queue';
import { defaultCurrency } from '../currencies';
import { changeCreditIn } from './change-credit';
import { findCreditRequest, findPartner, lockCreditRequest } from './credit.queries';
import { creditRequests } from './credit.tables';

/**
 * The partner's e-mail on the shop's answer (docs/decisions/0046: queued in the decision's
 * transaction, sent by the worker after the commit). The payload names the request; the mail reads
 * what was decided.
 */
export const creditRequestDecisionMail = defineJob<{ id: number }>({
  name: 'credit.request-decision-mail',
  async run(ctx, { id }) {
    const row = await findCreditRequest(ctx.db, id);
    if (!row || row.status === 'pending') return;
    const { symbol } = await defaultCurrency(ctx.db);
    const requested = formatMoney(fromDecimal(row.amount), symbol);
    const name = [row.partnerFirst, row.partnerLast].filter(Boolean).join(' ') || row.partnerEmail;
    const lines =
      row.status === 'approved'
        ? [
            `Hello ${name},`,
            '',
            `Your credit request of ${requested} was approved: ${formatMoney(fromDecimal(row.approvedAmount ?? row.amount), symbol)} was added to your credit balance.`,
          ]
        : [
            `Hello ${name},`,
            '',
            `Your credit request of ${requested} was declined.`,
            '',
            `Reason: ${row.declineReason ?? ''}`,
          ];
    lines.push('', `Your credit account: ${ctx.config.publicUrl}/partner/credit`);
    await ctx.mailer.send({
      to: row.partnerEmail,
      subject:
        row.status === 'approved' ? 'Your credit request was approved' : 'Your credit request was declined',
      text: lines.join('\n'),
    });
  },
});

/** The request, locked, still pending: 404 when missing, 409 once answered (by anyone). */
async function pendingRequest(tx: Tx, id: number) {
  const request = await lockCreditRequest(tx, id);
  if (!request) throw notFound(M.notFound);
  if (request.status !== 'pending') throw conflict(M.answered);
  return request;
}

/**
 * POST /admin/api/credit-requests/{id}/approve (docs/decisions/0070): in one transaction, under the
 * request's row lock then the account's, the amount (the requested one unless the admin edited it)
 * is added through the add-credit rule with its ledger row, and the request is marked approved
 * with that row and the partner's e-mail queued. Beyond the limit it is the add-credit 422 and
 * nothing changes; a second approval waits for the first's lock and then finds it answered (409).
 */
export async function approveCreditRequest(
  ctx: AppContext,
  adminId: number,
  requestId: number,
  body: ApproveCreditRequestBody,
) {
  const { symbol } = await defaultCurrency(ctx.db);
  await ctx.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, requestId);
    // Credit goes only to a partner (as an admin's add): one who lost the role since is refused.
    if (!(await findPartner(tx, request.userId))) throw notFound(M.notPartner);
    const amount = fromDecimal(body.amount ?? request.amount);
    const now = ctx.now();
    const note = body.note ?? `Credit request #${request.id}`;
    const { transactionId } = await changeCreditIn(
      tx,
      adminId,
      request.userId,
      { kind: 'add', amount, note },
      symbol,
      now,
    );
    await tx
      .update(creditRequests)
      .set({
        status: 'approved',
        approvedAmount: toDecimalText(amount),
        decidedBy: adminId,
        decidedAt: now,
        creditTransactionId: transactionId,
      })
      .where(eq(creditRequests.id, request.id));
    await creditRequestDecisionMail.enqueue(tx, { id: request.id }, now);
  });
  return (await findCreditRequest(ctx.db, requestId))!;
}

/** POST /admin/api/credit-requests/{id}/decline: the reason is kept and mailed; no credit moves. */
export async function declineCreditRequest(
  ctx: AppContext,
  adminId: number,
  requestId: number,
  body: DeclineCreditRequestBody,
) {
  await ctx.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, requestId);
    const now = ctx.now();
    await tx
      .update(creditRequests)
      .set({ status: 'declined', declineReason: body.reason, decidedBy: adminId, decidedAt: now })
      .where(eq(creditRequests.id, request.id));
    await creditRequestDecisionMail.enqueue(tx, { id: request.id }, now);
  });
  return (await findCreditRequest(ctx.db, requestId))!;
}
