import type { FastifyRequest } from 'fastify';
import type { ShopSeo } from '../../../contracts/shop-catalogue';
import type { ShopDocument, ShopPageState, ShopViewer } from '../../../contracts/storefront';
import type { AppContext } from '../../platform/context';
import { getSettings } from '../../platform/settings/settings-store';
import { presentShopViewer } from '../accounts';
import { cartOwnerOf, ownerCartCount } from '../cart';
import { shopMenu } from '../menus';
import { requestPageTheme } from '../settings';

/** What a storefront page shows of its visitor: who is signed in, and their cart's count. */
export type ShopVisitor = { viewer: ShopViewer | null; cartCount: number };

export async function shopVisitor(ctx: AppContext, req: FastifyRequest): Promise<ShopVisitor> {
  const session = req.sessionState.status === 'active' ? req.sessionState.session : null;
  return {
    viewer: presentShopViewer(session),
    cartCount: await ownerCartCount(ctx.db, cartOwnerOf(req, session)),
  };
}

/**
 * Wraps a page's state with what every storefront page shows (site name, who is signed in, the
 * menu) and, for catalogue pages, its SEO.
 */
export async function shopDocument(
  ctx: AppContext,
  req: FastifyRequest,
  state: ShopPageState,
  seo: ShopSeo | null = null,
  known: ShopVisitor | null = null,
): Promise<ShopDocument> {
  const path = req.url.split('?')[0] ?? '/';
  const [theme, settings, menu, visitor] = await Promise.all([
    requestPageTheme(ctx, req, path),
    getSettings(ctx.db, ['site_name', 'online_shop_enabled']),
    shopMenu(ctx.db),
    known ?? shopVisitor(ctx, req),
  ]);
  return {
    ...state,
    site_name: settings.site_name,
    ordering_open: settings.online_shop_enabled,
    cart_count: visitor.cartCount,
    theme: { name: theme.name, logo_url: theme.logo_url },
    viewer: visitor.viewer,
    menu,
    path,
    seo,
  } as ShopDocument;
}
