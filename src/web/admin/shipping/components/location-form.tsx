import { Button, Group, Paper, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { SHIPPING_MESSAGES as M } from '../../../../contracts/shipping';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../ui/notify';

/**
 * The inline form above a location list: adds a record, or edits the one chosen in the list
 * (its button then says Save, and Cancel goes back to adding).
 */
export function InlineForm<Values extends { status: 0 | 1 }>({
  what,
  editing,
  form,
  onSubmit,
  onCancel,
  children,
}: {
  what: string;
  editing: { name: string } | null;
  form: UseFormReturnType<Values>;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={`${what} form`}
    >
      <Text size="sm" fw={600} mb="xs">
        {editing ? `Edit ${what} ${editing.name}` : `Add a ${what}`}
      </Text>
      <Group align="flex-start" gap="sm">
        {children}
        <Switch
          mt={8}
          label="Active"
          checked={form.values.status === 1}
          onChange={(e) => form.setFieldValue('status', (e.currentTarget.checked ? 1 : 0) as never)}
        />
        <Group gap="xs">
          <Button type="submit" loading={form.submitting}>
            {editing ? 'Save' : `Add ${what}`}
          </Button>
          {editing && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** Submits an inline form: toast and reset on success, 422 beside the fields, else "Failed to save". */
export function inlineSubmit<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  send: (values: Values) => Promise<{ message: string }>,
  onSaved: () => void,
) {
  return form.onSubmit(async (values) => {
    try {
      notifySuccess((await send(values)).message);
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else notifyError(errorMessage(error, M.saveFailed));
    }
  });
}
