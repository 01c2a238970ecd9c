import { z } from 'zod';
import { idParam, recordId } from '../../../contracts/common';
import {
  type OrderReferenceDataReply,
  type OrderReply,
  type OrderSavedReply,
  type OrderStockActionReply,
  type OrderStockStatusReply,
  orderFormBody,
  paymentBody,
  quickStatusBody,
  refundBody,
  updateFieldBody,
  updateItemsBody,
} from '../../../contracts/orders';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { idempotent } from '../../platform/idempotency/idempotency';
import { activePickupPoints } from '../shop-setup';
import { addPayment } from './add-payment';
import { createOrder } from './create-order';
import { deductStockOfOrder } from './deduct-order-stock';
import { orderStockStatus } from './order-stock-status';
import { presentOrder } from './orders.presenter';
import { orderReferenceData, personName } from './orders.queries';
import { refundPayment } from './refund-payment';
import { resetStockDeduction } from './reset-stock-deduction';
import { updateOrder } from './update-order';
import { updateOrderField } from './update-order-field';
import { updateOrderItems } from './update-order-items';
import { updateOrderStatus } from './update-order-status';
import { updatePayment } from './update-payment';

/** Every order route needs orders.manage (docs/decisions/0030). */
const orders = { permission: 'orders.manage' } as const;

const paymentIdParam = z.object({ paymentId: recordId });

/** The order write path and reads (spec 1 §4, §5, §7). */
export const orderRoutes = [
  defineRoute({
    method: 'POST',
    url: '/admin/orders',
    auth: orders,
    body: orderFormBody,
    // DECISIONS 25: a repeated Create (double click, retried request) with the same key takes one order.
    handler: async ({ ctx, req, reply, session, body }): Promise<OrderSavedReply> =>
      idempotent(ctx, req, reply, { scope: 'order.create', userId: session.user.id, body }, async () => {
        const saved = await createOrder(ctx, actorOf(session, req), body);
        reply.code(201);
        return saved;
      }),
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/orders/:id',
    auth: orders,
    params: idParam,
    body: orderFormBody,
    handler: async ({ ctx, req, session, params, body }): Promise<OrderSavedReply> =>
      updateOrder(ctx, actorOf(session, req), params.id, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/orders/form/reference-data',
    auth: { permission: 'orders.view' },
    handler: async ({ ctx }): Promise<OrderReferenceDataReply> => {
      const [{ customers, sellers, carriers }, points] = await Promise.all([
        orderReferenceData(ctx.db),
        activePickupPoints(ctx.db),
      ]);
      return {
        data: {
          users: customers.map((u) => ({ id: u.id, name: personName(u), email: u.email })),
          sellers: sellers.map((u) => ({ id: u.id, name: personName(u) })),
          carriers: carriers.map((c) => ({ id: c.id, name: c.name, price: c.price })),
          pickup_points: points.map((p) => ({
            id: p.id,
            name: p.name,
            address: p.address,
            service_fee: p.serviceFee,
          })),
        },
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/orders/:id',
    auth: { permission: 'orders.view' },
    params: idParam,
    handler: async ({ ctx, params }): Promise<{ data: OrderReply }> => ({
      data: await presentOrder(ctx.db, params.id),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/orders/:id/update-items',
    auth: orders,
    params: idParam,
    body: updateItemsBody,
    handler: async ({ ctx, req, session, params, body }) =>
      updateOrderItems(ctx, actorOf(session, req), params.id, body),
  }),

  defineRoute({
    method: 'PATCH',
    url: '/admin/orders/:id/update-field',
    auth: orders,
    params: idParam,
    body: updateFieldBody,
    handler: async ({ ctx, req, session, params, body }) =>
      updateOrderField(ctx, actorOf(session, req), params.id, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/orders/:id/status',
    auth: orders,
    params: idParam,
    body: quickStatusBody,
    handler: async ({ ctx, req, session, params, body }) =>
      updateOrderStatus(ctx, actorOf(session, req), params.id, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/orders/:id/add-payment',
    auth: orders,
    params: idParam,
    body: paymentBody,
    // DECISIONS 25: the same payment sent twice with one key is recorded once.
    handler: async ({ ctx, req, reply, session, params, body }) =>
      idempotent(ctx, req, reply, { scope: 'order.add_payment', userId: session.user.id, body }, () =>
        addPayment(ctx, actorOf(session, req), params.id, body),
      ),
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/orders/payments/:paymentId',
    auth: orders,
    params: paymentIdParam,
    body: paymentBody,
    handler: async ({ ctx, req, session, params, body }) =>
      updatePayment(ctx, actorOf(session, req), params.paymentId, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/orders/payments/:paymentId/refund',
    auth: orders,
    params: paymentIdParam,
    body: refundBody,
    handler: async ({ ctx, req, session, params, body }) =>
      refundPayment(ctx, actorOf(session, req), params.paymentId, body.reason),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/orders/:id/stock-status',
    auth: { permission: 'orders.view' },
    params: idParam,
    handler: async ({ ctx, params }): Promise<OrderStockStatusReply> => orderStockStatus(ctx.db, params.id),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/orders/:id/deduct-stock',
    auth: orders,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<OrderStockActionReply> =>
      deductStockOfOrder(ctx, actorOf(session, req), params.id, { creditOnly: false }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/orders/:id/deduct-stock-credit',
    auth: orders,
    params: idParam,
    // DECISIONS 25: a credit operation.
    handler: async ({ ctx, req, reply, session, params }): Promise<OrderStockActionReply> =>
      idempotent(ctx, req, reply, { scope: 'order.deduct_credit', userId: session.user.id, body: null }, () =>
        deductStockOfOrder(ctx, actorOf(session, req), params.id, { creditOnly: true }),
      ),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/orders/:id/reset-stock-deduction',
    auth: orders,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<OrderStockActionReply> =>
      resetStockDeduction(ctx, actorOf(session, req), params.id),
  }),
];
