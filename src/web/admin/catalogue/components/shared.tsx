import { ActionIcon, Badge, ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../ui/notify';

/** Edit and delete for a row; the labels name the record, so each button says what it acts on. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      <Tooltip label="Edit" withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" withArrow>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** A sentence for the delete dialog when products still use the record. */
export function usedByWarning(count: number): string {
  if (count === 0) return '';
  return ` It is used by ${count} ${count === 1 ? 'product' : 'products'}, so the shop will refuse until it is removed from ${count === 1 ? 'it' : 'them'}.`;
}

/**
 * The submit of a modal form: the save's message as a toast and the modal closed, 422 field errors
 * beside the fields, anything else as a toast.
 */
export function submitting<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  send: (values: Values) => Promise<{ message: string }>,
  onSaved: () => void,
  failMessage: string,
) {
  return form.onSubmit(async (values) => {
    try {
      notifySuccess((await send(values)).message);
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else notifyError(errorMessage(error, failMessage));
    }
  });
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge size="sm" variant="light" color={active ? 'teal' : 'gray'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** A colour chip with its code beside it; nothing when there is no code. */
export function Swatch({ code, withCode = true }: { code: string | null; withCode?: boolean }) {
  if (!code) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={code} size={18} aria-hidden />
      {withCode && (
        <Text size="sm" ff="monospace">
          {code}
        </Text>
      )}
    </Group>
  );
}

export function ProductsCount({ count }: { count: number }) {
  return (
    <Text size="sm" c={count === 0 ? 'dimmed' : undefined}>
      {count}
    </Text>
  );
}

/** Common colours offered under every colour input. */
export const SWATCHES = [
  '#000000',
  '#ffffff',
  '#868e96',
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#82c91e',
  '#fab005',
  '#fd7e14',
  '#8b5a2b',
];
