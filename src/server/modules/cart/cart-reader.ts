import type { LoadedSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { loadShopPricing } from '../catalogue';
import type { CartReader } from './cart.queries';

/** The shop-visibility role of the session's buyer: their active role, "guest" without an account. */
export const visibleToOf = (session: LoadedSession | null): string =>
  (session?.user && session.activeRole) || 'guest';

/** Whom the cart is priced and shown for: the session's buyer, today. */
export async function cartReaderOf(ctx: AppContext, session: LoadedSession | null): Promise<CartReader> {
  return {
    pricing: await loadShopPricing(ctx.db, session, ctx.now()),
    visibleTo: visibleToOf(session),
    storage: ctx.storage,
  };
}
