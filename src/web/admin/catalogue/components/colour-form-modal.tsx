import { Button, ColorInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ColorReply, colorBody } from '../../../../contracts/catalogue-reference';
import { zodValidate } from '../../../lib/zod-form';
import { useColorChanges } from '../reference.api';
import { SWATCHES, submitting } from './shared';

type Props = { opened: boolean; color: ColorReply | null; onClose: () => void };

/** Create or edit a colour: a name and a #rrggbb code picked or typed. */
export function ColourFormModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.color ? 'Edit colour' : 'New colour'}
      centered
    >
      {props.opened && <ColourForm key={props.color?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function ColourForm({ color, onClose }: Props) {
  const { save } = useColorChanges();
  const form = useForm({
    initialValues: { name: color?.name ?? '', code: color?.code ?? '' },
    validate: zodValidate(colorBody),
  });
  const submit = submitting(
    form,
    (values) =>
      save.mutateAsync({
        id: color?.id ?? null,
        body: { name: values.name.trim(), code: values.code.trim() },
      }),
    onClose,
    'Failed to save the colour. Please try again.',
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          placeholder="e.g. Ocean blue"
          {...form.getInputProps('name')}
        />
        <ColorInput
          label="Colour"
          required
          format="hex"
          placeholder="#1e90ff"
          description="Pick a colour or type its code, # and six hex digits."
          swatches={SWATCHES}
          swatchesPerRow={8}
          withEyeDropper={false}
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {color ? 'Save' : 'Create colour'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
