import { z } from 'zod';
import { CIRCULAR_MENU_MESSAGE } from '../domain/menus/menu-tree';
import { isSlideLink } from '../domain/sliders/slide-link';
import { formBoolean, INT_MAX, recordId, wholeNumber } from './common';

/** Words of the menu manager: spec 1 §5, §8 where it has them, the shop's own otherwise. */
export const MENU_MESSAGES = {
  // spec 1 §8 Menu
  loadFailed: 'Failed to load menu items',
  orderFailed: 'Failed to save menu order',
  statusFailed: 'Failed to update menu item status',
  // spec 1 §5
  circular: CIRCULAR_MENU_MESSAGE,
  // the shop's
  saveFailed: 'Failed to save the menu item',
  deleteFailed: 'Failed to delete the menu item',
  created: 'Menu item created successfully',
  updated: 'Menu item updated successfully',
  deleted: 'Menu item deleted successfully',
  orderSaved: 'Menu order saved successfully',
  activated: 'Menu item shown in the shop',
  deactivated: 'Menu item hidden from the shop',
  notFound: 'Menu item not found.',
  label: 'Enter the label shown in the menu.',
  labelLong: 'The label may not be longer than 100 characters.',
  targetType: 'Choose what the item links to.',
  url: 'Enter a link starting with /, http:// or https://.',
  page: 'Choose a page of the shop.',
  category: 'Choose a category.',
  categoryUnknown: 'The selected category does not exist.',
  product: 'Choose a product.',
  productUnknown: 'The selected product does not exist.',
  parentUnknown: 'The selected parent item does not exist.',
  items: 'Send the items with their id, order and parent.',
  itemUnknown: 'One of the items no longer exists. Please reload the menu.',
  order: 'The order must be a whole number of 0 or more.',
  status: 'Must be on or off.',
} as const;
const M = MENU_MESSAGES;

export const MENU_TARGET_TYPES = ['url', 'page', 'category', 'product'] as const;
export type MenuTargetType = (typeof MENU_TARGET_TYPES)[number];

/** The storefront's own pages a menu item may open (spec 3 §2 paths). */
export const MENU_PAGES = {
  home: { label: 'Home', path: '/' },
  products: { label: 'All products', path: '/products' },
  cart: { label: 'Cart', path: '/cart' },
  contact: { label: 'Contact', path: '/contact' },
  login: { label: 'Sign in', path: '/login' },
} as const;
export type MenuPage = keyof typeof MENU_PAGES;
const PAGE_KEYS = Object.keys(MENU_PAGES) as [MenuPage, ...MenuPage[]];

const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === 0 || v === '0' ? null : v),
    wholeNumber(message, { min: 1 }).nullable(),
  );

/** POST /api/menu-items and PUT /api/menu-items/{id}: one item and where it links to. */
export const menuItemBody = z
  .object({
    label: z.string({ error: M.label }).trim().min(1, M.label).max(100, M.labelLong),
    target_type: z.enum(MENU_TARGET_TYPES, { error: M.targetType }),
    url: z.string({ error: M.url }).trim().max(2000, M.url).nullable().optional(),
    page: z.string({ error: M.page }).nullable().optional(),
    category_id: optionalId(M.categoryUnknown).optional(),
    product_id: optionalId(M.productUnknown).optional(),
    parent_id: optionalId(M.parentUnknown).optional(),
    is_active: formBoolean.default(true),
  })
  .transform((body, ctx) => {
    const target = {
      url: null as string | null,
      page: null as MenuPage | null,
      categoryId: null as number | null,
      productId: null as number | null,
    };
    if (body.target_type === 'url') {
      if (!body.url || !isSlideLink(body.url))
        ctx.addIssue({ code: 'custom', path: ['url'], message: M.url });
      else target.url = body.url;
    } else if (body.target_type === 'page') {
      if (!body.page || !PAGE_KEYS.includes(body.page as MenuPage))
        ctx.addIssue({ code: 'custom', path: ['page'], message: M.page });
      else target.page = body.page as MenuPage;
    } else if (body.target_type === 'category') {
      if (!body.category_id) ctx.addIssue({ code: 'custom', path: ['category_id'], message: M.category });
      else target.categoryId = body.category_id;
    } else if (!body.product_id) ctx.addIssue({ code: 'custom', path: ['product_id'], message: M.product });
    else target.productId = body.product_id;
    return {
      label: body.label,
      targetType: body.target_type,
      ...target,
      parentId: body.parent_id ?? null,
      isActive: body.is_active,
    };
  });
export type MenuItemInput = z.output<typeof menuItemBody>;

/** POST /api/menu-items/update-order {items: [{id, order, parent_id}]} (spec 1 §7 Menu). */
export const menuOrderBody = z.object({
  items: z
    .array(
      z.object({
        id: recordId,
        order: wholeNumber(M.order, { max: INT_MAX }),
        parent_id: optionalId(M.parentUnknown)
          .optional()
          .transform((v) => v ?? null),
      }),
      { error: M.items },
    )
    .min(1, M.items)
    .max(1000, M.items),
});
export type MenuOrderBody = z.output<typeof menuOrderBody>;

/** POST /api/menu-items/{id}/status {is_active} (spec 1 §7 Menu). */
export const menuStatusBody = z.object({
  is_active: z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: M.status }),
  ),
});

/** GET /api/menu-items?with_children=true: the tree; without it, the items in display order. */
export const menuListQuery = z.object({
  with_children: z
    .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** One menu item as answered (spec 1 §3; spec 3 §3 adds url and menu_url for the storefront). */
export type MenuItemReply = {
  id: number;
  label: string;
  target_type: MenuTargetType;
  /** What the item was given: the typed link, or the page's, category's or product's path. */
  url: string | null;
  /** Where the storefront links to; null when the category or product is gone or hidden. */
  menu_url: string | null;
  page: MenuPage | null;
  category_id: number | null;
  category_name: string | null;
  product_id: number | null;
  product_name: string | null;
  parent_id: number | null;
  order: number;
  is_active: boolean;
  level: number;
  children: MenuItemReply[];
};

export type MenuItemsReply = { success: true; data: MenuItemReply[] };
export type MenuItemSavedReply = { success: true; message: string; data: MenuItemReply };
