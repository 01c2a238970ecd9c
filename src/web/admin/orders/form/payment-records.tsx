import {
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
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ORDER_MESSAGES,
  type OrderReply,
  type PaymentRecordReply,
  paymentBody,
} from '../../../../contracts/orders';
import type { PaymentMethodReply } from '../../../../contracts/shop-setup';
import { invalidDateMessage, isoDateInZone } from '../../../../domain/dates/date-format';
import { type Cents, fromDecimal, toDecimalText } from '../../../../domain/money/money';
import { orderValueLabel } from '../../../../domain/orders/labels';
import { paymentAmountError } from '../../../../domain/orders/payment-rules';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { displayDate, money } from '../../../lib/format';
import { HttpError, newIdempotencyKey } from '../../../lib/http';
import { useUiSettings } from '../../../lib/ui-settings';
import { zodValidate } from '../../../lib/zod-form';
import { SystemDateInput } from '../../../ui/date-input';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { ordersApi, useRefreshOrder } from './orders.api';
import { paymentTypeOptions } from './payment-section';

type Values = {
  payment_type: string | null;
  amount: string;
  payment_date: string | null;
  transaction_id: string;
  payment_details: string;
};

/** The edit page's payment records with the add and edit payment modal (spec 1 §2, §5, §7). */
export function PaymentRecords({
  order,
  methods,
}: {
  order: OrderReply;
  methods: readonly PaymentMethodReply[] | undefined;
}) {
  const { date_format } = useUiSettings();
  const [editing, setEditing] = useState<PaymentRecordReply | 'new' | null>(null);
  const [refunding, setRefunding] = useState<PaymentRecordReply | null>(null);
  const symbol = order.currency_symbol;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Payment records</Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing('new')}
          >
            Add payment
          </Button>
        </Group>
        {order.payments.length === 0 ? (
          <Text c="dimmed" size="sm">
            No payments recorded yet.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Transaction</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{displayDate(p.payment_date, date_format)}</Table.Td>
                  <Table.Td>{orderValueLabel(p.payment_type)}</Table.Td>
                  <Table.Td ta="right">{money(p.amount, symbol)}</Table.Td>
                  <Table.Td>{p.transaction_id ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.status === 'completed' ? 'teal' : 'gray'}>
                      {p.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconPencil size={12} />}
                        onClick={() => setEditing(p)}
                        aria-label={`Edit payment of ${money(p.amount, symbol)}`}
                      >
                        Edit
                      </Button>
                      {p.status === 'completed' && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconReceiptRefund size={12} />}
                          onClick={() => setRefunding(p)}
                          aria-label={`Refund payment of ${money(p.amount, symbol)}`}
                        >
                          Refund
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {refunding && <RefundModal order={order} payment={refunding} onClose={() => setRefunding(null)} />}
      {editing && (
        <PaymentModal
          order={order}
          methods={methods}
          payment={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

/**
 * Refund one completed payment (docs/decisions/0041): says what goes back and asks why; once no
 * completed payment remains the order is refunded and its credit note can be generated.
 */
function RefundModal({
  order,
  payment,
  onClose,
}: {
  order: OrderReply;
  payment: PaymentRecordReply;
  onClose: () => void;
}) {
  const refresh = useRefreshOrder(order.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = money(payment.amount, order.currency_symbol);
  const submit = async () => {
    if (!reason.trim()) {
      setError(ORDER_MESSAGES.refundReason);
      return;
    }
    setBusy(true);
    try {
      const reply = await ordersApi.refundPayment(payment.id, reason.trim());
      notifySuccess(reply.message);
      await refresh();
      onClose();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(fields?.reason ?? fields?.payment ?? null);
      notifyError(failure instanceof HttpError ? failure.message : ORDER_MESSAGES.refundFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Refund ${amount}?`} centered>
      <Stack>
        <Text size="sm">
          The payment of {amount} ({orderValueLabel(payment.payment_type)}) is marked refunded and no longer
          counts as paid. Give the money back through the payment method; this records it.
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          data-autofocus
          autosize
          minRows={2}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={submit}>
            Refund {amount}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function PaymentModal({
  order,
  methods,
  payment,
  onClose,
}: {
  order: OrderReply;
  methods: readonly PaymentMethodReply[] | undefined;
  payment: PaymentRecordReply | null;
  onClose: () => void;
}) {
  const refresh = useRefreshOrder(order.id);
  const { date_format, timezone } = useUiSettings();
  const [busy, setBusy] = useState(false);
  // One key per opened modal: saving twice (or retrying after a lost reply) records one payment.
  const [paymentKey] = useState(newIdempotencyKey);
  const grandTotal = fromDecimal(order.grand_total);
  // What the other completed records hold (the edited one is left out: spec 1 §5).
  const alreadyPaid = order.payments
    .filter((p) => p.status === 'completed' && p.id !== payment?.id)
    .reduce((sum, p) => sum + fromDecimal(p.amount), 0) as Cents;
  const form = useForm<Values>({
    initialValues: {
      payment_type: payment?.payment_type ?? null,
      amount: payment ? toDecimalText(fromDecimal(payment.amount)) : '',
      // A new payment is taken today, in the shop's time zone, unless staff type another day.
      payment_date: payment?.payment_date ?? isoDateInZone(new Date(), timezone),
      transaction_id: payment?.transaction_id ?? '',
      payment_details: payment?.payment_details ?? '',
    },
    validate: (values) => {
      const errors = zodValidate(paymentBody)(values);
      // spec 1 §5: a date not typed in the system format gets the format message.
      if (errors.payment_date) errors.payment_date = invalidDateMessage(date_format);
      if (!errors.amount && values.amount.trim() !== '') {
        const problem = paymentAmountError(fromDecimal(values.amount), {
          grandTotal,
          alreadyPaid,
          symbol: order.currency_symbol,
        });
        if (problem) errors.amount = problem;
      }
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const body = {
      payment_type: values.payment_type ?? '',
      amount: values.amount.trim(),
      payment_date: values.payment_date ?? '',
      transaction_id: values.transaction_id.trim() || null,
      payment_details: values.payment_details.trim() || null,
    };
    try {
      const reply = payment
        ? await ordersApi.updatePayment(payment.id, body)
        : await ordersApi.addPayment(order.id, body, paymentKey);
      notifySuccess(reply.message || (payment ? ORDER_MESSAGES.paymentUpdated : ORDER_MESSAGES.paymentAdded));
      // spec 1 §7 says the page reloads 1 s after a payment is saved; here the order's data is
      // read again in place (query invalidation), which shows the same result without a reload.
      await refresh();
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else if (error instanceof HttpError)
        notifyError(
          error.status < 500 && error.message
            ? error.message
            : payment
              ? 'Failed to update payment'
              : 'Failed to save payment',
        );
      else
        notifyError(
          payment
            ? 'Network error occurred while updating payment'
            : 'Network error occurred while saving payment',
        );
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
            data={paymentTypeOptions(methods)}
            {...form.getInputProps('payment_type')}
          />
          <TextInput
            label="Amount"
            withAsterisk
            inputMode="decimal"
            leftSection={<Text size="xs">{order.currency_symbol}</Text>}
            {...form.getInputProps('amount')}
            onChange={(event) => {
              const text = event.currentTarget.value;
              if (/^\d*(\.\d{0,2})?$/.test(text)) form.setFieldValue('amount', text);
            }}
          />
          <SystemDateInput
            label="Payment date"
            withAsterisk
            value={form.getValues().payment_date}
            error={form.errors.payment_date as string | undefined}
            onChange={(iso) => form.setFieldValue('payment_date', iso)}
          />
          <TextInput label="Transaction ID" {...form.getInputProps('transaction_id')} />
          <Textarea label="Payment details" autosize minRows={2} {...form.getInputProps('payment_details')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
