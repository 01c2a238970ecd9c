import {
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  PICKUP_POINT_MESSAGES as M,
  type PickupPointReply,
  pickupPointBody,
} from '../../../../contracts/shop-setup';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { useUiSettings } from '../../../lib/ui-settings';
import { zodValidate } from '../../../lib/zod-form';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { usePickupPointChanges } from '../shop-setup.api';

type Props = { opened: boolean; point: PickupPointReply | null; onClose: () => void };

/** Create or edit a pickup point (spec 2 §3): name, address, contact, hours, service fee, status. */
export function PickupPointFormModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.point ? 'Edit pickup point' : 'New pickup point'}
      centered
      size="lg"
    >
      {props.opened && <PickupPointForm key={props.point?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function PickupPointForm({ point, onClose }: Props) {
  const { save } = usePickupPointChanges();
  const { currency } = useUiSettings();
  const form = useForm({
    initialValues: {
      name: point?.name ?? '',
      address: point?.address ?? '',
      phone: point?.phone ?? '',
      email: point?.email ?? '',
      operating_hours: point?.operating_hours ?? '',
      service_fee: (point?.service_fee ?? 0) as number | string,
      status: (point?.status ?? 1) as 0 | 1,
    },
    validate: zodValidate(pickupPointBody),
  });

  // spec 2 §8: the server's message is preferred; 422 fills the fields; else "Failed to save".
  const submit = form.onSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ id: point?.id ?? null, body: values });
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else notifyError(errorMessage(error, M.saveFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          placeholder="e.g. Port Louis shop"
          {...form.getInputProps('name')}
        />
        <Textarea label="Address" required autosize minRows={2} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Phone" {...form.getInputProps('phone')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        <Textarea
          label="Operating hours"
          placeholder="e.g. Mon–Fri 9:00–17:00"
          autosize
          minRows={2}
          {...form.getInputProps('operating_hours')}
        />
        <NumberInput
          label="Service fee"
          description="Added as the shipping cost when a customer collects here (0 for free)."
          min={0}
          decimalScale={2}
          fixedDecimalScale
          prefix={`${currency.symbol} `}
          {...form.getInputProps('service_fee')}
        />
        <Switch
          label="Active (customers can choose it)"
          checked={form.values.status === 1}
          onChange={(event) => form.setFieldValue('status', event.currentTarget.checked ? 1 : 0)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {point ? 'Save' : 'Create pickup point'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
