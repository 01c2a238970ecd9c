/**
 * The storefront menu as a tree (spec 1 §3 Menu item, §5, §7 Menu; docs/decisions/0040): items
 * with a parent, an order among their siblings, a level (0 at the top) and their children.
 */
export type MenuNode = { id: number; parentId: number | null; order: number };

export type MenuTreeNode<T extends MenuNode> = T & { level: number; children: MenuTreeNode<T>[] };

export const CIRCULAR_MENU_MESSAGE = 'Cannot create circular menu structure';

/**
 * Whether the items, with these parent changes applied, hold a cycle: an item that is its own
 * ancestor at any depth. A parent that names no item counts as the top.
 */
export function hasCycle(
  items: readonly MenuNode[],
  parentChanges: ReadonlyMap<number, number | null> = new Map(),
) {
  const parentOf = new Map<number, number | null>(items.map((i) => [i.id, i.parentId]));
  for (const [id, parentId] of parentChanges) parentOf.set(id, parentId);
  const done = new Set<number>();
  for (const start of parentOf.keys()) {
    const path = new Set<number>();
    let current: number | null | undefined = start;
    while (current !== null && current !== undefined && !done.has(current)) {
      if (path.has(current)) return true;
      path.add(current);
      current = parentOf.get(current);
    }
    for (const id of path) done.add(id);
  }
  return false;
}

/**
 * The ids a parent picker may offer for an item: every item but the item itself and its
 * descendants (choosing one of those would make a cycle).
 */
export function allowedParents(items: readonly MenuNode[], itemId: number | null): number[] {
  if (itemId === null) return items.map((i) => i.id);
  const children = new Map<number, number[]>();
  for (const item of items) {
    if (item.parentId === null) continue;
    children.set(item.parentId, [...(children.get(item.parentId) ?? []), item.id]);
  }
  const excluded = new Set<number>([itemId]);
  const queue = [itemId];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (!excluded.has(child)) {
        excluded.add(child);
        queue.push(child);
      }
    }
  }
  return items.filter((i) => !excluded.has(i.id)).map((i) => i.id);
}

const byOrder = (a: MenuNode, b: MenuNode) => a.order - b.order || a.id - b.id;

/**
 * The items as a tree, siblings by their order. An item whose parent is missing (or that sits in a
 * cycle, which the server never stores) is shown at the top, so nothing is lost.
 */
export function buildMenuTree<T extends MenuNode>(items: readonly T[]): MenuTreeNode<T>[] {
  const ids = new Set(items.map((i) => i.id));
  const safe = hasCycle(items) ? items.map((i) => ({ ...i, parentId: null })) : items;
  const byParent = new Map<number | null, T[]>();
  for (const item of safe) {
    const parent = item.parentId !== null && ids.has(item.parentId) ? item.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), item as T]);
  }
  const grow = (parent: number | null, level: number): MenuTreeNode<T>[] =>
    [...(byParent.get(parent) ?? [])]
      .sort(byOrder)
      .map((item) => ({ ...item, level, children: grow(item.id, level + 1) }));
  return grow(null, 0);
}

/** The tree as the storefront shows it: active items only; an inactive item hides its children. */
export function activeBranches<T extends MenuNode & { isActive: boolean }>(
  tree: readonly MenuTreeNode<T>[],
): MenuTreeNode<T>[] {
  return tree
    .filter((node) => node.isActive)
    .map((node) => ({ ...node, children: activeBranches(node.children) }));
}

/** The tree flattened in display order (depth first), for a list with indentation. */
export function flattenTree<T extends { children: readonly T[] }>(tree: readonly T[]): T[] {
  return tree.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** One item's place after a move, as POST /api/menu-items/update-order takes it. */
export type MenuPlace = { id: number; order: number; parent_id: number | null };

/**
 * A row dropped on another in the flattened list joins the siblings of the row it lands on, at
 * that place; the sibling group is renumbered. A parent dropped on its own child makes a loop,
 * which the server refuses.
 */
export function dropMove(flat: readonly MenuNode[], activeId: number, overId: number): MenuPlace[] {
  const from = flat.findIndex((i) => i.id === activeId);
  const to = flat.findIndex((i) => i.id === overId);
  const parentId = flat[to]!.parentId;
  const moved = [...flat];
  moved.splice(to, 0, ...moved.splice(from, 1));
  return moved
    .filter((i) => i.id === activeId || i.parentId === parentId)
    .map((i, order) => ({ id: i.id, order, parent_id: parentId }));
}
