import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { z } from 'zod';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { notifyError, notifySuccess } from '../../../ui/notify';

type Values = { name: string; description: string };

export type AccessFormRecord = { id: number; name: string; description: string | null; is_built_in: boolean };

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The record being edited, or null to create one. */
  record: AccessFormRecord | null;
  /** "role" or "permission", for titles and buttons. */
  noun: string;
  schema: z.ZodType;
  namePlaceholder: string;
  nameHint: string;
  lockedHint: string;
  save: (
    id: number | null,
    body: { name: string; description: string | null },
  ) => Promise<{ message: string }>;
};

/**
 * Create or rename a role or a permission: name and description. A built-in record keeps its
 * name (docs/decisions/0005), so its name field is read-only. The server's 422 field errors show
 * beside the fields.
 */
export function AccessFormModal(props: Props) {
  const { record, noun } = props;
  const title = record
    ? record.is_built_in
      ? `Edit ${noun} ${record.name}`
      : `Rename ${noun}`
    : `New ${noun}`;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} centered>
      {props.opened && <AccessForm key={record?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function AccessForm({ record, noun, schema, namePlaceholder, nameHint, lockedHint, save, onClose }: Props) {
  const form = useForm<Values>({
    initialValues: { name: record?.name ?? '', description: record?.description ?? '' },
    validate: zodValidate(schema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const reply = await save(record?.id ?? null, {
        name: values.name.trim(),
        description: values.description.trim() || null,
      });
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else notifyError(errorMessage(error, `Failed to save the ${noun}. Please try again.`));
    }
  });

  const locked = Boolean(record?.is_built_in);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          placeholder={namePlaceholder}
          description={locked ? lockedHint : nameHint}
          required
          disabled={locked}
          data-autofocus={locked ? undefined : true}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          placeholder={`What this ${noun} is for`}
          autosize
          minRows={2}
          maxRows={5}
          data-autofocus={locked ? true : undefined}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {record ? 'Save' : `Create ${noun}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
