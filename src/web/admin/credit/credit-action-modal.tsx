import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  CREDIT_STATUS_MESSAGE,
  type CreditAccountView,
  creditChangeBody,
  creditLimitBody,
  creditStatusBody,
} from '../../../contracts/credit';
import { CREDIT_STATUSES, creditStatusLabel, previewBalance } from '../../../domain/credit/credit';
import { type Cents, fromDecimal, toDecimal } from '../../../domain/money/money';
import { parseNumberText } from '../../../domain/money/number-text';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { money } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { zodValidate } from '../../lib/zod-form';
import { notifyError, notifySuccess } from '../../ui/notify';
import { type CreditAction, newIdempotencyKey, useCreditAction } from './credit.api';

export type CreditDialog = 'add' | 'remove' | 'limit' | 'status';

const TITLES: Record<CreditDialog, string> = {
  add: 'Add credit',
  remove: 'Remove credit',
  limit: 'Credit limit',
  status: 'Credit status',
};

type Values = { amount: string; credit_limit: string; status: string; note: string };

const SCHEMAS = {
  add: creditChangeBody,
  remove: creditChangeBody,
  limit: creditLimitBody,
  status: creditStatusBody,
} as const;

/**
 * The partner credit dialogs (spec 3 §2): add or remove credit with a preview of the new balance
 * (spec 3 §4), the credit limit (empty: no limit) and the status; each with a note. The same zod
 * contract as the server checks the form; a 422 shows beside its field. The page mounts it afresh
 * for each opening, so its values and its Idempotency-Key start new.
 */
export function CreditActionModal({
  partnerId,
  dialog,
  account,
  onClose,
}: {
  partnerId: number;
  dialog: CreditDialog | null;
  account: CreditAccountView;
  onClose: () => void;
}) {
  const { currency } = useUiSettings();
  const action = useCreditAction(partnerId);
  // One key per opened dialog (DECISIONS 25).
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      amount: '',
      credit_limit: account.credit_limit === null ? '' : account.credit_limit.toFixed(2),
      status: account.status,
      note: '',
    },
    validate: (values) => (dialog ? zodValidate(SCHEMAS[dialog])(values) : {}),
  });

  const amount = parseNumberText(form.values.amount);
  const preview =
    (dialog === 'add' || dialog === 'remove') &&
    typeof amount === 'number' &&
    Number.isFinite(amount) &&
    amount > 0
      ? toDecimal(
          previewBalance(fromDecimal(account.current_balance), {
            kind: dialog,
            amount: fromDecimal(amount) as Cents,
          }),
        )
      : null;

  async function submit(values: Values) {
    if (!dialog) return;
    const note = values.note;
    const request: CreditAction =
      dialog === 'limit'
        ? { kind: 'limit', body: { credit_limit: values.credit_limit, note } }
        : dialog === 'status'
          ? { kind: 'status', body: { status: values.status, note } }
          : { kind: dialog, body: { amount: values.amount, note } };
    try {
      const reply = await action.mutateAsync({ action: request, key });
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields && Object.keys(fields).some((f) => f in values)) form.setErrors(fields);
      else notifyError(errorMessage(error, 'An error occurred while updating the credit account'));
      setKey(newIdempotencyKey());
    }
  }

  return (
    <Modal opened={dialog !== null} onClose={onClose} title={dialog ? TITLES[dialog] : ''}>
      <form noValidate onSubmit={form.onSubmit(submit)} aria-label={dialog ? TITLES[dialog] : 'Credit'}>
        <Stack gap="sm">
          <Text size="sm">
            Current balance: <strong>{money(account.current_balance, currency.symbol)}</strong>
            {account.credit_limit !== null && <> · Limit {money(account.credit_limit, currency.symbol)}</>}
          </Text>
          {(dialog === 'add' || dialog === 'remove') && (
            <>
              <TextInput
                label="Amount"
                inputMode="decimal"
                leftSection={currency.symbol}
                required
                data-autofocus
                {...form.getInputProps('amount')}
              />
              {dialog === 'add' && (
                <Text size="xs" c="dimmed">
                  Available to add:{' '}
                  {account.available_credit === null
                    ? 'unlimited'
                    : money(account.available_credit, currency.symbol)}
                </Text>
              )}
              <Text size="sm" data-testid="credit-preview">
                New balance: {preview === null ? '—' : money(preview, currency.symbol)}
              </Text>
            </>
          )}
          {dialog === 'limit' && (
            <TextInput
              label="Credit limit"
              description="Leave empty for no limit."
              inputMode="decimal"
              leftSection={currency.symbol}
              data-autofocus
              {...form.getInputProps('credit_limit')}
            />
          )}
          {dialog === 'status' && (
            <Select
              label="Status"
              data={CREDIT_STATUSES.map((s) => ({ value: s, label: creditStatusLabel(s) }))}
              allowDeselect={false}
              error={form.errors.status ? CREDIT_STATUS_MESSAGE : undefined}
              {...form.getInputProps('status')}
            />
          )}
          <Textarea label="Note" autosize minRows={2} {...form.getInputProps('note')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={action.isPending}>
              {dialog === 'limit'
                ? 'Save limit'
                : dialog === 'status'
                  ? 'Save status'
                  : dialog
                    ? TITLES[dialog]
                    : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
