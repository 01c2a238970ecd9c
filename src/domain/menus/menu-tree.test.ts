import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeBranches,
  allowedParents,
  buildMenuTree,
  flattenTree,
  hasCycle,
  type MenuNode,
} from './menu-tree';

const n = (id: number, parentId: number | null, order = 0): MenuNode => ({ id, parentId, order });
const menu = [n(1, null, 0), n(2, 1, 1), n(3, 1, 0), n(4, 3, 0), n(5, null, 1)];

describe('cycles in the menu (spec 1 §5 "Cannot create circular menu structure")', () => {
  it.each<[string, [number, number | null][], boolean]>([
    ['no change', [], false],
    ['an item under itself', [[1, 1]], true],
    ['a parent under its child', [[1, 2]], true],
    ['a parent under its grandchild', [[1, 4]], true],
    ['a child under its grandchild', [[3, 4]], true],
    ['a leaf under another branch', [[4, 5]], false],
    ['a branch moved under a sibling', [[3, 2]], false],
    ['a branch to the top', [[3, null]], false],
    [
      'two items swapping parents at once',
      [
        [5, 4],
        [1, 5],
      ],
      true,
    ],
    ['a parent that names no item', [[2, 99]], false],
  ])('%s → %s', (_, changes, expected) => {
    expect(hasCycle(menu, new Map(changes))).toBe(expected);
  });

  it('offers as parents every item but the item itself and its descendants', () => {
    expect(allowedParents(menu, 1)).toEqual([5]);
    expect(allowedParents(menu, 3)).toEqual([1, 2, 5]);
    expect(allowedParents(menu, 4)).toEqual([1, 2, 3, 5]);
    expect(allowedParents(menu, null)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never lets a parent offered by the picker make a cycle, at any depth', () => {
    const menus = fc
      .array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 30 })
      .map((parents) => parents.map((p, i) => n(i + 1, p === 0 || p >= i + 1 ? null : p)));
    fc.assert(
      fc.property(menus, fc.nat(), (items, pick) => {
        expect(hasCycle(items)).toBe(false);
        const item = items[pick % items.length]!;
        for (const parent of allowedParents(items, item.id))
          expect(hasCycle(items, new Map([[item.id, parent]]))).toBe(false);
        for (const parent of items
          .map((i) => i.id)
          .filter((id) => !allowedParents(items, item.id).includes(id)))
          expect(hasCycle(items, new Map([[item.id, parent]]))).toBe(true);
      }),
    );
  });
});

describe('the menu tree', () => {
  it('nests children by parent, siblings by order, with levels from 0', () => {
    const tree = buildMenuTree(menu);
    expect(tree.map((t) => t.id)).toEqual([1, 5]);
    expect(tree[0]!.children.map((c) => [c.id, c.level])).toEqual([
      [3, 1],
      [2, 1],
    ]);
    expect(tree[0]!.children[0]!.children.map((c) => [c.id, c.level])).toEqual([[4, 2]]);
    expect(flattenTree(tree).map((t) => t.id)).toEqual([1, 3, 4, 2, 5]);
  });

  it('puts an item whose parent is gone at the top', () => {
    expect(buildMenuTree([n(7, 42)]).map((t) => [t.id, t.level])).toEqual([[7, 0]]);
  });

  it('keeps only active branches for the storefront', () => {
    const items = [
      { ...n(1, null), isActive: true },
      { ...n(2, 1), isActive: false },
      { ...n(3, 2), isActive: true },
      { ...n(4, 1, 1), isActive: true },
    ];
    const tree = activeBranches(buildMenuTree(items));
    expect(flattenTree(tree).map((t) => t.id)).toEqual([1, 4]);
  });
});
