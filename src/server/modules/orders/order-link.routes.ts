import { z } from 'zod';
import { defineRoute } from '../../platform/http/define-route';
import { closedForMaintenance, shopDocument } from '../storefront';
import { openOrderLink, orderLinkGate } from './order-link';

const tokenParam = z.object({ token: z.string().min(1).max(200) });

/**
 * The customer order link's public page (DECISIONS 11): no sign-in, the token is the key. The GET
 * shows the button that opens the order and spends nothing; the POST it sends spends one view and
 * answers the order (docs/decisions/0032).
 */
export const orderLinkRoutes = [
  defineRoute({
    method: 'GET',
    url: '/order-link/:token',
    auth: 'public',
    html: true,
    params: tokenParam,
    handler: async ({ ctx, req, reply, params }) => {
      // The token is in the URL: keep it out of other sites' Referer headers.
      reply.header('Referrer-Policy', 'no-referrer');
      // A storefront page: closed in maintenance mode like the others.
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const result = await orderLinkGate(ctx, params.token);
      if (!result.ok) return ctx.pages.error(req, reply, result.status, result.message);
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, { page: 'order-link', props: { token: params.token, ...result.gate } }),
      );
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/order-link/:token',
    auth: 'public',
    params: tokenParam,
    handler: async ({ ctx, reply, params }) => {
      reply.header('Referrer-Policy', 'no-referrer');
      const result = await openOrderLink(ctx, params.token);
      if (!result.ok) return reply.code(result.status).send({ message: result.message });
      return { data: result.view };
    },
  }),
];
