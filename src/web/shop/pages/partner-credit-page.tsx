import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  CREDIT_REQUEST_MESSAGES,
  type CreditRequestView,
  creditRequestBody,
  type PartnerCreditPageProps,
} from '../../../contracts/credit';
import { addDays } from '../../../domain/dates/date-format';
import { displayDate, money as formatMoney } from '../../lib/format';
import { HttpError, http } from '../../lib/http';
import { useFormSubmit } from '../../lib/use-form-submit';
import { zodValidate } from '../../lib/zod-form';
import { CreditTransactionsTable, PartnerCreditSummary } from '../credit/partner-credit-summary';
import { AreaShell } from './area-shell';
import { ProblemAlert } from './problem-alert';

/** spec 3 §8 Dashboards. */
const PARTNER = 'partner';
const REQUEST_FAILED = 'Failed to submit credit request.';
const EXPORT_FAILED = 'Failed to export credit statement.';

/**
 * /partner/credit (spec 3 §2, §7): the partner's credit account, every transaction (20 a page),
 * a request for more credit, and the statement as pdf or excel for a date range.
 */
export function PartnerCreditPage({
  credit,
  has_account,
  transactions,
  currency_symbol,
  requests,
  today,
}: PartnerCreditPageProps) {
  const money = (value: number) => formatMoney(value, currency_symbol);
  return (
    <AreaShell role={PARTNER} section="credit" title="Your credit">
      {has_account ? (
        <PartnerCreditSummary credit={credit} transactions={null} currencySymbol={currency_symbol} />
      ) : (
        <Alert color="blue">
          The shop has not opened a credit account for you yet. You can ask for one below.
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="sm">
          Transactions
        </Title>
        <CreditTransactionsTable transactions={transactions.data} money={money} />
        {transactions.total > 0 && (
          <Text size="xs" c="dimmed" mt="xs">
            {transactions.from}–{transactions.to} of {transactions.total}
          </Text>
        )}
        {transactions.last_page > 1 && (
          <Group mt="sm" gap="md" aria-label="Transaction pages" component="nav">
            {transactions.current_page > 1 && (
              <Anchor href={`/partner/credit?page=${transactions.current_page - 1}`}>Newer</Anchor>
            )}
            <Text size="sm">
              Page {transactions.current_page} of {transactions.last_page}
            </Text>
            {transactions.current_page < transactions.last_page && (
              <Anchor href={`/partner/credit?page=${transactions.current_page + 1}`}>Older</Anchor>
            )}
          </Group>
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CreditRequestForm />
        {has_account && <StatementExport today={today} />}
      </SimpleGrid>
      {requests.length > 0 && <CreditRequestsCard requests={requests} money={money} />}
    </AreaShell>
  );
}

const REQUEST_COLORS: Record<string, string> = { pending: 'yellow', approved: 'green', declined: 'red' };

/** The partner's latest requests and the shop's answer (docs/decisions/0070). */
function CreditRequestsCard({
  requests,
  money,
}: {
  requests: CreditRequestView[];
  money: (value: number) => string;
}) {
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h4" mb="sm">
        Your credit requests
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table striped data-testid="credit-requests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Requested</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Answer</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{displayDate(r.created_at.slice(0, 10), 'DD/MM/YYYY')}</Table.Td>
                <Table.Td ta="right">{money(r.amount)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={REQUEST_COLORS[r.status] ?? 'gray'}>
                    {r.status_label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {r.status === 'approved' && r.approved_amount !== null
                    ? `${money(r.approved_amount)} added to your credit`
                    : r.status === 'declined'
                      ? r.decline_reason
                      : 'Waiting for the shop'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function CreditRequestForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { amount: '', business_justification: '', contact_phone: '' },
    validate: zodValidate(creditRequestBody),
  });
  const sending = useFormSubmit(
    form,
    (values) => http.post<{ message?: string }>('/api/partner/credit-request', values),
    (reply) => {
      form.reset();
      setSent(reply.message ?? CREDIT_REQUEST_MESSAGES.sent);
    },
  );
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h4" mb="sm">
        Request more credit
      </Title>
      <ProblemAlert problem={sending.problem ? REQUEST_FAILED : null} />
      {sent && (
        <Alert color="green" role="status" mb="sm" data-testid="credit-request-sent">
          {sent}
        </Alert>
      )}
      <form onSubmit={sending.submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Amount" inputMode="decimal" required {...form.getInputProps('amount')} />
          <Textarea
            label="Why do you need it?"
            required
            autosize
            minRows={2}
            {...form.getInputProps('business_justification')}
          />
          <TextInput
            label="Contact phone"
            autoComplete="tel"
            required
            {...form.getInputProps('contact_phone')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={sending.busy}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The statement of the last 30 days by default, to the shop's today (the server says which day that is). */
function StatementExport({ today }: { today: string }) {
  const [format, setFormat] = useState('pdf');
  const [start, setStart] = useState<string>(() => addDays(today, -30));
  const [end, setEnd] = useState<string>(today);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const query = new URLSearchParams({ format, start_date: start, end_date: end });
      const reply = await fetch(`/partner/credit/export?${query}`, { credentials: 'same-origin' });
      if (!reply.ok) {
        const body = (await reply.json().catch(() => null)) as { message?: string } | null;
        throw new HttpError(reply.status, body?.message ?? EXPORT_FAILED, {}, body);
      }
      const blob = await reply.blob();
      const name =
        /filename="?([^";]+)"?/.exec(reply.headers.get('content-disposition') ?? '')?.[1] ??
        `credit-statement.${format === 'pdf' ? 'pdf' : 'xlsx'}`;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setProblem(error instanceof HttpError ? `${EXPORT_FAILED} ${error.message}` : EXPORT_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h4" mb="sm">
        Statement
      </Title>
      <ProblemAlert problem={problem} />
      <Stack gap="sm">
        <NativeSelect
          label="Format"
          data={[
            { value: 'pdf', label: 'PDF' },
            { value: 'excel', label: 'Excel (xlsx)' },
          ]}
          value={format}
          onChange={(event) => setFormat(event.currentTarget.value)}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="From"
            type="date"
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
          />
          <TextInput label="To" type="date" value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={download} loading={busy} data-testid="credit-export">
            Download statement
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default PartnerCreditPage;
