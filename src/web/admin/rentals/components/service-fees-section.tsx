import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { RENTAL_MESSAGES, serviceFeeBody } from '../../../../contracts/rentals';
import { cents, formatMoney } from '../../../../domain/money/money';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { confirmAction } from '../../../ui/confirm';
import { notifyError, notifySuccess } from '../../../ui/notify';
import type { ServiceFee } from '../booking-form-state';
import { amountCents } from '../booking-items-state';
import { rentalsApi } from '../rentals.api';

/** spec 3 §9: the helper texts count with a fixed placeholder of 3 remaining periods. */
export const PLACEHOLDER_REMAINING_PERIODS = 3;

export type ServiceFeeValues = {
  name: string;
  amount: string;
  applicationType: 'next_invoice_only' | 'recurring';
  description: string;
};

/** The helper text under an application type, with the amount as typed (spec 3 §3, §9). */
export function applicationHelp(type: ServiceFeeValues['applicationType'], amount: string, symbol: string) {
  const value = amountCents(amount);
  const each = value === null ? 'the amount' : formatMoney(value, symbol);
  if (type === 'next_invoice_only') return `Charged once, on the next invoice only: ${each}.`;
  const total =
    value === null ? '' : ` (${formatMoney(cents(value * PLACEHOLDER_REMAINING_PERIODS), symbol)} in all)`;
  return `Charged on every future period: ${each} × ${PLACEHOLDER_REMAINING_PERIODS} remaining periods${total}.`;
}

/**
 * Service fees of the booking (spec 3 §2, §3): the list with remove (confirmed) and the modal that
 * adds one. On a saved booking each change is sent at once; on a new one it goes with the save.
 */
export function ServiceFeesSection({
  services,
  bookingId,
  symbol,
  onLocalChange,
  onChanged,
}: {
  services: Record<string, ServiceFee>;
  bookingId: number | null;
  symbol: string;
  onLocalChange: (next: Record<string, ServiceFee>) => void;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  const entries = Object.entries(services);

  const remove = async (name: string) => {
    const ok = await confirmAction({
      title: `Remove the service "${name}"?`,
      message: `The service fee "${name}" will be removed from this booking. This action cannot be undone.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!ok) return;
    if (bookingId === null) {
      const { [name]: _gone, ...rest } = services;
      onLocalChange(rest);
      return;
    }
    try {
      const reply = await rentalsApi.serviceFee(bookingId, { name, remove: true });
      notifySuccess(reply.message || 'Service removed');
      onChanged();
    } catch (error) {
      notifyError(errorMessage(error, RENTAL_MESSAGES.updateFailed));
    }
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Service fees
          </Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setOpen(true)}
          >
            Add service fee
          </Button>
        </Group>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="services-empty">
            No service fees.
          </Text>
        ) : (
          <Table aria-label="Service fees">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th>Applies</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th w={50}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map(([name, fee]) => (
                <Table.Tr key={name} data-testid="service-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                    {fee.description && (
                      <Text size="xs" c="dimmed">
                        {fee.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={fee.type === 'recurring' ? 'grape' : 'blue'}>
                      {fee.type === 'recurring' ? 'Recurring' : 'Next invoice only'}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(amountCents(fee.amount) ?? cents(0), symbol)}</Table.Td>
                  <Table.Td>
                    <Tooltip label="Remove" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove service ${name}`}
                        onClick={() => remove(name)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {open && (
        <ServiceFeeModal
          symbol={symbol}
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            if (bookingId === null) {
              onLocalChange({
                ...services,
                [values.name.trim()]: {
                  amount: values.amount.trim(),
                  type: values.applicationType,
                  added_at: new Date().toISOString(),
                  applies_to: values.applicationType === 'recurring' ? 'all_future' : 'next',
                  description: values.description.trim() || null,
                },
              });
              setOpen(false);
              return null;
            }
            try {
              const reply = await rentalsApi.serviceFee(bookingId, values);
              notifySuccess(reply.message || 'Service added');
              setOpen(false);
              onChanged();
              return null;
            } catch (error) {
              const fields = fieldErrorsOf(error);
              if (fields) return fields;
              notifyError(errorMessage(error, RENTAL_MESSAGES.updateFailed));
              return {};
            }
          }}
        />
      )}
    </Card>
  );
}

/** The service fee form of spec 3 §3: name, amount, application type (next invoice by default), description. */
export function ServiceFeeModal({
  symbol,
  onClose,
  onSubmit,
}: {
  symbol: string;
  onClose: () => void;
  /** Answers the server's field errors, or null when saved. */
  onSubmit: (values: ServiceFeeValues) => Promise<Record<string, string> | null>;
}) {
  const form = useForm<ServiceFeeValues>({
    initialValues: { name: '', amount: '', applicationType: 'next_invoice_only', description: '' },
    validate: zodValidate(serviceFeeBody),
  });
  const [busy, setBusy] = useState(false);
  const values = form.getValues();

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    const errors = await onSubmit(v);
    setBusy(false);
    if (errors) form.setErrors(errors);
  });

  return (
    <Modal opened onClose={onClose} title="Add service fee" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Service name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Amount"
            withAsterisk
            inputMode="decimal"
            leftSection={<Text size="sm">{symbol}</Text>}
            {...form.getInputProps('amount')}
          />
          <Radio.Group
            label="How to apply this service"
            withAsterisk
            {...form.getInputProps('applicationType')}
          >
            <Stack gap="xs" mt={6}>
              <Radio
                value="next_invoice_only"
                label="Next invoice only"
                description={applicationHelp('next_invoice_only', values.amount, symbol)}
              />
              <Radio
                value="recurring"
                label="Recurring"
                description={applicationHelp('recurring', values.amount, symbol)}
              />
            </Stack>
          </Radio.Group>
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add service
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
