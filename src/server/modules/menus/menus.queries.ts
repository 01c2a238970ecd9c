import { asc, eq } from 'drizzle-orm';
import type { MenuPage, MenuTargetType } from '../../../contracts/menus';
import type { Executor } from '../../platform/db/database';
import { categories, products } from '../catalogue';
import { menuItems } from './menus.tables';

/** A menu item with what it links to (one query for the whole menu: it is small). */
export type MenuRow = {
  id: number;
  parentId: number | null;
  label: string;
  targetType: MenuTargetType;
  url: string | null;
  page: MenuPage | null;
  categoryId: number | null;
  categoryName: string | null;
  categorySlug: string | null;
  categoryActive: boolean | null;
  productId: number | null;
  productName: string | null;
  productSlug: string | null;
  productActive: boolean | null;
  productDeleted: boolean | null;
  order: number;
  isActive: boolean;
};

export async function loadMenu(db: Executor): Promise<MenuRow[]> {
  const rows = await db
    .select({
      id: menuItems.id,
      parentId: menuItems.parentId,
      label: menuItems.label,
      targetType: menuItems.targetType,
      url: menuItems.url,
      page: menuItems.page,
      categoryId: menuItems.categoryId,
      categoryName: categories.name,
      categorySlug: categories.slug,
      categoryActive: categories.isActive,
      productId: menuItems.productId,
      productName: products.name,
      productSlug: products.slug,
      productActive: products.isActive,
      productDeletedAt: products.deletedAt,
      order: menuItems.order,
      isActive: menuItems.isActive,
    })
    .from(menuItems)
    .leftJoin(categories, eq(categories.id, menuItems.categoryId))
    .leftJoin(products, eq(products.id, menuItems.productId))
    .orderBy(asc(menuItems.order), asc(menuItems.id));
  return rows.map(({ productDeletedAt, ...row }) => ({
    ...row,
    targetType: row.targetType as MenuTargetType,
    page: row.page as MenuPage | null,
    productDeleted: row.productId === null ? null : productDeletedAt !== null,
  }));
}
