import {
  creditExportQuery,
  creditRequestBody,
  creditTransactionsQuery,
  fetchExternalContentBody,
  PARTNER_CREDIT_REQUESTS_SHOWN,
  type PartnerCheckoutProps,
  partnerCheckoutBody,
  partnerTransactionsQuery,
} from '../../../contracts/credit';
import { debitForOrder } from '../../../domain/credit/credit';
import { isoDateInZone } from '../../../domain/dates/date-format';
import { fromDecimal } from '../../../domain/money/money';
import { defineRoute } from '../../platform/http/define-route';
import { idempotent } from '../../platform/idempotency/idempotency';
import { getSetting } from '../../platform/settings/settings-store';
import { cartOwnerOf, cartReaderOf, readCart } from '../cart';
import { defaultCurrency } from '../currencies';
import { closedForMaintenance, shopDocument } from '../storefront';
import { accountState, presentAccount, presentCreditRequest, presentTransactions } from './credit.presenter';
import { accountOfUser, latestRequestsOf, transactionsPage } from './credit.queries';
import { sendStatement } from './credit-admin.routes';
import { latestCreditTransactions, partnerCreditOf } from './partner-credit';
import { fetchPartnerTerms, realNetwork, type TermsNetwork } from './partner-terms';
import { placePartnerOrder } from './place-partner-order';
import { requestCredit } from './request-credit';

const partner = { role: 'partner' } as const;

/**
 * POST /api/fetch-external-content (DECISIONS 21): public like the terms it shows, and fetching
 * only the configured partner terms URL. Tests build it over their own network.
 */
export function fetchExternalContentRoute(network: TermsNetwork = realNetwork) {
  return defineRoute({
    method: 'POST',
    url: '/api/fetch-external-content',
    auth: 'public',
    body: fetchExternalContentBody,
    handler: async ({ ctx, body }) => fetchPartnerTerms(ctx, body.url, network),
  });
}

/** Partner checkout and credit, the partner's side (spec 3 §7; DECISIONS 2: own data only). */
export const partnerCreditRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/partner/credit-balance',
    auth: partner,
    handler: async ({ ctx, session }) => ({
      success: true,
      data: await partnerCreditOf(ctx.db, session.user.id),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/partner/credit-transactions',
    auth: partner,
    query: partnerTransactionsQuery,
    handler: async ({ ctx, session, query }) => {
      if (query.limit !== undefined)
        return { success: true, data: await latestCreditTransactions(ctx.db, session.user.id, query.limit) };
      const account = await accountOfUser(ctx.db, session.user.id);
      const page = account
        ? presentTransactions(await transactionsPage(ctx.db, account.id, query.page))
        : { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null };
      return { success: true, data: page };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/partner/credit-request',
    auth: partner,
    body: creditRequestBody,
    handler: async ({ ctx, req, reply, session, body }) =>
      idempotent(ctx, req, reply, { scope: 'credit.request', userId: session.user.id, body }, async () => {
        reply.code(201);
        return requestCredit(ctx, session.user.id, body);
      }),
  }),

  defineRoute({
    method: 'GET',
    url: '/partner/credit/export',
    auth: partner,
    query: creditExportQuery,
    handler: async ({ ctx, req, reply, session, query }) =>
      sendStatement(ctx, req, reply, session.user.id, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/partner/credit',
    auth: partner,
    html: true,
    query: creditTransactionsQuery,
    handler: async ({ ctx, req, reply, session, query }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const [credit, account, currency, requests, timeZone] = await Promise.all([
        partnerCreditOf(ctx.db, session.user.id),
        accountOfUser(ctx.db, session.user.id),
        defaultCurrency(ctx.db),
        latestRequestsOf(ctx.db, session.user.id, PARTNER_CREDIT_REQUESTS_SHOWN),
        getSetting(ctx.db, 'app_timezone'),
      ]);
      const transactions = account
        ? presentTransactions(await transactionsPage(ctx.db, account.id, query.page))
        : { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null };
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, {
          page: 'partner-credit',
          props: {
            credit,
            has_account: account !== null,
            transactions,
            currency_symbol: currency.symbol,
            requests: requests.map(presentCreditRequest),
            today: isoDateInZone(ctx.now(), timeZone),
          },
        }),
      );
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/partner/checkout',
    auth: partner,
    html: true,
    handler: async ({ ctx, req, reply, session }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const [cart, currency, account, termsUrl] = await Promise.all([
        readCart(ctx.db, cartOwnerOf(req, session), await cartReaderOf(ctx, session)),
        defaultCurrency(ctx.db),
        accountOfUser(ctx.db, session.user.id),
        getSetting(ctx.db, 'partner_terms_conditions_url'),
      ]);
      const grandTotal = fromDecimal(cart.total);
      const decision = debitForOrder(account ? accountState(account) : null, grandTotal, currency.symbol);
      const view = presentAccount(account);
      const props: PartnerCheckoutProps = {
        cartItems: cart.items.map((i) => ({
          id: i.id,
          name: i.name,
          variant: i.variant,
          quantity: i.quantity,
          price: i.price,
          subtotal: i.subtotal,
        })),
        subtotal: cart.subtotal,
        tax: cart.tax,
        grandTotal: cart.total,
        creditAccount: account
          ? { status: view.status, isActive: view.is_active, current_balance: view.current_balance }
          : null,
        hasSufficientCredit: decision.ok,
        credit_message: decision.ok ? null : decision.message,
        payment_methods: ['credit', 'pay_now'],
        partner_terms_url: termsUrl.trim() || null,
        currency_symbol: currency.symbol,
      };
      return ctx.pages.shop(req, reply, await shopDocument(ctx, req, { page: 'partner-checkout', props }));
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/partner/checkout/process',
    auth: partner,
    body: partnerCheckoutBody,
    // DECISIONS 25: a double click or a retried submission takes one order and one debit.
    handler: async ({ ctx, req, reply, session, body }) =>
      idempotent(ctx, req, reply, { scope: 'partner.checkout', userId: session.user.id, body }, () =>
        placePartnerOrder(ctx, req, session, body),
      ),
  }),
];

export const fetchExternalContentRoutes = [fetchExternalContentRoute()];
