import type { LoadedSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { loadShopPricing } from '../catalogue';
import type { CartReader } from './cart.queries';

/** The shop-visibility role of the session's buyer: their active role, "guest" without an account. */
export const visibleToOf = (session: LoadedSession | null): string =>
  (session?.user && session.activeRole) || 'guest';

/** Whom the cart is priced and shown for: the session's buyer, today (read in `db`, a transaction's if given). */
export async function cartReaderOf(
  ctx: AppContext,
  session: LoadedSession | null,
  db: Executor = ctx.db,
): Promise<CartReader> {
  return {
    pricing: await loadShopPricing(db, session, ctx.now()),
    visibleTo: visibleToOf(session),
    storage: ctx.storage,
  };
}
