import type { FastifyRequest } from 'fastify';
import type { ShopSeo } from '../../../contracts/shop-catalogue';
import type { ShopDocument, ShopPageState } from '../../../contracts/storefront';
import type { AppContext } from '../../platform/context';
import { getSettings } from '../../platform/settings/settings-store';
import { presentShopViewer } from '../accounts';
import { cartOwnerOf, ownerCartCount } from '../cart';
import { shopMenu } from '../menus';
import { requestPageTheme } from '../settings';

/**
 * Wraps a page's state with what every storefront page shows (site name, who is signed in, the
 * menu) and, for catalogue pages, its SEO.
 */
export async function shopDocument(
  ctx: AppContext,
  req: FastifyRequest,
  state: ShopPageState,
  seo: ShopSeo | null = null,
): Promise<ShopDocument> {
  const session = req.sessionState.status === 'active' ? req.sessionState.session : null;
  const path = req.url.split('?')[0] ?? '/';
  const [theme, settings, menu, cartCount] = await Promise.all([
    requestPageTheme(ctx, req, path),
    getSettings(ctx.db, ['site_name', 'online_shop_enabled']),
    shopMenu(ctx.db),
    ownerCartCount(ctx.db, cartOwnerOf(req, session)),
  ]);
  return {
    ...state,
    site_name: settings.site_name,
    ordering_open: settings.online_shop_enabled,
    cart_count: cartCount,
    theme: { name: theme.name, logo_url: theme.logo_url },
    viewer: presentShopViewer(session),
    menu,
    path,
    seo,
  } as ShopDocument;
}
