import { Badge, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  approveCreditRequestBody,
  CREDIT_REQUEST_STATUS_LABELS,
  CREDIT_REQUEST_STATUSES,
  CREDIT_REQUESTS_PER_PAGE,
  type CreditRequestView,
  declineCreditRequestBody,
} from '../../../contracts/credit';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { displayDateTime, money } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { zodValidate } from '../../lib/zod-form';
import { type Column, DataTable } from '../../ui/list/data-table';
import type { ListState } from '../../ui/list/use-list-state';
import { MoneyText } from '../../ui/money-text';
import { notifyError, notifySuccess } from '../../ui/notify';
import { newIdempotencyKey, useAnswerCreditRequest, useCreditRequests } from './credit.api';

const STATUS_COLORS: Record<string, string> = { pending: 'yellow', approved: 'green', declined: 'red' };

type Dialog = { kind: 'approve' | 'decline'; request: CreditRequestView };

/**
 * Partners' credit requests (issue 17; docs/decisions/0070): pending first, paged; approve adds
 * the requested amount (or the one the admin types) as credit, decline asks for the reason. Each
 * answer is its own confirmation dialog.
 */
export function CreditRequests() {
  const { date_format, timezone } = useUiSettings();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const requests = useCreditRequests({ page, ...(status ? { status } : {}) });
  const state: ListState = {
    page,
    per_page: CREDIT_REQUESTS_PER_PAGE,
    search: '',
    sort: 'status',
    direction: 'asc',
    filters: {},
  };
  const partnerName = (r: CreditRequestView) => r.partner.company_name ?? r.partner.name;

  const columns: Column<CreditRequestView>[] = [
    {
      key: 'partner',
      title: 'Partner',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {partnerName(r)}
          </Text>
          <Text size="xs" c="dimmed">
            {r.contact_phone} · {displayDateTime(r.created_at, date_format, timezone)}
          </Text>
        </Stack>
      ),
    },
    { key: 'amount', title: 'Amount', align: 'right', render: (r) => <MoneyText amount={r.amount} /> },
    {
      key: 'justification',
      title: 'Justification',
      render: (r) => (
        <Text size="sm" lineClamp={3}>
          {r.business_justification}
        </Text>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (r) => (
        <Stack gap={2}>
          <Badge variant="light" color={STATUS_COLORS[r.status] ?? 'gray'}>
            {r.status_label}
          </Badge>
          {r.status === 'approved' && r.approved_amount !== null && r.approved_amount !== r.amount && (
            <Text size="xs">
              Approved <MoneyText amount={r.approved_amount} />
            </Text>
          )}
          {r.decline_reason && (
            <Text size="xs" c="dimmed">
              {r.decline_reason}
            </Text>
          )}
          {r.decided_by && (
            <Text size="xs" c="dimmed">
              by {r.decided_by}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      align: 'right',
      render: (r) =>
        r.status === 'pending' ? (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setDialog({ kind: 'approve', request: r })}
              aria-label={`Approve the request of ${partnerName(r)}`}
            >
              Approve
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => setDialog({ kind: 'decline', request: r })}
              aria-label={`Decline the request of ${partnerName(r)}`}
            >
              Decline
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {r.decided_at ? displayDateTime(r.decided_at, date_format, timezone) : ''}
          </Text>
        ),
    },
  ];

  return (
    <section aria-labelledby="credit-requests-title">
      <Group justify="space-between" mt="xl" mb="sm" align="flex-end">
        <Title order={2} size="h3" id="credit-requests-title">
          Credit requests
        </Title>
        <Select
          label="Status"
          placeholder="All"
          clearable
          w={180}
          data={CREDIT_REQUEST_STATUSES.map((s) => ({ value: s, label: CREDIT_REQUEST_STATUS_LABELS[s] }))}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </Group>
      <DataTable
        label="Credit requests"
        columns={columns}
        result={requests.data?.data}
        isLoading={requests.isLoading}
        isFetching={requests.isFetching}
        isError={requests.isError}
        errorTitle="Failed to load credit requests"
        onRetry={() => requests.refetch()}
        state={state}
        onPage={setPage}
        rowKey={(r) => r.id}
        empty={{
          title: status ? 'No requests with this status' : 'No credit requests',
          description: 'Partners ask for credit from their credit page; their requests appear here.',
        }}
      />
      {dialog && (
        <AnswerDialog
          key={`${dialog.kind}-${dialog.request.id}`}
          dialog={dialog}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

type Values = { amount: string; note: string; reason: string };

/** The confirmation dialog of an answer: the amount to add (editable) or the reason to decline. */
function AnswerDialog({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const { currency } = useUiSettings();
  const answer = useAnswerCreditRequest();
  const [key, setKey] = useState(newIdempotencyKey);
  const { request, kind } = dialog;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { amount: request.amount.toFixed(2), note: '', reason: '' },
    validate: (values) =>
      kind === 'approve'
        ? zodValidate(approveCreditRequestBody)({ amount: values.amount, note: values.note })
        : zodValidate(declineCreditRequestBody)({ reason: values.reason }),
  });
  const name = request.partner.company_name ?? request.partner.name;
  const title = kind === 'approve' ? 'Approve credit request' : 'Decline credit request';

  async function submit(values: Values) {
    try {
      const reply = await answer.mutateAsync({
        id: request.id,
        key,
        answer:
          kind === 'approve'
            ? { kind, body: { amount: values.amount, note: values.note } }
            : { kind, body: { reason: values.reason } },
      });
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields && Object.keys(fields).some((f) => f in values)) form.setErrors(fields);
      else {
        notifyError(errorMessage(error, 'An error occurred while answering the credit request'));
        // 409 (answered meanwhile) or 404: the list shows what is true now.
        if (!fields) onClose();
      }
      setKey(newIdempotencyKey());
    }
  }

  return (
    <Modal opened onClose={onClose} title={title}>
      <form noValidate onSubmit={form.onSubmit(submit)} aria-label={title}>
        <Stack gap="sm">
          <Text size="sm">
            <strong>{name}</strong> asks for <strong>{money(request.amount, currency.symbol)}</strong>:{' '}
            {request.business_justification}
          </Text>
          {kind === 'approve' ? (
            <>
              <TextInput
                label="Amount to add"
                description="The requested amount; change it to approve a different amount."
                inputMode="decimal"
                leftSection={currency.symbol}
                required
                data-autofocus
                {...form.getInputProps('amount')}
              />
              <Textarea label="Note" autosize minRows={2} {...form.getInputProps('note')} />
              <Text size="xs" c="dimmed">
                The amount is added to the partner's credit balance and the partner is e-mailed.
              </Text>
            </>
          ) : (
            <Textarea
              label="Reason"
              description="The partner receives it by e-mail and sees it on their credit page."
              required
              autosize
              minRows={3}
              data-autofocus
              {...form.getInputProps('reason')}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={kind === 'approve' ? undefined : 'red'} loading={answer.isPending}>
              {kind === 'approve' ? 'Approve and add credit' : 'Decline request'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
