import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type BrandReply, brandBody } from '../../../../contracts/catalogue-reference';
import { zodValidate } from '../../../lib/zod-form';
import { useBrandChanges } from '../reference.api';
import { submitting } from './shared';

type Props = { opened: boolean; brand: BrandReply | null; onClose: () => void };

/** Create or edit a brand: name, slug (made from the name when blank, spec 2 §5), active. */
export function BrandFormModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.brand ? 'Edit brand' : 'New brand'}
      centered
    >
      {props.opened && <BrandForm key={props.brand?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function BrandForm({ brand, onClose }: Props) {
  const { save } = useBrandChanges();
  const form = useForm({
    initialValues: { name: brand?.name ?? '', slug: brand?.slug ?? '', is_active: brand?.is_active ?? true },
    validate: zodValidate(brandBody),
  });
  const submit = submitting(
    form,
    (values) =>
      save.mutateAsync({
        id: brand?.id ?? null,
        body: { name: values.name.trim(), slug: values.slug.trim() || null, is_active: values.is_active },
      }),
    onClose,
    'Failed to save the brand. Please try again.',
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          placeholder="e.g. Lagoon Living"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Slug"
          placeholder="Made from the name when empty"
          description="Used in shop addresses: lower-case letters, digits and dashes."
          {...form.getInputProps('slug')}
        />
        <Switch
          label="Active (shown in the shop)"
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {brand ? 'Save' : 'Create brand'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
