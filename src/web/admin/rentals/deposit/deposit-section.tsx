import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  RENTAL_DEPOSIT_MESSAGES as D,
  type DepositReply,
  type DepositStatus,
  depositBody,
  depositCollectBody,
  depositForfeitBody,
  depositRefundBody,
} from '../../../../contracts/rental-periods';
import { fromDecimal } from '../../../../domain/money/money';
import { parseNumberText } from '../../../../domain/money/number-text';
import { refundError } from '../../../../domain/rentals/deposits';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { money } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { zodValidate } from '../../../lib/zod-form';
import { LoadFailed } from '../../../ui/load-failed';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { type DepositAction, useBookingDeposit, useDepositAction } from './deposit.api';

type Dialog = 'set' | 'collect' | 'refund' | 'forfeit';

const STATUS_COLOR: Record<DepositStatus, string> = {
  not_set: 'gray',
  collected: 'blue',
  held: 'indigo',
  refunded: 'green',
  forfeited: 'red',
};

const TITLES: Record<Dialog, string> = {
  set: 'Set deposit',
  collect: 'Collect deposit',
  refund: 'Refund deposit',
  forfeit: 'Forfeit deposit',
};

/**
 * The booking's deposit (spec 3 §2 "deposit modals (set, refund, forfeit)", §4 Deposit status):
 * what it is and where it stands, and the set, collect, refund and forfeit modals. Fetches its own
 * data (deposit.api.ts); the booking page mounts it with the booking id.
 */
export function DepositSection({ bookingId }: { bookingId: number }) {
  const state = useBookingDeposit(bookingId);
  const { currency } = useUiSettings();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const deposit = state.data?.data.deposit ?? null;
  const status = deposit?.status;

  return (
    <Card withBorder component="section" aria-labelledby={`deposit-${bookingId}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={`deposit-${bookingId}`}>
            Deposit
          </Title>
          {deposit && <Badge color={STATUS_COLOR[deposit.status]}>{deposit.status_text}</Badge>}
        </Group>
        {state.isLoading ? (
          <Group gap="xs">
            <Loader size="sm" role="status" aria-label="Loading the deposit" />
            <Text size="sm">Loading the deposit…</Text>
          </Group>
        ) : state.isError ? (
          <LoadFailed
            title="The deposit could not be loaded"
            detail={errorMessage(state.error, D.network)}
            onRetry={() => state.refetch()}
          />
        ) : !deposit ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              No deposit is set for this booking.
            </Text>
            <Button size="xs" onClick={() => setDialog('set')}>
              Set deposit
            </Button>
          </Group>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure label="Deposit" value={money(deposit.amount, currency.symbol)} />
              <Figure label="Collected" value={money(deposit.collected_amount, currency.symbol)} />
              <Figure label="Refunded" value={money(deposit.refunded_amount, currency.symbol)} />
              <Figure label="Refundable" value={money(deposit.refundable_amount, currency.symbol)} />
            </SimpleGrid>
            {deposit.notes && <Text size="sm">Notes: {deposit.notes}</Text>}
            {deposit.admin_notes && <Text size="sm">Admin notes: {deposit.admin_notes}</Text>}
            {deposit.refund_reason && <Text size="sm">Refund reason: {deposit.refund_reason}</Text>}
            {deposit.forfeit_reason && <Text size="sm">Forfeit reason: {deposit.forfeit_reason}</Text>}
            <Group gap="xs">
              {status === 'not_set' && (
                <Button size="xs" onClick={() => setDialog('collect')}>
                  Collect
                </Button>
              )}
              {(status === 'collected' || status === 'held') && (
                <>
                  <Button size="xs" variant="light" onClick={() => setDialog('refund')}>
                    Refund
                  </Button>
                  <Button size="xs" variant="light" color="red" onClick={() => setDialog('forfeit')}>
                    Forfeit
                  </Button>
                </>
              )}
            </Group>
          </>
        )}
      </Stack>
      {dialog && (
        <DepositModal
          key={dialog}
          bookingId={bookingId}
          dialog={dialog}
          deposit={deposit}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

type Values = {
  amount: string;
  notes: string;
  admin_notes: string;
  refund_amount: string;
  refund_reason: string;
  forfeit_reason: string;
};

const SCHEMAS = {
  set: depositBody,
  collect: depositCollectBody,
  refund: depositRefundBody,
  forfeit: depositForfeitBody,
} as const;

function DepositModal({
  bookingId,
  dialog,
  deposit,
  onClose,
}: {
  bookingId: number;
  dialog: Dialog;
  deposit: DepositReply | null;
  onClose: () => void;
}) {
  const { currency } = useUiSettings();
  const action = useDepositAction(bookingId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      amount: dialog === 'collect' && deposit ? deposit.amount : '',
      notes: '',
      admin_notes: deposit?.admin_notes ?? '',
      refund_amount: deposit?.refundable_amount ?? '',
      refund_reason: '',
      forfeit_reason: '',
    },
    validate: (values) => {
      const errors = zodValidate(SCHEMAS[dialog])(values);
      if (dialog === 'refund' && deposit && !errors.refund_amount) {
        const n = parseNumberText(values.refund_amount);
        const refund =
          typeof n === 'number'
            ? refundError(fromDecimal(n), fromDecimal(deposit.collected_amount), (v) =>
                money(v / 100, currency.symbol),
              )
            : null;
        if (refund) errors.refund_amount = refund;
      }
      return errors;
    },
  });

  async function submit(values: Values) {
    const request: DepositAction | null =
      dialog === 'set'
        ? { kind: 'set', body: { amount: values.amount, notes: values.notes } }
        : !deposit
          ? null
          : dialog === 'collect'
            ? {
                kind: 'collect',
                depositId: deposit.id,
                body: { amount: values.amount, admin_notes: values.admin_notes },
              }
            : dialog === 'refund'
              ? {
                  kind: 'refund',
                  depositId: deposit.id,
                  body: { refund_amount: values.refund_amount, refund_reason: values.refund_reason },
                }
              : { kind: 'forfeit', depositId: deposit.id, body: { forfeit_reason: values.forfeit_reason } };
    if (!request) return;
    try {
      const reply = await action.mutateAsync(request);
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields && Object.keys(fields).some((f) => f in values)) form.setErrors(fields);
      // spec 3 §8: the deposit modals' fallback.
      else notifyError(errorMessage(error, D.network));
    }
  }

  return (
    <Modal opened onClose={onClose} title={TITLES[dialog]}>
      <form noValidate aria-label={TITLES[dialog]} onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          {deposit && dialog !== 'set' && (
            <Text size="sm">
              Deposit {money(deposit.amount, currency.symbol)} · collected{' '}
              {money(deposit.collected_amount, currency.symbol)}
            </Text>
          )}
          {dialog === 'set' && (
            <>
              <TextInput
                label="Amount"
                required
                inputMode="decimal"
                leftSection={currency.symbol}
                {...form.getInputProps('amount')}
              />
              <Textarea label="Notes" rows={2} {...form.getInputProps('notes')} />
            </>
          )}
          {dialog === 'collect' && (
            <>
              <TextInput
                label="Amount collected"
                required
                inputMode="decimal"
                leftSection={currency.symbol}
                {...form.getInputProps('amount')}
              />
              <Textarea label="Admin notes" rows={2} {...form.getInputProps('admin_notes')} />
            </>
          )}
          {dialog === 'refund' && (
            <>
              <TextInput
                label="Refund amount"
                required
                inputMode="decimal"
                leftSection={currency.symbol}
                {...form.getInputProps('refund_amount')}
              />
              <Textarea label="Refund reason" rows={2} {...form.getInputProps('refund_reason')} />
            </>
          )}
          {dialog === 'forfeit' && (
            <>
              <Text size="sm">The shop keeps what was collected. This action cannot be undone.</Text>
              <Textarea label="Forfeit reason" required rows={2} {...form.getInputProps('forfeit_reason')} />
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={action.isPending} color={dialog === 'forfeit' ? 'red' : undefined}>
              {TITLES[dialog]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
