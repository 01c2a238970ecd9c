import type { MenuItemReply } from '../../../contracts/menus';
import type { Executor } from '../../platform/db/database';
import { presentMenu } from './menus.presenter';
import { loadMenu } from './menus.queries';

/** One item as the manager sees it (with its children, level and link), after a save. */
export async function findMenuItem(db: Executor, id: number): Promise<MenuItemReply | null> {
  const find = (nodes: MenuItemReply[]): MenuItemReply | null => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const below = find(node.children);
      if (below) return below;
    }
    return null;
  };
  return find(presentMenu(await loadMenu(db), { activeOnly: false }));
}
