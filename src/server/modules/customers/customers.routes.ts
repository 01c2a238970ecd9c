import { z } from 'zod';
import { idParam } from '../../../contracts/common';
import { customerBody, ORDER_MESSAGES } from '../../../contracts/orders';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { createCustomer } from './create-customer';
import { presentCustomer } from './customers.presenter';
import { CUSTOMER_SEARCH_MIN, customersChangesSideRead, searchCustomers } from './customers.queries';
import { ensureCustomerRole } from './ensure-customer-role';
import { updateCustomerProfile } from './update-customer-profile';

/** The order form's customer calls: an order-area feature (docs/decisions/0030 Permissions). */
const auth = { permission: 'orders.manage' } as const;

const customerSearchQuery = z.object({
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((s) => s ?? ''),
});

/** Customers of the order form (spec 1 §3 Customer, §5, §7 "Customers"). */
export const customersRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/customers',
    auth,
    query: customerSearchQuery,
    sessionSideRead: customersChangesSideRead,
    handler: async ({ ctx, req, query }) => {
      // spec 1 §9: fewer than 2 characters search nothing.
      if (query.search.length < CUSTOMER_SEARCH_MIN) return { data: [] };
      const found = await searchCustomers(ctx.db, query.search, req.sessionState.side);
      return { data: found.map(presentCustomer) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/customers',
    auth,
    body: customerBody,
    handler: async ({ ctx, req, session, body }) => {
      const customer = await createCustomer(ctx, actorOf(session, req), body);
      return { success: true, message: ORDER_MESSAGES.customerCreated, data: presentCustomer(customer) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/customers/:id/profile',
    auth,
    params: idParam,
    body: customerBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const customer = await updateCustomerProfile(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: ORDER_MESSAGES.customerUpdated, data: presentCustomer(customer) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/users/:id/ensure-customer-role',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      const roles = await ensureCustomerRole(ctx, actorOf(session, req), params.id);
      return { success: true, data: { roles } };
    },
  }),
];
