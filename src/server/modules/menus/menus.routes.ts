import { idParam, type MessageReply } from '../../../contracts/common';
import {
  MENU_MESSAGES as M,
  type MenuItemSavedReply,
  type MenuItemsReply,
  menuItemBody,
  menuListQuery,
  menuOrderBody,
  menuStatusBody,
} from '../../../contracts/menus';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { deleteMenuItem } from './delete-menu-item';
import { findMenuItem } from './find-menu-item';
import { flatMenu, presentMenu } from './menus.presenter';
import { loadMenu } from './menus.queries';
import { saveMenuItem } from './save-menu-item';
import { setMenuItemStatus } from './set-menu-item-status';
import { updateMenuOrder } from './update-menu-order';

/** The menu manager (spec 1 §2, §7 Menu; DECISIONS 1: menus.manage). */
const auth = { permission: 'menus.manage' } as const;

/** Menu items (spec 1 §3, §5, §7 Menu; spec 3 §7 storefront menus; docs/decisions/0040). */
export const menusRoutes = [
  /**
   * Public: the storefront reads it (spec 3). A session holding menus.manage gets every item, with
   * hidden ones; anyone else the active items whose target still exists.
   */
  defineRoute({
    method: 'GET',
    url: '/api/menu-items',
    auth: 'public',
    query: menuListQuery,
    handler: async ({ ctx, session, query }): Promise<MenuItemsReply> => {
      const manager = session?.permissions.has('menus.manage') ?? false;
      const tree = presentMenu(await loadMenu(ctx.db), { activeOnly: !manager });
      return { success: true, data: query.with_children ? tree : flatMenu(tree) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/menu-items',
    auth,
    body: menuItemBody,
    handler: async ({ ctx, req, reply, session, body }): Promise<MenuItemSavedReply> => {
      const id = await saveMenuItem(ctx, actorOf(session, req), null, body);
      reply.code(201);
      return { success: true, message: M.created, data: (await findMenuItem(ctx.db, id))! };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/menu-items/update-order',
    auth,
    body: menuOrderBody,
    handler: async ({ ctx, req, session, body }): Promise<MessageReply> => {
      await updateMenuOrder(ctx, actorOf(session, req), body);
      return { success: true, message: M.orderSaved };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/menu-items/:id',
    auth,
    params: idParam,
    body: menuItemBody,
    handler: async ({ ctx, req, session, params, body }): Promise<MenuItemSavedReply> => {
      await saveMenuItem(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: M.updated, data: (await findMenuItem(ctx.db, params.id))! };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/menu-items/:id/status',
    auth,
    params: idParam,
    body: menuStatusBody,
    handler: async ({ ctx, req, session, params, body }): Promise<MessageReply> => {
      await setMenuItemStatus(ctx, actorOf(session, req), params.id, body.is_active);
      return { success: true, message: body.is_active ? M.activated : M.deactivated };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/menu-items/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<MessageReply> => {
      await deleteMenuItem(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.deleted };
    },
  }),
];
