import type { ShopDisplay } from '../../../contracts/shop-catalogue';
import type { LoadedSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { getSettings } from '../../platform/settings/settings-store';
import { loadShopPricing } from '../catalogue';
import { defaultCurrency } from '../currencies';

/** The role the shop shows products and prices for: the session's active role, else "guest". */
export function shopRole(session: LoadedSession | null): string {
  return session?.user && session.activeRole ? session.activeRole : 'guest';
}

/**
 * What every catalogue page reads besides its products: the buyer's pricing (the pricing engine's
 * rules for the visitor's role), the stock settings and the currency.
 */
export async function loadShopContext(ctx: AppContext, session: LoadedSession | null) {
  const [pricing, settings, currency] = await Promise.all([
    loadShopPricing(ctx.db, session, ctx.now()),
    getSettings(ctx.db, [
      'stock_management_enabled',
      'show_stock_quantities',
      'show_low_stock_warning',
      'out_of_stock_behavior',
    ]),
    defaultCurrency(ctx.db),
  ]);
  const display: ShopDisplay = {
    stock: {
      stock_management_enabled: settings.stock_management_enabled,
      show_stock_quantities: settings.show_stock_quantities,
      show_low_stock_warning: settings.show_low_stock_warning,
    },
    currency: { code: currency.code, symbol: currency.symbol },
  };
  return {
    role: shopRole(session),
    pricing,
    display,
    // spec 2 §3 out_of_stock_behavior "hide": products without stock leave the lists (when stock is managed).
    hideOutOfStock: settings.stock_management_enabled && settings.out_of_stock_behavior === 'hide',
  };
}
