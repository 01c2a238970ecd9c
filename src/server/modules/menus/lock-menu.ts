import { asc } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { menuItems } from './menus.tables';

/**
 * Locks every menu row for the transaction and answers id, parent and order of each: a change of
 * parents is judged against the menu as it stands, and two saves at once cannot each pass the
 * cycle check and together make a cycle. The menu is small (tens of items).
 */
export function lockMenu(tx: Tx) {
  return tx
    .select({ id: menuItems.id, parentId: menuItems.parentId, order: menuItems.order })
    .from(menuItems)
    .orderBy(asc(menuItems.id))
    .for('update');
}
