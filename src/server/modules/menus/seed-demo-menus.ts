import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { MenuItemInput } from '../../../contracts/menus';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { categories, products } from '../catalogue';
import { menuItems } from './menus.tables';
import { saveMenuItem } from './save-menu-item';

const item = (label: string, over: Partial<MenuItemInput>): MenuItemInput => ({
  label,
  targetType: 'url',
  url: null,
  page: null,
  categoryId: null,
  productId: null,
  parentId: null,
  isActive: true,
  ...over,
});

/**
 * The demo shop's main menu, only when there is none: Home, Shop with the top categories and a
 * featured product below it, Contact, and a hidden "Sale" item to show the active toggle.
 */
export async function seedDemoMenus(ctx: AppContext, actor: Actor): Promise<void> {
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(menuItems);
  if ((count?.n ?? 0) > 0) return;
  const tops = await ctx.db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(isNull(categories.parentId), eq(categories.isActive, true)))
    .orderBy(asc(categories.sortOrder), asc(categories.id))
    .limit(3);
  const [featured] = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(isNull(products.deletedAt), eq(products.isActive, true), eq(products.isFeatured, true)))
    .orderBy(asc(products.id))
    .limit(1);

  await saveMenuItem(ctx, actor, null, item('Home', { targetType: 'page', page: 'home' }));
  const shop = await saveMenuItem(ctx, actor, null, item('Shop', { targetType: 'page', page: 'products' }));
  for (const category of tops)
    await saveMenuItem(
      ctx,
      actor,
      null,
      item(category.name, { targetType: 'category', categoryId: category.id, parentId: shop }),
    );
  if (featured)
    await saveMenuItem(
      ctx,
      actor,
      null,
      item(featured.name, { targetType: 'product', productId: featured.id, parentId: shop }),
    );
  await saveMenuItem(ctx, actor, null, item('Contact', { targetType: 'page', page: 'contact' }));
  await saveMenuItem(
    ctx,
    actor,
    null,
    item('Sale', { targetType: 'url', url: '/products?sale=1', isActive: false }),
  );
}
