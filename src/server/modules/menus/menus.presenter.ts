import { MENU_PAGES, type MenuItemReply } from '../../../contracts/menus';
import type { ShopMenuItem } from '../../../contracts/shop-catalogue';
import {
  activeBranches,
  buildMenuTree,
  flattenTree,
  type MenuTreeNode,
} from '../../../domain/menus/menu-tree';
import type { MenuRow } from './menus.queries';

/** Where an item links in the shop; null when its category or product is gone or not shown. */
function linkOf(row: MenuRow): { url: string | null; menuUrl: string | null } {
  switch (row.targetType) {
    case 'url':
      return { url: row.url, menuUrl: row.url };
    case 'page': {
      const path = row.page ? (MENU_PAGES[row.page]?.path ?? null) : null;
      return { url: path, menuUrl: path };
    }
    case 'category': {
      const path = row.categorySlug ? `/category/${row.categorySlug}` : null;
      return { url: path, menuUrl: row.categoryActive ? path : null };
    }
    case 'product': {
      const path = row.productSlug ? `/products/${row.productSlug}` : null;
      return { url: path, menuUrl: row.productActive && !row.productDeleted ? path : null };
    }
  }
}

function present(node: MenuTreeNode<MenuRow>): MenuItemReply {
  const link = linkOf(node);
  return {
    id: node.id,
    label: node.label,
    target_type: node.targetType,
    url: link.url,
    menu_url: link.menuUrl,
    page: node.page,
    category_id: node.categoryId,
    category_name: node.categoryName,
    product_id: node.productId,
    product_name: node.productName,
    parent_id: node.parentId,
    order: node.order,
    is_active: node.isActive,
    level: node.level,
    children: node.children.map(present),
  };
}

/**
 * The menu as a tree of replies (spec 1 §7 Menu). For the shop (`activeOnly`): active items only,
 * an inactive item hiding its children, and items whose target is gone left out with theirs.
 */
export function presentMenu(
  rows: readonly MenuRow[],
  { activeOnly }: { activeOnly: boolean },
): MenuItemReply[] {
  const tree = buildMenuTree(rows);
  if (!activeOnly) return tree.map(present);
  const shown = (nodes: MenuItemReply[]): MenuItemReply[] =>
    nodes.filter((n) => n.menu_url !== null).map((n) => ({ ...n, children: shown(n.children) }));
  return shown(activeBranches(tree).map(present));
}

/** The tree flattened depth first (GET without with_children): each item once, children empty. */
export function flatMenu(tree: readonly MenuItemReply[]): MenuItemReply[] {
  return flattenTree(tree).map((node) => ({ ...node, children: [] }));
}

/** The shop's navigation (spec 3 §7): the active tree, each item with the path the shop links to. */
export function presentShopMenu(tree: readonly MenuItemReply[]): ShopMenuItem[] {
  return tree
    .filter((item) => item.menu_url !== null)
    .map((item) => ({
      id: item.id,
      label: item.label,
      url: item.menu_url!,
      children: presentShopMenu(item.children),
    }));
}
