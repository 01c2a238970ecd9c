import { useCallback, useEffect, useMemo, useState } from 'react';

/**
 * Which rows of the page on screen are ticked. The selection belongs to that page: moving to
 * another page, search, filter or sort starts with nothing selected, so a bulk action only ever
 * touches rows the user can see.
 */
export function useRowSelection(pageIds: readonly number[], resetKey: string) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says when the page changed
  useEffect(() => setSelected(new Set()), [resetKey]);

  // Rows that left the page (deleted, filtered out after a change) are no longer selected.
  const visible = useMemo(
    () => new Set([...selected].filter((id) => pageIds.includes(id))),
    [selected, pageIds],
  );
  const allSelected = pageIds.length > 0 && pageIds.every((id) => visible.has(id));

  const toggle = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  return {
    ids: [...visible],
    count: visible.size,
    isSelected: (id: number) => visible.has(id),
    allSelected,
    someSelected: visible.size > 0 && !allSelected,
    toggle,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(pageIds)),
    clear: () => setSelected(new Set()),
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
