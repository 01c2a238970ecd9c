import type { FastifyRequest } from 'fastify';
import { idParam } from '../../../contracts/common';
import {
  type ActivePickupPointsReply,
  type PaymentMethodDetailReply,
  type PaymentMethodSavedReply,
  type PaymentMethodsMessageReply,
  type PaymentMethodsReply,
  type PickupPointDeletedReply,
  type PickupPointSavedReply,
  PAYMENT_METHOD_MESSAGES as PM,
  PICKUP_POINT_MESSAGES as PP,
  paymentMethodBody,
  paymentMethodOrderBody,
  paymentMethodStatusBody,
  pickupPointBody,
  pickupPointsListQuery,
} from '../../../contracts/shop-setup';
import { validationError } from '../../../domain/errors';
import { actorOf } from '../../platform/auth/actor';
import type { SignedInSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { notFound, zodFieldErrors } from '../../platform/http/errors';
import { deletePaymentMethod } from './delete-payment-method';
import { deletePickupPoint } from './delete-pickup-point';
import { readPaymentMethodForm } from './payment-method-form';
import { reorderPaymentMethods } from './reorder-payment-methods';
import { savePaymentMethod } from './save-payment-method';
import { savePickupPoint } from './save-pickup-point';
import { setPaymentMethodStatus } from './set-payment-method-status';
import { presentPaymentMethod, presentPickupPoint } from './shop-setup.presenter';
import {
  activePickupPoints,
  findPaymentMethod,
  listPaymentMethods,
  listPickupPoints,
} from './shop-setup.queries';

/** Changing the shop's setup is a setting: admin only by default (DECISIONS 1). */
const settings = { permission: 'settings.manage' } as const;
/**
 * The active lists feed the order form, which staff use (docs/decisions/0023): whoever may see
 * orders may read them (orders.manage implies orders.view, docs/decisions/0042).
 */
const orderForms = { permission: 'orders.view' } as const;

/** Statuses the back office's order form may offer (spec 2 §4: shop_only is for the storefront). */
const BACKEND_STATUSES = ['enabled', 'backend_only'] as const;

/** The payment-method form: multipart fields validated by the shared contract, and the icon. */
async function paymentMethodForm(req: FastifyRequest) {
  const { fields, icon } = await readPaymentMethodForm(req);
  const parsed = paymentMethodBody.safeParse(fields);
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error));
  return { body: parsed.data, icon };
}

async function savedPaymentMethod(
  ctx: AppContext,
  req: FastifyRequest,
  session: SignedInSession,
  id: number | null,
): Promise<PaymentMethodSavedReply> {
  const { body, icon } = await paymentMethodForm(req);
  const saved = await savePaymentMethod(ctx, actorOf(session, req), id, body, icon);
  return {
    success: true,
    message: id === null ? PM.created : PM.updated,
    payment_method: presentPaymentMethod(saved, ctx.storage),
  };
}

/** Pickup points (spec 2 §7 "Shipping and pickup"). */
export const pickupPointRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/pickup-points',
    auth: settings,
    query: pickupPointsListQuery,
    handler: async ({ ctx, query }) => {
      const page = await listPickupPoints(ctx.db, query);
      return { ...page, data: page.data.map(presentPickupPoint) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/pickup-points/active',
    auth: orderForms,
    handler: async ({ ctx }): Promise<ActivePickupPointsReply> => ({
      pickup_points: (await activePickupPoints(ctx.db)).map(presentPickupPoint),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/pickup-points',
    auth: settings,
    body: pickupPointBody,
    handler: async ({ ctx, req, session, body }): Promise<PickupPointSavedReply> => {
      const saved = await savePickupPoint(ctx, actorOf(session, req), null, body);
      return { success: true, message: PP.created, data: presentPickupPoint(saved) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/pickup-points/:id',
    auth: settings,
    params: idParam,
    body: pickupPointBody,
    handler: async ({ ctx, req, session, params, body }): Promise<PickupPointSavedReply> => {
      const saved = await savePickupPoint(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: PP.updated, data: presentPickupPoint(saved) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/pickup-points/:id',
    auth: settings,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<PickupPointDeletedReply> => {
      await deletePickupPoint(ctx, actorOf(session, req), params.id);
      return { success: true, message: PP.deleted };
    },
  }),
];

/** Payment methods (spec 2 §4, §7 "Payment methods"). */
export const paymentMethodRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/payment-methods',
    auth: settings,
    handler: async ({ ctx }): Promise<PaymentMethodsReply> => ({
      payment_methods: (await listPaymentMethods(ctx.db)).map((row) =>
        presentPaymentMethod(row, ctx.storage),
      ),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/payment-methods/active',
    auth: orderForms,
    handler: async ({ ctx }): Promise<PaymentMethodsReply> => ({
      payment_methods: (await listPaymentMethods(ctx.db, BACKEND_STATUSES)).map((row) =>
        // The order form needs names and codes, never a gateway's configuration.
        ({ ...presentPaymentMethod(row, ctx.storage), configuration: {} }),
      ),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/payment-methods/order',
    auth: settings,
    body: paymentMethodOrderBody,
    handler: async ({ ctx, req, session, body }): Promise<PaymentMethodsMessageReply> => {
      await reorderPaymentMethods(ctx, actorOf(session, req), body);
      return { success: true, message: PM.orderUpdated };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/payment-methods/:id',
    auth: settings,
    params: idParam,
    handler: async ({ ctx, params }): Promise<PaymentMethodDetailReply> => {
      const row = await findPaymentMethod(ctx.db, params.id);
      if (!row) throw notFound(PM.notFound);
      return { payment_method: presentPaymentMethod(row, ctx.storage) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/payment-methods',
    auth: settings,
    multipart: true,
    handler: async ({ ctx, req, session }) => savedPaymentMethod(ctx, req, session, null),
  }),

  // spec 2 §7: an update is a POST with _method=PUT in the multipart form. A multipart body is
  // not read before the route runs, so this POST is the update itself; PUT answers the same.
  defineRoute({
    method: 'POST',
    url: '/api/payment-methods/:id',
    auth: settings,
    params: idParam,
    multipart: true,
    handler: async ({ ctx, req, session, params }) => savedPaymentMethod(ctx, req, session, params.id),
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/payment-methods/:id',
    auth: settings,
    params: idParam,
    multipart: true,
    handler: async ({ ctx, req, session, params }) => savedPaymentMethod(ctx, req, session, params.id),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/payment-methods/:id/status',
    auth: settings,
    params: idParam,
    body: paymentMethodStatusBody,
    handler: async ({ ctx, req, session, params, body }): Promise<PaymentMethodSavedReply> => {
      const saved = await setPaymentMethodStatus(ctx, actorOf(session, req), params.id, body.status);
      return {
        success: true,
        message: PM.statusUpdated,
        payment_method: presentPaymentMethod(saved, ctx.storage),
      };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/payment-methods/:id',
    auth: settings,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<PaymentMethodsMessageReply> => {
      await deletePaymentMethod(ctx, actorOf(session, req), params.id);
      return { success: true, message: PM.deleted };
    },
  }),
];
