import { asc, desc, eq } from 'drizzle-orm';
import { defineRoute } from '../../platform/http/define-route';
import { currencies } from './currencies.tables';
import { defaultCurrency, presentCurrency } from './default-currency';

/** spec 1 §7: the default currency and the active list (public: the storefront shows prices too). */
export const currencyRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/currencies/default',
    auth: 'public',
    handler: async ({ ctx }) => defaultCurrency(ctx.db),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/currencies/active',
    auth: 'public',
    handler: async ({ ctx }) => {
      const rows = await ctx.db
        .select()
        .from(currencies)
        .where(eq(currencies.isActive, true))
        .orderBy(desc(currencies.isDefault), asc(currencies.code));
      return { data: rows.map(presentCurrency) };
    },
  }),
];
