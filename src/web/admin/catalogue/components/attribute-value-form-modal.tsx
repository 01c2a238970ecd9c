import { Button, ColorInput, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type AttributeValueReply,
  attributeValueBody,
  REFERENCE_MESSAGES as M,
} from '../../../../contracts/catalogue-reference';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useAttributeValueChanges } from '../reference.api';
import { SWATCHES } from './shared';

type Props = {
  opened: boolean;
  attribute: { id: number; name: string };
  value: AttributeValueReply | null;
  onClose: () => void;
};

/** spec 3 §2 "Attribute values list with add/edit modal": value (required), optional colour, order. */
export function AttributeValueFormModal(props: Props) {
  const title = props.value
    ? `Edit value of ${props.attribute.name}`
    : `New value of ${props.attribute.name}`;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} centered>
      {props.opened && <AttributeValueForm key={props.value?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

type Values = { value: string; color_code: string; sort_order: number | string };

function AttributeValueForm({ attribute, value, onClose }: Props) {
  const { save } = useAttributeValueChanges(attribute.id);
  const form = useForm<Values>({
    initialValues: {
      value: value?.value ?? '',
      color_code: value?.color_code ?? '',
      sort_order: value?.sort_order ?? 0,
    },
    validate: zodValidate(attributeValueBody),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({
        id: value?.id ?? null,
        body: {
          value: values.value.trim(),
          color_code: values.color_code.trim() || null,
          sort_order: values.sort_order === '' ? 0 : values.sort_order,
        },
      });
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      // spec 3 §5: on a 422 the field errors go beside the fields, the first value message is
      // shown as the error, else "Please fix the validation errors."
      const fields = fieldErrorsOf(error);
      if (fields) {
        form.setErrors(fields);
        notifyError(fields.value ?? M.attributeValueFixErrors);
      } else notifyError(errorMessage(error, M.attributeValueSaveFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Value"
          required
          data-autofocus
          placeholder="e.g. XL"
          {...form.getInputProps('value')}
        />
        <ColorInput
          label="Colour code"
          description="Optional: a swatch for this value in the shop."
          placeholder="No colour"
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={8}
          withEyeDropper={false}
          {...form.getInputProps('color_code')}
        />
        <NumberInput
          label="Sort order"
          description="Lower numbers come first."
          min={0}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('sort_order')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {value ? 'Save' : 'Add value'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
