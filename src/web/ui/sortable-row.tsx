import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

/**
 * A table row of a dnd-kit sortable list: the row's ref and style (lifted while dragged) and the
 * props of its drag handle, which works with the mouse and with the keyboard (Space, arrows, Space).
 */
export function useSortableRow(id: number) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
    background: isDragging ? 'var(--mantine-color-gray-0)' : undefined,
    boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
  };
  return { rowRef: setNodeRef, style, handle: { ref: setActivatorNodeRef, ...attributes, ...listeners } };
}

/** The grip a sortable row is dragged by; `label` names it for screen readers ("Drag to move Home"). */
export function DragHandle({
  label,
  handle,
}: {
  label: string;
  handle: ReturnType<typeof useSortableRow>['handle'];
}) {
  const { ref, ...rest } = handle;
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      aria-label={label}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...rest}
    >
      <IconGripVertical size={18} />
    </ActionIcon>
  );
}
