import { eq, sql } from 'drizzle-orm';
import { MENU_MESSAGES as M } from '../../../contracts/menus';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { menuItems } from './menus.tables';

/** POST /api/menu-items/{id}/status {is_active} (spec 1 §7 Menu): shown in the shop or not. */
export async function setMenuItemStatus(ctx: AppContext, actor: Actor, id: number, isActive: boolean) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(menuItems)
      .set({ isActive, updatedAt: sql`now()` })
      .where(eq(menuItems.id, id))
      .returning({ label: menuItems.label });
    if (!row) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'menu_item.status_changed',
      subjectType: 'menu_item',
      subjectId: id,
      data: { label: row.label, is_active: isActive },
      ip: actor.ip,
    });
  });
}
