import { idParam } from '../../../contracts/common';
import {
  areaAddressBody,
  areaOrdersQuery,
  areaPasswordBody,
  areaProfileBody,
} from '../../../contracts/customer-areas';
import {
  CUSTOMER_AREA_ROLES,
  type CustomerAreaRole,
  ORDER_AREA_ROLES,
} from '../../../domain/customer-areas/area-orders';
import { defineRoute } from '../../platform/http/define-route';
import { areaDashboard } from './area-dashboard';
import { areaOrder, areaOrders } from './area-orders';
import { areaAddressList, areaProfile } from './area-profile';
import { changeAreaPassword } from './change-area-password';
import { convertOrderToCart } from './convert-order-to-cart';
import { createAreaAddress } from './create-area-address';
import { deleteAreaAddress } from './delete-area-address';
import { payAreaOrder } from './pay-area-order';
import { setDefaultAreaAddress } from './set-default-area-address';
import { updateAreaAddress } from './update-area-address';
import { updateAreaProfile } from './update-area-profile';

/** spec 3 §7 Customer areas: the customer uses /api/customer/dashboard, the others …/dashboard-data. */
export const dashboardDataUrl = (role: CustomerAreaRole) =>
  role === 'customer' ? '/api/customer/dashboard' : `/api/${role}/dashboard-data`;

/** What every area has: dashboard data, profile, password and addresses (DECISIONS 2: active role = the area's). */
function areaRoutes(role: CustomerAreaRole) {
  const auth = { role } as const;
  const addressBody = areaAddressBody(role);
  return [
    defineRoute({
      method: 'GET',
      url: dashboardDataUrl(role),
      auth,
      handler: async ({ ctx, session }) => ({
        success: true,
        data: await areaDashboard(ctx.db, session, role),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: `/api/${role}/profile`,
      auth,
      handler: async ({ ctx, session }) => ({ success: true, data: await areaProfile(ctx.db, session) }),
    }),
    defineRoute({
      method: 'PUT',
      url: `/api/${role}/profile`,
      auth,
      body: areaProfileBody,
      handler: async ({ ctx, req, session, body }) => updateAreaProfile(ctx, session, body, req.ip),
    }),
    defineRoute({
      method: 'PUT',
      url: `/api/${role}/password`,
      auth,
      body: areaPasswordBody,
      handler: async ({ ctx, req, session, body }) => changeAreaPassword(ctx, session, body, req.ip),
    }),
    defineRoute({
      method: 'GET',
      url: `/api/${role}/addresses`,
      auth,
      handler: async ({ ctx, session }) => ({
        success: true,
        data: await areaAddressList(ctx.db, session.user.id),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: `/api/${role}/addresses`,
      auth,
      body: addressBody,
      handler: async ({ ctx, reply, session, body }) => {
        reply.code(201);
        return createAreaAddress(ctx, session.user.id, body);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `/api/${role}/addresses/:id`,
      auth,
      params: idParam,
      body: addressBody,
      handler: async ({ ctx, session, params, body }) =>
        updateAreaAddress(ctx, session.user.id, params.id, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: `/api/${role}/addresses/:id`,
      auth,
      params: idParam,
      handler: async ({ ctx, session, params }) => deleteAreaAddress(ctx, session.user.id, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: `/api/${role}/addresses/:id/default`,
      auth,
      params: idParam,
      handler: async ({ ctx, session, params }) => setDefaultAreaAddress(ctx, session.user.id, params.id),
    }),
  ];
}

/** The customer's and partner's orders: list, detail, pay (DECISIONS 20) and modify (spec 3 §4). */
function orderRoutes(role: CustomerAreaRole) {
  const auth = { role } as const;
  return [
    defineRoute({
      method: 'GET',
      url: `/api/${role}/orders`,
      auth,
      query: areaOrdersQuery,
      handler: async ({ ctx, session, query }) => areaOrders(ctx.db, session.user.id, query.page),
    }),
    defineRoute({
      method: 'GET',
      url: `/api/${role}/orders/:id`,
      auth,
      params: idParam,
      handler: async ({ ctx, session, params }) => ({
        success: true,
        data: await areaOrder(ctx.db, session.user.id, params.id),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: `/${role}/orders/:id/pay`,
      auth,
      params: idParam,
      handler: async ({ ctx, session, params }) => payAreaOrder(ctx.db, session.user.id, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: `/${role}/orders/:id/convert-to-cart`,
      auth,
      params: idParam,
      handler: async ({ ctx, req, session, params }) => convertOrderToCart(ctx, session, params.id, req.ip),
    }),
  ];
}

export const customerAreaRoutes = CUSTOMER_AREA_ROLES.flatMap((role) => [
  ...areaRoutes(role),
  ...((ORDER_AREA_ROLES as readonly string[]).includes(role) ? orderRoutes(role) : []),
]);
