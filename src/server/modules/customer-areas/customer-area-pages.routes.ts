import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParam } from '../../../contracts/common';
import { areaOrdersQuery } from '../../../contracts/customer-areas';
import type { ShopPageState } from '../../../contracts/storefront';
import { COMPANY_ROLES } from '../../../domain/access/roles';
import {
  CUSTOMER_AREA_ROLES,
  type CustomerAreaRole,
  ORDER_AREA_ROLES,
} from '../../../domain/customer-areas/area-orders';
import { addressTypesOf } from '../../../domain/customer-areas/party-addresses';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { latestCreditTransactions, partnerCreditOf } from '../credit';
import { closedForMaintenance, shopDocument } from '../storefront';
import { areaDashboard } from './area-dashboard';
import { areaOrder, areaOrders } from './area-orders';
import { areaAddressList, areaProfile } from './area-profile';

async function page(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, state: ShopPageState) {
  if (await closedForMaintenance(ctx, req, reply)) return reply;
  return ctx.pages.shop(req, reply, await shopDocument(ctx, req, state));
}

function areaPages(role: CustomerAreaRole) {
  const auth = { role } as const;
  return [
    // spec 3 §2: "/customer/" and the other areas' roots are their dashboards.
    ...[`/${role}`, `/${role}/`].map((url) =>
      defineRoute({
        method: 'GET',
        url,
        auth,
        html: true,
        handler: async ({ reply }) => reply.redirect(`/${role}/dashboard`, 302),
      }),
    ),
    defineRoute({
      method: 'GET',
      url: `/${role}/dashboard`,
      auth,
      html: true,
      handler: async ({ ctx, req, reply, session }) =>
        page(ctx, req, reply, {
          page: 'area-dashboard',
          props: {
            role,
            dashboard: await areaDashboard(ctx.db, session, role),
            // spec 3 §3: a partner's dashboard shows the credit account and the latest 5 moves.
            credit:
              role === 'partner'
                ? {
                    account: await partnerCreditOf(ctx.db, session.user.id),
                    transactions: await latestCreditTransactions(ctx.db, session.user.id),
                  }
                : null,
          },
        }),
    }),
    defineRoute({
      method: 'GET',
      url: `/${role}/profile`,
      auth,
      html: true,
      handler: async ({ ctx, req, reply, session }) => {
        const profile = await areaProfile(ctx.db, session);
        return page(ctx, req, reply, {
          page: 'area-profile',
          props: {
            role,
            profile,
            // spec 3 §6: the company field shows for supplier or partner roles, or when filled.
            show_company: COMPANY_ROLES.includes(role) || Boolean(profile.company_name),
          },
        });
      },
    }),
    defineRoute({
      method: 'GET',
      url: `/${role}/addresses`,
      auth,
      html: true,
      handler: async ({ ctx, req, reply, session }) =>
        page(ctx, req, reply, {
          page: 'area-addresses',
          props: {
            role,
            addresses: await areaAddressList(ctx.db, session.user.id),
            types: [...addressTypesOf(role)],
          },
        }),
    }),
  ];
}

function orderPages(role: CustomerAreaRole) {
  const auth = { role } as const;
  return [
    defineRoute({
      method: 'GET',
      url: `/${role}/orders`,
      auth,
      html: true,
      query: areaOrdersQuery,
      handler: async ({ ctx, req, reply, session, query }) =>
        page(ctx, req, reply, {
          page: 'area-orders',
          props: { role, orders: await areaOrders(ctx.db, session.user.id, query.page) },
        }),
    }),
    defineRoute({
      method: 'GET',
      url: `/${role}/order/:id`,
      auth,
      html: true,
      params: idParam,
      handler: async ({ ctx, req, reply, session, params }) =>
        page(ctx, req, reply, {
          page: 'area-order',
          props: { role, order: await areaOrder(ctx.db, session.user.id, params.id) },
        }),
    }),
  ];
}

/** spec 3 §2: /customer/, /partner/ (dashboard, orders, profile, addresses), /doctor/ and /patient/. */
export const customerAreaPageRoutes = CUSTOMER_AREA_ROLES.flatMap((role) => [
  ...areaPages(role),
  ...((ORDER_AREA_ROLES as readonly string[]).includes(role) ? orderPages(role) : []),
]);
