import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  RENTAL_PERIOD_MESSAGES as M,
  newPeriodBody,
  PERIOD_MONTH_OPTIONS,
  PERIOD_PAYMENT_MESSAGES,
  type PeriodReply,
  periodDatesBody,
  periodServiceBody,
} from '../../../../contracts/rental-periods';
import { PAYMENT_TYPES } from '../../../../contracts/rentals';
import { fromDecimal } from '../../../../domain/money/money';
import { parseNumberText } from '../../../../domain/money/number-text';
import { periodPaymentError } from '../../../../domain/rentals/period-payments';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { money } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { zodValidate } from '../../../lib/zod-form';
import { SystemDateInput } from '../../../ui/date-input';
import { notifyError, notifySuccess } from '../../../ui/notify';
import {
  fetchPaymentInfo,
  type PeriodAction,
  type RentalProductOption,
  usePeriodAction,
  useProductVariants,
  useRentalProductSearch,
} from './periods.api';

export type PeriodDialog = 'new' | 'product' | 'service' | 'notes' | 'payment' | 'dates';

const MONTH_OPTIONS = PERIOD_MONTH_OPTIONS.map((m) => ({
  value: String(m),
  label: m === 1 ? '1 month (30 days)' : `${m} months (${m * 30} days)`,
}));

export const PAYMENT_TYPE_LABELS: Record<(typeof PAYMENT_TYPES)[number], string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card: 'Card',
  online: 'Online',
  cheque: 'Cheque',
  credit_card: 'Credit card',
  debit_card: 'Debit card',
  mobile_payment: 'Mobile payment',
};

/**
 * Sends one period action: success toasts the server's message and closes; a 422 puts its field
 * messages beside the form's fields; anything else toasts the server's words or the fallback.
 */
function useSubmit(bookingId: number, onClose: () => void) {
  const action = usePeriodAction(bookingId);
  return {
    busy: action.isPending,
    async run<V extends Record<string, unknown>>(
      request: PeriodAction,
      fallback: string,
      form?: UseFormReturnType<V>,
    ): Promise<void> {
      try {
        const reply = await action.mutateAsync(request);
        notifySuccess(reply.message);
        onClose();
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (form && fields && Object.keys(fields).some((f) => f in form.values)) form.setErrors(fields);
        else notifyError(errorMessage(error, fallback));
      }
    },
  };
}

type Props = {
  bookingId: number;
  /** The period the dialog acts on (null for a new period). */
  period: PeriodReply | null;
  /** The new period form's default start (the day after the latest end). */
  nextStart: string | null;
  today: string;
  onClose: () => void;
};

/** The dialog asked for; the section refuses to open one that needs a period without one. */
export function PeriodModal({ dialog, ...props }: Props & { dialog: PeriodDialog | null }) {
  if (dialog === null) return null;
  if (dialog === 'new') return <NewPeriodModal {...props} />;
  if (props.period === null) return null;
  const withPeriod = { ...props, period: props.period };
  switch (dialog) {
    case 'product':
      return <ProductModal {...withPeriod} />;
    case 'service':
      return <ServiceModal {...withPeriod} />;
    case 'notes':
      return <NotesModal {...withPeriod} />;
    case 'payment':
      return <PaymentModal {...withPeriod} />;
    case 'dates':
      return <DatesModal {...withPeriod} />;
  }
}

type WithPeriod = Omit<Props, 'period'> & { period: PeriodReply };

function Actions({
  busy,
  label,
  onClose,
  disabled,
}: {
  busy: boolean;
  label: string;
  onClose: () => void;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" loading={busy} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}

function NewPeriodModal({ bookingId, nextStart, today, onClose }: Props) {
  const { busy, run } = useSubmit(bookingId, onClose);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      start_date: nextStart ?? today,
      duration_months: '1',
      copy_items_from_period: true,
      inherit_recurring_services: true,
    },
    validate: zodValidate(newPeriodBody),
  });
  return (
    <Modal opened onClose={onClose} title="New period">
      <form
        noValidate
        aria-label="New period"
        onSubmit={form.onSubmit((v) => run({ kind: 'create', body: v }, M.createFailed, form))}
      >
        <Stack gap="sm">
          <SystemDateInput
            label="Start date"
            required
            value={form.values.start_date || null}
            onChange={(iso) => form.setFieldValue('start_date', iso ?? '')}
            error={(form.errors.start_date as string | undefined) ?? null}
            description={
              nextStart ? `A new period starts on or after the day after the latest end.` : undefined
            }
          />
          <Select
            label="Duration"
            required
            allowDeselect={false}
            data={MONTH_OPTIONS}
            {...form.getInputProps('duration_months')}
          />
          <Checkbox
            label={nextStart ? 'Copy the items of the previous period' : 'Copy the booking’s rental items'}
            {...form.getInputProps('copy_items_from_period', { type: 'checkbox' })}
          />
          <Checkbox
            label="Inherit the recurring services"
            {...form.getInputProps('inherit_recurring_services', { type: 'checkbox' })}
          />
          <Actions busy={busy} label="Create period" onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function ProductModal({ bookingId, period, onClose }: WithPeriod) {
  const { busy, run } = useSubmit(bookingId, onClose);
  const { currency } = useUiSettings();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const results = useRentalProductSearch(debounced);
  const [product, setProduct] = useState<RentalProductOption | null>(null);
  const variants = useProductVariants(product);
  const variantOptions = (
    product?.variations.length ? product.variations : (variants.data?.variations ?? [])
  ).map((v) => ({ value: String(v.id), label: v.variant }));
  const form = useForm({
    mode: 'controlled',
    initialValues: { product_id: '', variant_id: '', quantity: '1' },
    validate: {
      product_id: (v) => (v ? null : M.product),
      variant_id: (v) => (product?.is_variable_product && !v ? M.variant : null),
      quantity: (v) => {
        const n = parseNumberText(v);
        return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? null : M.quantity;
      },
    },
  });
  // The chosen product stays an option while the search text shows its name.
  const found = results.data ?? [];
  const listed = product && !found.some((p) => p.id === product.id) ? [product, ...found] : found;
  const options = listed.map((p) => ({
    value: String(p.id),
    label: p.rental_price === null ? p.name : `${p.name} · ${money(p.rental_price, currency.symbol)} a day`,
  }));
  return (
    <Modal opened onClose={onClose} title={`Add a product to period ${period.period_number}`}>
      <form
        noValidate
        aria-label="Add a product"
        onSubmit={form.onSubmit((v) =>
          run(
            { kind: 'item', periodId: period.id, body: v },
            'An error occurred while adding the product',
            form,
          ),
        )}
      >
        <Stack gap="sm">
          <Select
            label="Product"
            required
            searchable
            description="Type at least 2 characters to search."
            placeholder="Search rental products"
            data={options}
            // The server searches; the list shows what it answered.
            filter={({ options: all }) => all}
            searchValue={search}
            onSearchChange={setSearch}
            nothingFoundMessage={
              debounced.trim().length < 2
                ? 'Type at least 2 characters'
                : results.isFetching
                  ? 'Searching…'
                  : 'No products found'
            }
            rightSection={results.isFetching ? <Loader size="xs" /> : undefined}
            value={form.values.product_id || null}
            onChange={(value) => {
              form.setFieldValue('product_id', value ?? '');
              form.setFieldValue('variant_id', '');
              setProduct(listed.find((p) => String(p.id) === value) ?? null);
            }}
            error={form.errors.product_id}
          />
          {product?.is_variable_product && (
            <Select label="Variant" required data={variantOptions} {...form.getInputProps('variant_id')} />
          )}
          <TextInput label="Quantity" required inputMode="numeric" {...form.getInputProps('quantity')} />
          <Text size="sm" c="dimmed">
            Priced at the daily rate × quantity × started 30 days of the period ({period.days_count} days).
          </Text>
          <Actions busy={busy} label="Add product" onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function ServiceModal({ bookingId, period, onClose }: WithPeriod) {
  const { busy, run } = useSubmit(bookingId, onClose);
  const { currency } = useUiSettings();
  const form = useForm({
    mode: 'controlled',
    initialValues: { service_name: '', service_type: 'one_time', amount: '', description: '' },
    validate: zodValidate(periodServiceBody),
  });
  return (
    <Modal opened onClose={onClose} title={`Add a service to period ${period.period_number}`}>
      <form
        noValidate
        aria-label="Add a service"
        onSubmit={form.onSubmit((v) =>
          run(
            { kind: 'service', periodId: period.id, body: v },
            'An error occurred while adding the service',
            form,
          ),
        )}
      >
        <Stack gap="sm">
          <TextInput label="Service name" required {...form.getInputProps('service_name')} />
          <Select
            label="Type"
            allowDeselect={false}
            data={[
              { value: 'one_time', label: 'One time' },
              { value: 'recurring', label: 'Recurring' },
            ]}
            {...form.getInputProps('service_type')}
          />
          <TextInput
            label="Amount"
            required
            inputMode="decimal"
            leftSection={currency.symbol}
            {...form.getInputProps('amount')}
          />
          <Textarea label="Description" rows={2} {...form.getInputProps('description')} />
          <Actions busy={busy} label="Add service" onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function NotesModal({ bookingId, period, onClose }: WithPeriod) {
  const { busy, run } = useSubmit(bookingId, onClose);
  const form = useForm({
    mode: 'controlled',
    initialValues: { customer_note: period.notes.customer ?? '', admin_note: period.notes.admin ?? '' },
  });
  return (
    <Modal opened onClose={onClose} title={`Notes of period ${period.period_number}`}>
      <form
        noValidate
        aria-label="Period notes"
        onSubmit={form.onSubmit((v) =>
          run(
            { kind: 'notes', periodId: period.id, body: v },
            'An error occurred while saving the notes',
            form,
          ),
        )}
      >
        <Stack gap="sm">
          <Textarea label="Note for the customer" rows={3} {...form.getInputProps('customer_note')} />
          <Textarea label="Admin note" rows={3} {...form.getInputProps('admin_note')} />
          <Actions busy={busy} label="Save notes" onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function PaymentModal({ bookingId, period, today, onClose }: WithPeriod) {
  const { busy, run } = useSubmit(bookingId, onClose);
  const { currency } = useUiSettings();
  // The balance of now, not of when the list was read (spec 3 §7 payment-info).
  const info = useQuery({
    queryKey: ['rental-periods', 'payment-info', period.id],
    queryFn: () => fetchPaymentInfo(period.id),
    staleTime: 0,
  });
  const total = fromDecimal(info.data?.data.total_amount ?? period.total_amount);
  const paid = fromDecimal(info.data?.data.amount_paid ?? period.amount_paid);
  const fullyPaid = info.data?.data.is_fully_paid ?? period.is_fully_paid;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      amount: '',
      payment_type: 'bank_transfer',
      payment_date: today,
      transaction_id: '',
      payment_details: '',
    },
    validate: {
      amount: (value) => {
        const n = parseNumberText(value);
        if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0)
          return PERIOD_PAYMENT_MESSAGES.amountPositive;
        return periodPaymentError(fromDecimal(n), total, paid, (v) => money(v / 100, currency.symbol));
      },
    },
  });
  const balance = info.data?.data.remaining_balance ?? period.remaining_balance;
  return (
    <Modal opened onClose={onClose} title={`Add a payment to period ${period.period_number}`}>
      <form
        noValidate
        aria-label="Add a payment"
        onSubmit={form.onSubmit((v) =>
          run({ kind: 'payment', periodId: period.id, body: v }, M.paymentFailed, form),
        )}
      >
        <Stack gap="sm">
          {info.isLoading ? (
            <Loader size="sm" role="status" aria-label="Loading the balance" />
          ) : fullyPaid ? (
            <Alert color="green" title="Fully paid">
              {PERIOD_PAYMENT_MESSAGES.fullyPaid}
            </Alert>
          ) : (
            <Text size="sm">
              Remaining balance: <strong>{money(balance, currency.symbol)}</strong>
            </Text>
          )}
          {!fullyPaid && (
            <>
              <TextInput
                label="Amount"
                required
                inputMode="decimal"
                leftSection={currency.symbol}
                {...form.getInputProps('amount')}
              />
              <Select
                label="Payment type"
                allowDeselect={false}
                data={PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] }))}
                {...form.getInputProps('payment_type')}
              />
              <SystemDateInput
                label="Payment date"
                value={form.values.payment_date || null}
                onChange={(iso) => form.setFieldValue('payment_date', iso ?? '')}
                error={(form.errors.payment_date as string | undefined) ?? null}
              />
              <TextInput label="Transaction id" {...form.getInputProps('transaction_id')} />
              <Textarea label="Payment details" rows={2} {...form.getInputProps('payment_details')} />
            </>
          )}
          <Actions busy={busy} label="Add payment" onClose={onClose} disabled={fullyPaid || info.isLoading} />
        </Stack>
      </form>
    </Modal>
  );
}

function DatesModal({ bookingId, period, onClose }: WithPeriod) {
  const { busy, run } = useSubmit(bookingId, onClose);
  const months = Math.min(6, Math.max(1, Math.round(period.days_count / 30)));
  const form = useForm({
    mode: 'controlled',
    initialValues: { start_date: period.start_date, duration_months: String(months) },
    validate: zodValidate(periodDatesBody),
  });
  return (
    <Modal opened onClose={onClose} title={`Dates of period ${period.period_number}`}>
      <form
        noValidate
        aria-label="Period dates"
        onSubmit={form.onSubmit((v) =>
          run(
            { kind: 'dates', periodId: period.id, body: v },
            'An error occurred while saving the dates',
            form,
          ),
        )}
      >
        <Stack gap="sm">
          <SystemDateInput
            label="Start date"
            required
            value={form.values.start_date || null}
            onChange={(iso) => form.setFieldValue('start_date', iso ?? '')}
            error={(form.errors.start_date as string | undefined) ?? null}
          />
          <Select
            label="Duration"
            required
            allowDeselect={false}
            data={MONTH_OPTIONS}
            {...form.getInputProps('duration_months')}
          />
          <Text size="sm" c="dimmed">
            The period ends the day before the same date that many months later; its items are repriced.
          </Text>
          <Actions busy={busy} label="Save dates" onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
