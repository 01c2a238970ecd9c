import { describe, expect, it } from 'vitest';
import { dropMove, type MenuNode } from './menu-tree';

const item = (id: number, parentId: number | null): MenuNode => ({ id, parentId, order: 0 });

// 1, 2 (under 1), 3 (under 1), 4, 5 — as the list shows them.
const flat = [item(1, null), item(2, 1), item(3, 1), item(4, null), item(5, null)];

describe('dropping a menu row on another', () => {
  it('joins the siblings of the row it lands on, at its place, and renumbers them', () => {
    expect(dropMove(flat, 5, 3)).toEqual([
      { id: 2, order: 0, parent_id: 1 },
      { id: 5, order: 1, parent_id: 1 },
      { id: 3, order: 2, parent_id: 1 },
    ]);
  });

  it('reorders among top-level rows', () => {
    expect(dropMove(flat, 5, 4)).toEqual([
      { id: 1, order: 0, parent_id: null },
      { id: 5, order: 1, parent_id: null },
      { id: 4, order: 2, parent_id: null },
    ]);
  });

  it('sends a parent dropped on its own child for the server to refuse (a loop)', () => {
    expect(dropMove(flat, 1, 3)).toContainEqual({ id: 1, order: expect.any(Number), parent_id: 1 });
  });
});
