import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/**
 * Rename and delete for a role or permission row. Built-in ones keep their name and cannot be
 * deleted (docs/decisions/0005): the pencil edits only the description, the bin is disabled.
 */
export function RowActions({
  name,
  noun,
  isBuiltIn,
  onEdit,
  onDelete,
}: {
  name: string;
  noun: string;
  isBuiltIn: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const editLabel = isBuiltIn ? `Edit description of ${name}` : `Rename ${name}`;
  return (
    <>
      <Tooltip label={isBuiltIn ? 'Edit description' : 'Rename'} withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label={editLabel} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip
        label={
          isBuiltIn ? `Built-in ${noun}s cannot be deleted, because the shop checks them by name.` : 'Delete'
        }
        withArrow
        multiline={isBuiltIn}
        w={isBuiltIn ? 240 : undefined}
      >
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${name}`}
          // data-disabled, not disabled: a disabled button gets no hover, and the tooltip says why.
          data-disabled={isBuiltIn || undefined}
          aria-disabled={isBuiltIn || undefined}
          onClick={isBuiltIn ? undefined : onDelete}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
