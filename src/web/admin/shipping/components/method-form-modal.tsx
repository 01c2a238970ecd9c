import { Button, Group, Modal, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  SHIPPING_MESSAGES as M,
  type ShippingMethodReply,
  shippingMethodBody,
} from '../../../../contracts/shipping';
import { zodValidate } from '../../../lib/zod-form';
import { submitting } from '../../catalogue/components/shared';
import { useMethodChanges } from '../shipping.api';
import { amountField } from './shared';

type Props = { opened: boolean; method: ShippingMethodReply | null; onClose: () => void };

/** Create or edit a shipping method (spec 2 §3; delivery 1 to 3 days by default, §9). */
export function MethodFormModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.method ? 'Edit shipping method' : 'New shipping method'}
      centered
      size="lg"
    >
      {props.opened && <MethodForm key={props.method?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function MethodForm({ method, onClose }: Props) {
  const { save } = useMethodChanges();
  const form = useForm({
    initialValues: {
      name: method?.name ?? '',
      description: method?.description ?? '',
      price: amountField(method?.price ?? 0),
      enabled: method?.enabled ?? true,
      min_order_amount: amountField(method?.min_order_amount),
      max_order_amount: amountField(method?.max_order_amount),
      estimated_days_min: String(method?.estimated_days_min ?? 1),
      estimated_days_max: String(method?.estimated_days_max ?? 3),
      price_per_kg: amountField(method?.price_per_kg ?? 0),
    },
    validate: zodValidate(shippingMethodBody),
  });
  const submit = submitting(
    form,
    (values) =>
      save.mutateAsync({
        id: method?.id ?? null,
        body: {
          ...values,
          name: values.name.trim(),
          description: values.description.trim() || null,
          min_order_amount: values.min_order_amount.trim() || null,
          max_order_amount: values.max_order_amount.trim() || null,
        },
      }),
    onClose,
    M.saveFailed,
  );
  const amountProps = { inputMode: 'decimal' as const, leftSection: '$' };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          placeholder="e.g. Standard delivery"
          {...form.getInputProps('name')}
        />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <SimpleGrid cols={2}>
          <TextInput
            label="Price"
            description="Charged outside every zone"
            {...amountProps}
            {...form.getInputProps('price')}
          />
          <TextInput
            label="Price per kg"
            description="Added per kilogram of the cart"
            {...amountProps}
            {...form.getInputProps('price_per_kg')}
          />
          <TextInput
            label="Minimum order amount"
            description="Empty: no minimum"
            {...amountProps}
            {...form.getInputProps('min_order_amount')}
          />
          <TextInput
            label="Maximum order amount"
            description="Empty: no maximum"
            {...amountProps}
            {...form.getInputProps('max_order_amount')}
          />
          <TextInput
            label="Earliest delivery (days)"
            inputMode="numeric"
            {...form.getInputProps('estimated_days_min')}
          />
          <TextInput
            label="Latest delivery (days)"
            inputMode="numeric"
            {...form.getInputProps('estimated_days_max')}
          />
        </SimpleGrid>
        <Switch
          label="Enabled (offered at checkout)"
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {method ? 'Save' : 'Create method'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
