import type { ShopMenuItem } from '../../../contracts/shop-catalogue';
import type { Executor } from '../../platform/db/database';
import { cachedReference } from '../../platform/db/reference-cache';
import { presentMenu, presentShopMenu } from './menus.presenter';
import { loadMenu } from './menus.queries';

/** The menu as every shop page shows it: active items with a live target (docs/decisions/0040). */
export async function shopMenu(db: Executor): Promise<ShopMenuItem[]> {
  return cachedReference(db, 'menu:shop', async () =>
    presentShopMenu(presentMenu(await loadMenu(db), { activeOnly: true })),
  );
}
