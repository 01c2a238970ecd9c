import { z } from 'zod';
import { CARD_MESSAGES, type CheckoutPageProps } from '../../../contracts/checkout';
import { fieldError } from '../../../domain/errors';
import { SANDBOX_CARDS } from '../../../domain/payments/card-number';
import { defineRoute } from '../../platform/http/define-route';
import { getSetting } from '../../platform/settings/settings-store';
import { findUser } from '../accounts';
import { cartOwnerOf, cartReaderOf, readCart } from '../cart';
import { defaultCurrency } from '../currencies';
import { listShippingMethods } from '../shipping';
import { closedForMaintenance, shopDocument } from '../storefront';
import { buyerOrder, isPayable, latestCardPayment, presentBuyerOrder } from './buyer-order';
import { activeCountries } from './checkout.queries';
import { orderCodeParam } from './checkout.routes';
import { shopPaymentMethods } from './place-checkout-order';
import { SANDBOX_PREFIX, verifySandboxRequest } from './sandbox-gateway';

const tokenQuery = z.object({ token: z.string().max(200).optional() });

const sandboxQuery = z.object({
  reference: z.string().max(200).optional(),
  amount: z.string().max(40).optional(),
  currency: z.string().max(10).optional(),
  return_url: z.string().max(500).optional(),
  signature: z.string().max(200).optional(),
});

/**
 * The checkout's shop pages (spec 3 §2): the form, the order confirmation, the payment page and
 * the card sandbox's hosted page. None carries the admin's custom code (DECISIONS 24), and the
 * pages whose address holds a receipt token keep it out of Referer headers.
 */
export const checkoutPageRoutes = [
  defineRoute({
    method: 'GET',
    url: '/checkout',
    auth: 'public',
    html: true,
    handler: async ({ ctx, req, reply, session }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const [cart, currency, countries, methods, payments, user] = await Promise.all([
        readCart(ctx.db, cartOwnerOf(req, session), await cartReaderOf(ctx, session)),
        defaultCurrency(ctx.db),
        activeCountries(ctx.db),
        listShippingMethods(ctx.db, { onlyEnabled: true }),
        shopPaymentMethods(ctx.db),
        session?.user ? findUser(ctx.db, session.user.id) : Promise.resolve(null),
      ]);
      const props: CheckoutPageProps = {
        cart: {
          items: cart.items.map((i) => ({
            id: i.id,
            name: i.name,
            variant: i.variant,
            quantity: i.quantity,
            price: i.price,
            subtotal: i.subtotal,
            product_id: i.product_id,
            product_stock_id: i.product_stock_id,
          })),
          subtotal: cart.subtotal,
          tax: cart.tax,
          total: cart.total,
          count: cart.count,
        },
        currency_symbol: currency.symbol,
        countries,
        shipping_methods: methods.map((m) => ({
          id: m.id,
          name: m.name,
          description: m.description,
          estimated_days_min: m.estimatedDaysMin,
          estimated_days_max: m.estimatedDaysMax,
        })),
        payment_methods: payments.map((m) => ({
          code: m.code,
          name: m.name,
          description: m.description,
          instructions: m.instructions,
        })),
        // A signed-in buyer's details are filled in (issue 14).
        prefill: {
          first_name: user?.firstName ?? '',
          last_name: user?.lastName ?? '',
          email: user?.email ?? '',
          phone: user?.phone ?? user?.mobile ?? '',
        },
      };
      return ctx.pages.shop(req, reply, await shopDocument(ctx, req, { page: 'checkout', props }));
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/order-confirmation/:orderCode',
    auth: 'public',
    html: true,
    params: orderCodeParam,
    query: tokenQuery,
    handler: async ({ ctx, req, reply, session, params, query }) => {
      reply.header('Referrer-Policy', 'no-referrer');
      const token = query.token ?? null;
      const order = await buyerOrder(ctx.db, session, params.orderCode, token, ctx.now());
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, {
          page: 'order-confirmation',
          props: { order: await presentBuyerOrder(ctx.db, order, token) },
        }),
      );
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/payment/:orderCode',
    auth: 'public',
    html: true,
    params: orderCodeParam,
    query: tokenQuery,
    handler: async ({ ctx, req, reply, session, params, query }) => {
      reply.header('Referrer-Policy', 'no-referrer');
      const token = query.token ?? null;
      const order = await buyerOrder(ctx.db, session, params.orderCode, token, ctx.now());
      const last = await latestCardPayment(ctx.db, order.id);
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, {
          page: 'payment',
          props: {
            order: await presentBuyerOrder(ctx.db, order, token),
            token,
            last_attempt:
              last && last.status !== 'pending' ? (last.status as 'paid' | 'declined' | 'cancelled') : null,
            payable: isPayable(order),
          },
        }),
      );
    },
  }),

  defineRoute({
    method: 'GET',
    url: `${SANDBOX_PREFIX}/pay`,
    auth: 'public',
    html: true,
    query: sandboxQuery,
    handler: async ({ ctx, req, reply, query }) => {
      reply.header('Referrer-Policy', 'no-referrer');
      const request = await verifySandboxRequest(ctx.db, query);
      if (!request) throw fieldError('signature', CARD_MESSAGES.sandboxRequest);
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, {
          page: 'card-sandbox',
          props: {
            request: { ...request, signature: query.signature ?? '' },
            merchant: await getSetting(ctx.db, 'site_name'),
            test_cards: { approved: SANDBOX_CARDS.approved, declined: SANDBOX_CARDS.declined },
          },
        }),
      );
    },
  }),
];
