import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
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
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  bookingPaymentBody,
  PAYMENT_TYPES,
  type PaymentType,
  RENTAL_MESSAGES,
  type RentalPaymentReply,
} from '../../../../contracts/rentals';
import { isoDateInZone } from '../../../../domain/dates/date-format';
import { cents, formatMoney } from '../../../../domain/money/money';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { displayDate } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/http';
import { useUiSettings } from '../../../lib/ui-settings';
import { zodValidate } from '../../../lib/zod-form';
import { confirmAction } from '../../../ui/confirm';
import { SystemDateInput } from '../../../ui/date-input';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { amountCents } from '../booking-items-state';
import { type PaymentBody, rentalsApi } from '../rentals.api';

/** spec 3 §9: the booking is read again 1 s after a payment. */
export const RELOAD_AFTER_PAYMENT_MS = 1000;

export const paymentTypeLabel = (type: string) =>
  type.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/**
 * The booking's payments (spec 3 §2, §3 Rental payment, §7): list, add, edit and delete (confirmed,
 * cannot be undone). Period payments are the periods section's; this lists every payment.
 */
export function BookingPaymentsSection({
  bookingId,
  payments,
  symbol,
  onChanged,
}: {
  bookingId: number;
  payments: RentalPaymentReply[];
  symbol: string;
  onChanged: () => void;
}) {
  const { date_format } = useUiSettings();
  const [editing, setEditing] = useState<RentalPaymentReply | 'new' | null>(null);
  const paid = cents(
    payments
      .filter((p) => p.status === 'completed')
      .reduce<number>((sum, p) => sum + (amountCents(p.amount) ?? 0), 0),
  );
  const reloadSoon = () => window.setTimeout(onChanged, RELOAD_AFTER_PAYMENT_MS);

  const remove = async (payment: RentalPaymentReply) => {
    const ok = await confirmAction({
      title: 'Delete this payment?',
      message: `The payment of ${formatMoney(amountCents(payment.amount) ?? cents(0), symbol)} will be deleted. This action cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      const reply = await rentalsApi.deletePayment(bookingId, payment.id);
      notifySuccess(reply.message || 'Payment deleted');
      reloadSoon();
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to delete payment'));
    }
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Payments
          </Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing('new')}
          >
            Add payment
          </Button>
        </Group>
        {payments.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="payments-empty">
            No payments yet.
          </Text>
        ) : (
          <Table aria-label="Booking payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payment</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th w={80}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.id} data-testid="payment-row">
                  <Table.Td>
                    <Text size="sm">
                      {displayDate(p.payment_date, date_format)} · {paymentTypeLabel(p.payment_type)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[p.transaction_id, p.period_id === null ? null : 'Period payment']
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {p.status !== 'completed' && (
                      <Badge size="sm" variant="light" color="gray">
                        {paymentTypeLabel(p.status)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(amountCents(p.amount) ?? cents(0), symbol)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Edit" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Edit payment ${p.id}`}
                          onClick={() => setEditing(p)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete payment ${p.id}`}
                          onClick={() => remove(p)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Text size="sm">
            Paid:{' '}
            <Text span fw={700} data-testid="amount-paid">
              {formatMoney(paid, symbol)}
            </Text>
          </Text>
        </Group>
      </Stack>
      {editing && (
        <PaymentModal
          payment={editing === 'new' ? null : editing}
          symbol={symbol}
          onClose={() => setEditing(null)}
          onSave={async (body, key) => {
            const reply =
              editing === 'new'
                ? await rentalsApi.addPayment(bookingId, body, key)
                : await rentalsApi.updatePayment(bookingId, editing.id, body);
            notifySuccess(reply.message || (editing === 'new' ? 'Payment added' : 'Payment updated'));
            setEditing(null);
            reloadSoon();
          }}
        />
      )}
    </Card>
  );
}

function PaymentModal({
  payment,
  symbol,
  onClose,
  onSave,
}: {
  payment: RentalPaymentReply | null;
  symbol: string;
  onClose: () => void;
  onSave: (body: PaymentBody, idempotencyKey: string) => Promise<void>;
}) {
  const { timezone } = useUiSettings();
  // One key per intended payment: a double click or a retry records it once (DECISIONS 25).
  const [key] = useState(newIdempotencyKey);
  const form = useForm<PaymentBody>({
    initialValues: {
      payment_type: payment?.payment_type ?? 'bank_transfer',
      amount: payment?.amount ?? '',
      payment_date: payment?.payment_date ?? isoDateInZone(new Date(), timezone),
      transaction_id: payment?.transaction_id ?? '',
      payment_details: payment?.payment_details ?? '',
    },
    validate: zodValidate(bookingPaymentBody),
  });
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await onSave(values, key);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      notifyError(errorMessage(error, payment ? 'Failed to update payment' : RENTAL_MESSAGES.paymentFailed));
    }
    setBusy(false);
  });

  return (
    <Modal opened onClose={onClose} title={payment ? 'Edit payment' : 'Add payment'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Payment type"
            withAsterisk
            allowDeselect={false}
            data={PAYMENT_TYPES.map((t) => ({ value: t, label: paymentTypeLabel(t) }))}
            {...form.getInputProps('payment_type')}
            onChange={(v) => form.setFieldValue('payment_type', (v ?? 'bank_transfer') as PaymentType)}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Amount"
            withAsterisk
            inputMode="decimal"
            data-autofocus
            leftSection={<Text size="sm">{symbol}</Text>}
            {...form.getInputProps('amount')}
          />
          <SystemDateInput
            label="Payment date"
            withAsterisk
            value={form.getValues().payment_date || null}
            onChange={(iso) => form.setFieldValue('payment_date', iso ?? '')}
            error={form.errors.payment_date as string | undefined}
          />
          <TextInput label="Transaction id" {...form.getInputProps('transaction_id')} />
          <Textarea label="Payment details" autosize minRows={2} {...form.getInputProps('payment_details')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {payment ? 'Save payment' : 'Add payment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
