import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../contracts/common';
import {
  approveCreditRequestBody,
  CREDIT_DECISION_MESSAGES,
  CREDIT_REQUESTS_PER_PAGE,
  type CreditExportQuery,
  creditChangeBody,
  creditExportQuery,
  creditLimitBody,
  creditRequestsQuery,
  creditStatusBody,
  creditTransactionsQuery,
  declineCreditRequestBody,
  partnerQuery,
  partnersListQuery,
} from '../../../contracts/credit';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { idempotent } from '../../platform/idempotency/idempotency';
import { approveCreditRequest, declineCreditRequest } from './answer-credit-request';
import { changeCredit, setCreditLimit, setCreditStatus } from './change-credit';
import {
  presentAccount,
  presentChange,
  presentCreditRequest,
  presentPartner,
  presentPartnerRow,
  presentTransactions,
} from './credit.presenter';
import {
  accountOfUser,
  changeHistory,
  creditRequestsPage,
  findPartner,
  listPartnersWithCredit,
  pendingRequestCount,
  transactionsPage,
} from './credit.queries';
import { exportStatement } from './export-statement';

/** spec 3 §6: partner credit management is admin-only; DECISIONS 1 names the permission. */
const auth = { permission: 'credit.manage' } as const;
const partnerParam = z.object({ id: recordId });

async function summaryOf(ctx: AppContext, partnerId: number) {
  const partner = await findPartner(ctx.db, partnerId);
  if (!partner) throw notFound();
  const [account, pending] = await Promise.all([
    accountOfUser(ctx.db, partnerId),
    pendingRequestCount(ctx.db, partnerId),
  ]);
  return {
    partner: presentPartner(partner),
    credit_account: presentAccount(account),
    pending_requests: pending,
  };
}

/** Streams a statement download that no cache keeps. */
export async function sendStatement(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  partnerId: number,
  query: CreditExportQuery,
) {
  const download = await exportStatement(ctx, partnerId, query, (error) =>
    req.log.error({ err: error, request_id: req.id }, 'credit statement export failed'),
  );
  return reply
    .header('Content-Type', download.contentType)
    .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(download.stream);
}

/** Partner credit (admin), spec 3 §7; every money-moving write is idempotent (DECISIONS 25). */
export const creditAdminRoutes = [
  defineRoute({
    method: 'GET',
    url: '/admin/api/partners',
    auth,
    query: partnersListQuery,
    handler: async ({ ctx, query }) => {
      const page = await listPartnersWithCredit(ctx.db, query);
      return { ...page, data: page.data.map(presentPartnerRow) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/api/partners/:id/credit-summary',
    auth,
    params: partnerParam,
    handler: async ({ ctx, params }) => ({ success: true, data: await summaryOf(ctx, params.id) }),
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/api/partners/:id',
    auth,
    params: partnerParam,
    query: partnerQuery,
    handler: async ({ ctx, params, query }) => {
      const summary = await summaryOf(ctx, params.id);
      const history =
        query.include_history && summary.credit_account.id !== null
          ? (await changeHistory(ctx.db, summary.credit_account.id)).map(presentChange)
          : undefined;
      return { success: true, data: { ...summary, ...(history ? { change_history: history } : {}) } };
    },
  }),

  ...(['add', 'remove'] as const).map((kind) =>
    defineRoute({
      method: 'POST',
      url: `/admin/api/partners/:id/credit/${kind}`,
      auth,
      params: partnerParam,
      body: creditChangeBody,
      handler: async ({ ctx, req, reply, session, params, body }) =>
        idempotent(ctx, req, reply, { scope: `credit.${kind}`, userId: session.user.id, body }, async () => {
          const account = await changeCredit(ctx, session.user.id, params.id, kind, body);
          return {
            success: true,
            message: kind === 'add' ? 'Credit added successfully' : 'Credit removed successfully',
            data: presentAccount(account),
          };
        }),
    }),
  ),

  defineRoute({
    method: 'PUT',
    url: '/admin/api/partners/:id/credit/limit',
    auth,
    params: partnerParam,
    body: creditLimitBody,
    handler: async ({ ctx, req, reply, session, params, body }) =>
      idempotent(ctx, req, reply, { scope: 'credit.limit', userId: session.user.id, body }, async () => ({
        success: true,
        message: 'Credit limit updated successfully',
        data: presentAccount(await setCreditLimit(ctx, session.user.id, params.id, body)),
      })),
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/api/partners/:id/credit/status',
    auth,
    params: partnerParam,
    body: creditStatusBody,
    handler: async ({ ctx, req, reply, session, params, body }) =>
      idempotent(ctx, req, reply, { scope: 'credit.status', userId: session.user.id, body }, async () => ({
        success: true,
        message: 'Credit status updated successfully',
        data: presentAccount(await setCreditStatus(ctx, session.user.id, params.id, body)),
      })),
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/api/partners/:partnerId/credit/transactions',
    auth,
    params: z.object({ partnerId: recordId }),
    query: creditTransactionsQuery,
    handler: async ({ ctx, params, query }) => {
      if (!(await findPartner(ctx.db, params.partnerId))) throw notFound();
      const account = await accountOfUser(ctx.db, params.partnerId);
      const page = account
        ? presentTransactions(await transactionsPage(ctx.db, account.id, query.page))
        : { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null };
      return { success: true, data: page };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/partners/:id/credit/export',
    auth,
    params: partnerParam,
    query: creditExportQuery,
    handler: async ({ ctx, req, reply, params, query }) => sendStatement(ctx, req, reply, params.id, query),
  }),

  // Credit requests, the shop's answer (issue 17; docs/decisions/0070).
  defineRoute({
    method: 'GET',
    url: '/admin/api/credit-requests',
    auth,
    query: creditRequestsQuery,
    handler: async ({ ctx, query }) => {
      const page = await creditRequestsPage(ctx.db, query, CREDIT_REQUESTS_PER_PAGE);
      return { success: true, data: { ...page, data: page.data.map(presentCreditRequest) } };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/api/credit-requests/:id/approve',
    auth,
    params: z.object({ id: recordId }),
    body: approveCreditRequestBody,
    handler: async ({ ctx, req, reply, session, params, body }) =>
      idempotent(
        ctx,
        req,
        reply,
        { scope: 'credit.request.approve', userId: session.user.id, body: { id: params.id, ...body } },
        async () => ({
          success: true,
          message: CREDIT_DECISION_MESSAGES.approved,
          data: presentCreditRequest(await approveCreditRequest(ctx, session.user.id, params.id, body)),
        }),
      ),
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/api/credit-requests/:id/decline',
    auth,
    params: z.object({ id: recordId }),
    body: declineCreditRequestBody,
    handler: async ({ ctx, session, params, body }) => ({
      success: true,
      message: CREDIT_DECISION_MESSAGES.declined,
      data: presentCreditRequest(await declineCreditRequest(ctx, session.user.id, params.id, body)),
    }),
  }),
];
