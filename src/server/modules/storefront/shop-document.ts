import type { FastifyRequest } from 'fastify';
import type { ShopDocument, ShopPageState } from '../../../contracts/storefront';
import type { AppContext } from '../../platform/context';
import { getSetting } from '../../platform/settings/settings-store';
import { presentShopViewer } from '../accounts';
import { readPageTheme } from '../settings';

/** Wraps a page's state with what every storefront page shows (site name, who is signed in). */
export async function shopDocument(
  ctx: AppContext,
  req: FastifyRequest,
  state: ShopPageState,
): Promise<ShopDocument> {
  const session = req.sessionState.status === 'active' ? req.sessionState.session : null;
  const theme = await readPageTheme(ctx);
  return {
    ...state,
    site_name: await getSetting(ctx.db, 'site_name'),
    theme: { name: theme.name, logo_url: theme.logo_url },
    viewer: presentShopViewer(session),
  };
}
