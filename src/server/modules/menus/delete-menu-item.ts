import { eq, inArray } from 'drizzle-orm';
import { MENU_MESSAGES as M } from '../../../contracts/menus';
import { allowedParents } from '../../../domain/menus/menu-tree';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { lockMenu } from './lock-menu';
import { menuItems } from './menus.tables';

/** DELETE /api/menu-items/{id}: the item and every item below it (the screen says how many first). */
export async function deleteMenuItem(ctx: AppContext, actor: Actor, id: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const menu = await lockMenu(tx);
    const item = menu.find((row) => row.id === id);
    if (!item) throw notFound(M.notFound);
    const kept = new Set(allowedParents(menu, id));
    const removed = menu.filter((row) => !kept.has(row.id)).map((row) => row.id);
    const [row] = await tx.select({ label: menuItems.label }).from(menuItems).where(eq(menuItems.id, id));
    await tx.delete(menuItems).where(inArray(menuItems.id, removed));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'menu_item.deleted',
      subjectType: 'menu_item',
      subjectId: id,
      data: { label: row?.label ?? null, with_children: removed.length - 1 },
      ip: actor.ip,
    });
    return removed.length;
  });
}
