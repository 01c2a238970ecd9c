import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type VatReply, vatBody } from '../../../../contracts/catalogue-reference';
import {
  VAT_RATE_DECIMALS,
  type VatType,
  vatTypeHasRate,
} from '../../../../domain/catalogue/reference-rules';
import { useUiSettings } from '../../../lib/ui-settings';
import { zodValidate } from '../../../lib/zod-form';
import { useVatChanges } from '../reference.api';
import { submitting } from './shared';

export const VAT_TYPE_LABELS: Record<VatType, string> = {
  percentage: 'Percentage',
  fixed: 'Fixed amount per unit',
  exempt: 'Exempt',
  zero: 'Zero rated',
};

/** The same, short enough for a badge in the list. */
export const VAT_TYPE_BADGES: Record<VatType, string> = {
  percentage: 'Percentage',
  fixed: 'Fixed',
  exempt: 'Exempt',
  zero: 'Zero rated',
};

type Props = { opened: boolean; vat: VatReply | null; onClose: () => void };

/**
 * Create or edit a VAT rate (spec 2 §3 VAT info, §9): a percentage of the price, a fixed amount
 * per unit, or none for exempt and zero-rated items.
 */
export function VatFormModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.vat ? 'Edit VAT rate' : 'New VAT rate'}
      centered
    >
      {props.opened && <VatForm key={props.vat?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

type Values = { name: string; type: VatType; rate: number | string; is_active: boolean; is_default: boolean };

function VatForm({ vat, onClose }: Props) {
  const { save } = useVatChanges();
  const symbol = useUiSettings().currency.symbol;
  const form = useForm<Values>({
    initialValues: {
      name: vat?.name ?? '',
      type: vat?.type ?? 'percentage',
      rate: vat && vatTypeHasRate(vat.type) ? vat.rate : '',
      is_active: vat?.is_active ?? true,
      is_default: vat?.is_default ?? false,
    },
    validate: zodValidate(vatBody),
  });
  const type = form.values.type;
  const submit = submitting(
    form,
    (values) =>
      save.mutateAsync({
        id: vat?.id ?? null,
        body: {
          name: values.name.trim(),
          type: values.type,
          rate: vatTypeHasRate(values.type) ? values.rate : null,
          is_active: values.is_active,
          is_default: values.is_default,
        },
      }),
    onClose,
    'Failed to save the VAT rate. Please try again.',
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          placeholder="e.g. Standard 15%"
          {...form.getInputProps('name')}
        />
        <Select
          label="Type"
          required
          allowDeselect={false}
          data={Object.entries(VAT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          {...form.getInputProps('type')}
        />
        {type === 'percentage' && (
          <NumberInput
            label="Rate (%)"
            required
            min={0}
            max={100}
            decimalScale={VAT_RATE_DECIMALS}
            allowNegative={false}
            clampBehavior="none"
            rightSection="%"
            description="A percentage of the price, from 0 to 100."
            {...form.getInputProps('rate')}
          />
        )}
        {type === 'fixed' && (
          <NumberInput
            label="Amount per unit"
            required
            min={0}
            decimalScale={VAT_RATE_DECIMALS}
            allowNegative={false}
            clampBehavior="none"
            leftSection={symbol}
            description="Charged once for each unit sold."
            {...form.getInputProps('rate')}
          />
        )}
        {!vatTypeHasRate(type) && (
          <Text size="sm" c="dimmed">
            {type === 'exempt' ? 'Exempt' : 'Zero-rated'} items carry no VAT, so this rate has no amount.
          </Text>
        )}
        <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <Switch
          label="Default rate"
          description="Offered first on new products. Making this the default takes it from the current default."
          {...form.getInputProps('is_default', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {vat ? 'Save' : 'Create VAT rate'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
