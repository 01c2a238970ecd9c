import { eq, sql } from 'drizzle-orm';
import { MENU_MESSAGES as M, type MenuOrderBody } from '../../../contracts/menus';
import { fieldError } from '../../../domain/errors';
import { hasCycle } from '../../../domain/menus/menu-tree';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockMenu } from './lock-menu';
import { menuItems } from './menus.tables';

/**
 * POST /api/menu-items/update-order (spec 1 §7 Menu): the order and parent of the items sent (a
 * drag and drop sends the items it moved, or all). Judged as a whole against the locked menu: every
 * id and parent must exist, and the parents after the change may hold no cycle at any depth
 * (422 "Cannot create circular menu structure"); then all are written, or none.
 */
export async function updateMenuOrder(ctx: AppContext, actor: Actor, body: MenuOrderBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const menu = await lockMenu(tx);
    const ids = new Set(menu.map((item) => item.id));
    for (const item of body.items) {
      if (!ids.has(item.id)) throw fieldError('items', M.itemUnknown);
      if (item.parent_id !== null && !ids.has(item.parent_id)) throw fieldError('items', M.parentUnknown);
    }
    if (hasCycle(menu, new Map(body.items.map((item) => [item.id, item.parent_id]))))
      throw fieldError('items', M.circular);
    for (const item of body.items) {
      await tx
        .update(menuItems)
        .set({ order: item.order, parentId: item.parent_id, updatedAt: sql`now()` })
        .where(eq(menuItems.id, item.id));
    }
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'menu.reordered',
      subjectType: 'menu',
      subjectId: null,
      data: { items: body.items },
      ip: actor.ip,
    });
  });
}
