import { z } from 'zod';
import { defineRoute } from '../../platform/http/define-route';
import { closedForMaintenance, shopDocument } from '../storefront';
import { openOrderLink } from './order-link';

const tokenParam = z.object({ token: z.string().min(1).max(200) });

/** The customer order link's public page (DECISIONS 11): no sign-in, the token is the key. */
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
      // A storefront page: closed in maintenance mode like the others, before a use is spent.
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const result = await openOrderLink(ctx, params.token);
      if (!result.ok) return ctx.pages.error(req, reply, result.status, result.message);
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, { page: 'order-link', props: result.view }),
      );
    },
  }),
];
