import { z } from 'zod';
import { recordId } from '../../../contracts/common';
import {
  copyItemsBody,
  copyServicesBody,
  newPeriodBody,
  periodDatesBody,
  periodItemBody,
  periodNotesBody,
  periodPaymentBody,
  periodServiceBody,
  periodStatusBody,
} from '../../../contracts/rental-periods';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { idempotent } from '../../platform/idempotency/idempotency';
import { createPeriod } from './period-create';
import {
  addPeriodItem,
  addPeriodService,
  copyPeriodItems,
  copyPeriodServices,
  deletePeriodItem,
  deletePeriodService,
} from './period-lines';
import { sendPeriodPaymentLink } from './period-payment-link';
import { deletePeriodPayment, periodPaymentInfo, recordPeriodPayment } from './period-payments';
import { loadBookingPeriods, loadPeriod } from './period-replies';
import { updatePeriodDates, updatePeriodNotes, updatePeriodStatus } from './period-update';
import { presentPeriodPayment } from './periods.presenter';

/** spec 3 §6: every rental admin route needs rentals.manage. */
const auth = { permission: 'rentals.manage' } as const;
const idParams = z.object({ id: recordId });
const paymentParams = z.object({ id: recordId, paymentId: recordId });
const BASE = '/admin/api/rental-periods';

/** Rental periods (admin), spec 3 §7; replies carry success, message and data (spec 3 §8). */
export const periodsRoutes = [
  defineRoute({
    method: 'GET',
    url: `${BASE}/booking/:id`,
    auth,
    params: idParams,
    handler: async ({ ctx, params }) => ({
      success: true,
      message: '',
      data: await loadBookingPeriods(ctx.db, params.id, ctx.now()),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/booking/:id`,
    auth,
    params: idParams,
    body: newPeriodBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const period = await createPeriod(ctx, actorOf(session, req), params.id, body);
      return {
        success: true,
        message: `Period ${period.periodNumber} created.`,
        data: { period: await loadPeriod(ctx.db, period.id, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: `${BASE}/:id/payment-info`,
    auth,
    params: idParams,
    handler: async ({ ctx, params }) => ({
      success: true,
      message: '',
      data: await periodPaymentInfo(ctx, params.id),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/:id/items`,
    auth,
    params: idParams,
    body: periodItemBody,
    handler: async ({ ctx, req, session, params, body }) => {
      await addPeriodItem(ctx, actorOf(session, req), params.id, body);
      return {
        success: true,
        message: 'Product added.',
        data: { period: await loadPeriod(ctx.db, params.id, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/:id/services`,
    auth,
    params: idParams,
    body: periodServiceBody,
    handler: async ({ ctx, req, session, params, body }) => {
      await addPeriodService(ctx, actorOf(session, req), params.id, body);
      return {
        success: true,
        message: 'Service added.',
        data: { period: await loadPeriod(ctx.db, params.id, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/:id/copy-items`,
    auth,
    params: idParams,
    body: copyItemsBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const count = await copyPeriodItems(ctx, actorOf(session, req), params.id, body.source_period_id);
      return {
        success: true,
        message: count === 1 ? '1 item copied.' : `${count} items copied.`,
        data: { period: await loadPeriod(ctx.db, params.id, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/:id/copy-services`,
    auth,
    params: idParams,
    body: copyServicesBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const count = await copyPeriodServices(
        ctx,
        actorOf(session, req),
        params.id,
        body.source_period_id,
        body.service_type,
      );
      return {
        success: true,
        message: count === 1 ? '1 service copied.' : `${count} services copied.`,
        data: { period: await loadPeriod(ctx.db, params.id, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/:id/notes`,
    auth,
    params: idParams,
    body: periodNotesBody,
    handler: async ({ ctx, req, session, params, body }) => {
      await updatePeriodNotes(ctx, actorOf(session, req), params.id, body);
      return {
        success: true,
        message: 'Notes saved.',
        data: { period: await loadPeriod(ctx.db, params.id, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/:id/payments`,
    auth,
    params: idParams,
    body: periodPaymentBody,
    // DECISIONS 25: the same payment sent twice with one Idempotency-Key is recorded once.
    handler: async ({ ctx, req, reply, session, params, body }) =>
      idempotent(
        ctx,
        req,
        reply,
        { scope: 'rental.period_payment', userId: session.user.id, body },
        async () => {
          const payment = await recordPeriodPayment(ctx, actorOf(session, req), params.id, body);
          return {
            success: true,
            message: 'Payment added.',
            data: {
              payment: presentPeriodPayment(payment),
              period: await loadPeriod(ctx.db, params.id, ctx.now()),
            },
          };
        },
      ),
  }),

  defineRoute({
    method: 'DELETE',
    url: `${BASE}/:id/payments/:paymentId`,
    auth,
    params: paymentParams,
    handler: async ({ ctx, req, session, params }) => {
      await deletePeriodPayment(ctx, actorOf(session, req), params.id, params.paymentId);
      return {
        success: true,
        message: 'Payment deleted.',
        data: { period: await loadPeriod(ctx.db, params.id, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: `${BASE}/:id/payment-link`,
    auth,
    params: idParams,
    handler: async ({ ctx, req, session, params }) => {
      await sendPeriodPaymentLink(ctx, actorOf(session, req), params.id);
      return {
        success: true,
        message: 'The payment request is on its way to the customer.',
        data: { period: await loadPeriod(ctx.db, params.id, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: `${BASE}/items/:id`,
    auth,
    params: idParams,
    handler: async ({ ctx, req, session, params }) => {
      const periodId = await deletePeriodItem(ctx, actorOf(session, req), params.id);
      return {
        success: true,
        message: 'Product removed.',
        data: { period: await loadPeriod(ctx.db, periodId, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: `${BASE}/services/:id`,
    auth,
    params: idParams,
    handler: async ({ ctx, req, session, params }) => {
      const periodId = await deletePeriodService(ctx, actorOf(session, req), params.id);
      return {
        success: true,
        message: 'Service removed.',
        data: { period: await loadPeriod(ctx.db, periodId, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: `${BASE}/:id/dates`,
    auth,
    params: idParams,
    body: periodDatesBody,
    handler: async ({ ctx, req, session, params, body }) => {
      await updatePeriodDates(ctx, actorOf(session, req), params.id, body);
      return {
        success: true,
        message: 'Period dates saved.',
        data: { period: await loadPeriod(ctx.db, params.id, ctx.now()) },
      };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: `${BASE}/:id/status`,
    auth,
    params: idParams,
    body: periodStatusBody,
    handler: async ({ ctx, req, session, params, body }) => {
      await updatePeriodStatus(ctx, actorOf(session, req), params.id, body.status);
      return {
        success: true,
        message: 'Period status saved.',
        data: { period: await loadPeriod(ctx.db, params.id, ctx.now()) },
      };
    },
  }),
];
