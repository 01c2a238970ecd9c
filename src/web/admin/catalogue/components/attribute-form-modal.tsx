import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AttributeReply, attributeBody } from '../../../../contracts/catalogue-reference';
import { zodValidate } from '../../../lib/zod-form';
import { useAttributeChanges } from '../reference.api';
import { submitting } from './shared';

type Props = {
  opened: boolean;
  attribute: AttributeReply | null;
  onClose: () => void;
  /** Told the saved attribute's id, so a new one can be selected. */
  onSaved?: (id: number) => void;
};

/** Create or rename an attribute (Size, Material…); its values are managed beside it. */
export function AttributeFormModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.attribute ? 'Rename attribute' : 'New attribute'}
      centered
    >
      {props.opened && <AttributeForm key={props.attribute?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function AttributeForm({ attribute, onClose, onSaved }: Props) {
  const { save } = useAttributeChanges();
  const form = useForm({
    initialValues: { name: attribute?.name ?? '' },
    validate: zodValidate(attributeBody),
  });
  const submit = submitting(
    form,
    async (values) => {
      const reply = await save.mutateAsync({ id: attribute?.id ?? null, body: { name: values.name.trim() } });
      onSaved?.(reply.data.id);
      return reply;
    },
    onClose,
    'Failed to save the attribute. Please try again.',
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          placeholder="e.g. Size"
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {attribute ? 'Save' : 'Create attribute'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
