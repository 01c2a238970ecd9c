import { z } from 'zod';
import {
  type CheckoutPickupPoint,
  type CheckoutPlacedReply,
  checkoutBody,
  paymentCallbackBody,
  sandboxPayBody,
  startCardPaymentBody,
  statesOfCountryQuery,
} from '../../../contracts/checkout';
import { fromDecimal, toDecimal } from '../../../domain/money/money';
import { hashToken } from '../../platform/auth/tokens';
import { defineRoute } from '../../platform/http/define-route';
import { idempotent } from '../../platform/idempotency/idempotency';
import { activePickupPoints } from '../shop-setup';
import { completeCardPayment, sandboxPay, startCardPayment } from './card-payment';
import { activeStatesOf } from './checkout.queries';
import { placeCheckoutOrder } from './place-checkout-order';
import { SANDBOX_PREFIX } from './sandbox-gateway';

export const orderCodeParam = z.object({
  orderCode: z.string().regex(/^[A-Z0-9-]{1,40}$/, 'This order was not found.'),
});

/** The checkout's reads and its submission (spec 3 §7 Checkout, DECISIONS 18). */
export const checkoutRoutes = [
  defineRoute({
    method: 'GET',
    url: '/checkout/get-states',
    auth: 'public',
    query: statesOfCountryQuery,
    handler: async ({ ctx, query }) => ({
      success: true,
      states: await activeStatesOf(ctx.db, query.country_id),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/checkout/pickup-points',
    auth: 'public',
    handler: async ({ ctx }): Promise<{ success: true; pickup_points: CheckoutPickupPoint[] }> => ({
      success: true,
      pickup_points: (await activePickupPoints(ctx.db)).map((p) => ({
        id: p.id,
        name: p.name,
        address: p.address,
        service_fee: toDecimal(fromDecimal(p.serviceFee)),
        operating_hours: p.operatingHours,
      })),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/checkout',
    auth: 'public',
    body: checkoutBody,
    // DECISIONS 25: a double click or a retried submission takes one order. A guest's keys are kept
    // apart per session, so one guest's key never answers another's reply.
    handler: async ({ ctx, req, reply, session, body }): Promise<CheckoutPlacedReply> =>
      idempotent(
        ctx,
        req,
        reply,
        {
          scope: session?.user
            ? 'checkout'
            : `checkout.guest:${hashToken(session?.idHash ?? 'none').slice(0, 32)}`,
          userId: session?.user?.id ?? null,
          body,
        },
        async () => {
          const { order_id: _id, ...placed } = await placeCheckoutOrder(ctx, req, session, body);
          reply.code(201);
          return placed;
        },
      ),
  }),
];

/** Card payment: the hand-over, the sandbox's hosted form, and the gateway's signed callback. */
export const cardPaymentRoutes = [
  defineRoute({
    method: 'POST',
    url: '/payment/:orderCode/card',
    auth: 'public',
    params: orderCodeParam,
    body: startCardPaymentBody,
    handler: async ({ ctx, session, params, body }) =>
      startCardPayment(ctx, session, params.orderCode, body.token ?? null),
  }),

  defineRoute({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/pay`,
    auth: 'public',
    body: sandboxPayBody,
    handler: async ({ ctx, body }) => sandboxPay(ctx, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/payment/callback',
    auth: 'public',
    // Believed for its gateway signature (DECISIONS 19); relayed by the buyer's page, with its CSRF token.
    body: paymentCallbackBody,
    handler: async ({ ctx, body }) => completeCardPayment(ctx, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/payment/webhook',
    auth: 'public',
    // The gateway's server-to-server notification: no browser, so no session and no CSRF token;
    // believed for its signature alone, and acting once however often it arrives.
    csrf: false,
    body: paymentCallbackBody,
    handler: async ({ ctx, body }) => completeCardPayment(ctx, body),
  }),
];
