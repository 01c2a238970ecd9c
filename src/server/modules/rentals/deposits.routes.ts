import { z } from 'zod';
import { recordId } from '../../../contracts/common';
import {
  type DepositStateReply,
  depositBody,
  depositCollectBody,
  depositForfeitBody,
  depositRefundBody,
} from '../../../contracts/rental-periods';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import {
  collectDeposit,
  createDeposit,
  depositOfBooking,
  forfeitDeposit,
  refundDeposit,
} from './deposit-actions';
import { presentDeposit } from './deposits.presenter';
import { findBookingOr404 } from './periods.queries';

const auth = { permission: 'rentals.manage' } as const;
const idParams = z.object({ id: recordId });
const BASE = '/admin/api/rental-deposits';

const stateOf = (deposit: Parameters<typeof presentDeposit>[0]): DepositStateReply => ({
  deposit: presentDeposit(deposit),
  has_deposit: true,
});

/** The booking's deposit (spec 3 §3 Deposit, §4 Deposit status, §7). */
export const depositsRoutes = [
  defineRoute({
    method: 'GET',
    url: `${BASE}/booking/:id`,
    auth,
    params: idParams,
    handler: async ({ ctx, params }) => {
      await findBookingOr404(ctx.db, params.id);
      const deposit = await depositOfBooking(ctx, params.id);
      const data: DepositStateReply = deposit ? stateOf(deposit) : { deposit: null, has_deposit: false };
      return { success: true, message: '', data };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/booking/:id`,
    auth,
    params: idParams,
    body: depositBody,
    handler: async ({ ctx, req, session, params, body }) => ({
      success: true,
      message: 'Deposit set.',
      data: stateOf(await createDeposit(ctx, actorOf(session, req), params.id, body)),
    }),
  }),

  defineRoute({
    method: 'PUT',
    url: `${BASE}/:id/collect`,
    auth,
    params: idParams,
    body: depositCollectBody,
    handler: async ({ ctx, req, session, params, body }) => ({
      success: true,
      message: 'Deposit collected.',
      data: stateOf(await collectDeposit(ctx, actorOf(session, req), params.id, body)),
    }),
  }),

  defineRoute({
    method: 'PUT',
    url: `${BASE}/:id/refund`,
    auth,
    params: idParams,
    body: depositRefundBody,
    handler: async ({ ctx, req, session, params, body }) => ({
      success: true,
      message: 'Deposit refunded.',
      data: stateOf(await refundDeposit(ctx, actorOf(session, req), params.id, body)),
    }),
  }),

  defineRoute({
    method: 'PUT',
    url: `${BASE}/:id/forfeit`,
    auth,
    params: idParams,
    body: depositForfeitBody,
    handler: async ({ ctx, req, session, params, body }) => ({
      success: true,
      message: 'Deposit forfeited.',
      data: stateOf(await forfeitDeposit(ctx, actorOf(session, req), params.id, body)),
    }),
  }),
];
