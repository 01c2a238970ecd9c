import { z } from 'zod';
import { recordId } from '../../../contracts/common';
import {
  type CustomerLinkStatusReply,
  ORDER_DOCUMENT_MESSAGES as M,
  type SendCustomerLinkReply,
} from '../../../contracts/orders';
import { defineRoute } from '../../platform/http/define-route';
import { latestOrderLink, presentCustomerLink } from './customer-link.queries';
import { findOrderOr404 } from './documents.queries';
import { sendCustomerLink } from './send-customer-link';

const orders = { permission: 'orders.manage' } as const;
const idParam = z.object({ id: recordId });

/** The customer order link, admin side (spec 1 §4, §7 Customer link; DECISIONS 11). */
export const customerLinkRoutes = [
  defineRoute({
    method: 'GET',
    url: '/admin/orders/:id/customer-link-status',
    auth: { permission: 'orders.view' },
    params: idParam,
    handler: async ({ ctx, params }): Promise<CustomerLinkStatusReply> => {
      const order = await findOrderOr404(ctx.db, params.id);
      return { success: true, data: presentCustomerLink(await latestOrderLink(ctx.db, order.id), ctx.now()) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/orders/:id/send-customer-link',
    auth: orders,
    params: idParam,
    // The e-mail is queued (docs/decisions/0046): "sent" in the spec's words means it is on its way;
    // a mail server that refuses it shows on the link's status as `error`.
    handler: async ({ ctx, req, session, params }): Promise<SendCustomerLinkReply> => {
      const link = await sendCustomerLink(ctx, { userId: session.user.id, ip: req.ip }, params.id);
      return { success: true, message: M.linkSent, data: presentCustomerLink(link, ctx.now()) };
    },
  }),
];
