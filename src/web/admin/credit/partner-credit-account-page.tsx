import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { CreditTransactionView } from '../../../contracts/credit';
import { addDays, isoDateInZone } from '../../../domain/dates/date-format';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { SystemDateInput } from '../../ui/date-input';
import { ExportButton } from '../../ui/export-button';
import { type Column, DataTable } from '../../ui/list/data-table';
import { MoneyText } from '../../ui/money-text';
import { PageHeader } from '../../ui/page-header';
import { useCreditTransactions, usePartnerCredit } from './credit.api';
import { CreditActionModal, type CreditDialog } from './credit-action-modal';
import { STATUS_COLORS } from './partner-credit-page';

const TYPE_LABELS: Record<string, string> = {
  credit_added: 'Credit added',
  credit_removed: 'Credit removed',
  order_payment: 'Order payment',
};

function BackLink() {
  return (
    <Anchor component={Link} to="/admin/partner-credit" size="sm">
      All partners
    </Anchor>
  );
}

/**
 * A partner's credit account (spec 3 §2): balance, limit, status, the dialogs that change them,
 * the statement export for a date range (pdf or excel) and the transactions, 20 a page.
 */
export function PartnerCreditAccountPage() {
  const id = Number(useParams().id);
  const { date_format, timezone } = useUiSettings();
  const partner = usePartnerCredit(id);
  const [page, setPage] = useState(1);
  const transactions = useCreditTransactions(id, page);
  const [dialog, setDialog] = useState<CreditDialog | null>(null);
  const [opened, setOpened] = useState(0);
  // The statement's period until changed: the last 30 days to the shop's today (its time zone,
  // as the server reads the dates), not the browser's UTC date.
  const shopToday = isoDateInZone(new Date(), timezone);
  const [chosen, setRange] = useState<{ start?: string | null; end?: string | null; format: string }>({
    format: 'pdf',
  });
  const range = {
    start: chosen.start === undefined ? addDays(shopToday, -30) : chosen.start,
    end: chosen.end === undefined ? shopToday : chosen.end,
    format: chosen.format,
  };

  if (partner.isError)
    return (
      <>
        <PageHeader title="Partner credit" actions={<BackLink />} />
        <Text c="red">Failed to load the partner's credit account.</Text>
      </>
    );
  const data = partner.data?.data;
  const account = data?.credit_account;
  const openDialog = (next: CreditDialog) => {
    setOpened((n) => n + 1);
    setDialog(next);
  };

  const columns: Column<CreditTransactionView>[] = [
    {
      key: 'created_at',
      title: 'Date',
      render: (t) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {displayDateTime(t.created_at, date_format, timezone)}
        </Text>
      ),
    },
    { key: 'type', title: 'Type', render: (t) => TYPE_LABELS[t.type] ?? t.type },
    { key: 'reference', title: 'Reference', render: (t) => t.reference ?? '' },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (t) => (
        <Text size="sm" c={t.signed_amount < 0 ? 'red.8' : 'green.8'} fw={600}>
          <MoneyText amount={t.signed_amount} />
        </Text>
      ),
    },
    {
      key: 'balance_after',
      title: 'Balance after',
      align: 'right',
      render: (t) => <MoneyText amount={t.balance_after} />,
    },
    {
      key: 'note',
      title: 'Note',
      render: (t) => (
        <Text size="sm" lineClamp={2}>
          {t.note ?? ''}
        </Text>
      ),
    },
    { key: 'by', title: 'By', render: (t) => t.created_by ?? '' },
  ];

  const rangeReady = Boolean(range.start && range.end && range.start <= range.end);

  return (
    <>
      <PageHeader
        title={data ? `Credit: ${data.partner.company_name ?? data.partner.name}` : 'Partner credit'}
        description={data ? `${data.partner.name} · ${data.partner.email}` : undefined}
        actions={<BackLink />}
      />
      {account && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Card withBorder padding="md">
              <Text size="sm" c="dimmed">
                Current balance
              </Text>
              <Text fw={700} size="xl" data-testid="credit-balance">
                <MoneyText amount={account.current_balance} />
              </Text>
            </Card>
            <Card withBorder padding="md">
              <Text size="sm" c="dimmed">
                Credit limit
              </Text>
              <Text fw={700} size="xl">
                {account.credit_limit === null ? 'No limit' : <MoneyText amount={account.credit_limit} />}
              </Text>
            </Card>
            <Card withBorder padding="md">
              <Text size="sm" c="dimmed">
                Available to add
              </Text>
              <Text fw={700} size="xl">
                {account.available_credit === null ? (
                  'Unlimited'
                ) : (
                  <MoneyText amount={account.available_credit} />
                )}
              </Text>
            </Card>
            <Card withBorder padding="md">
              <Text size="sm" c="dimmed">
                Status
              </Text>
              <Group gap="xs" mt={4}>
                <Badge
                  size="lg"
                  variant="light"
                  color={STATUS_COLORS[account.status] ?? 'gray'}
                  data-testid="credit-status"
                >
                  {account.id === null ? 'No account' : account.status_label}
                </Badge>
                {data.pending_requests > 0 && (
                  <Badge variant="outline" color="blue">
                    {data.pending_requests} pending request{data.pending_requests === 1 ? '' : 's'}
                  </Badge>
                )}
              </Group>
            </Card>
          </SimpleGrid>

          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} />} onClick={() => openDialog('add')}>
              Add credit
            </Button>
            <Button
              variant="default"
              leftSection={<IconMinus size={16} />}
              onClick={() => openDialog('remove')}
            >
              Remove credit
            </Button>
            <Button variant="default" onClick={() => openDialog('limit')}>
              Credit limit
            </Button>
            <Button variant="default" onClick={() => openDialog('status')}>
              Credit status
            </Button>
          </Group>

          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              Statement export
            </Title>
            <Group align="flex-end" gap="sm">
              <SystemDateInput
                label="From"
                value={range.start}
                onChange={(start) => setRange((r) => ({ ...r, start }))}
                w={160}
              />
              <SystemDateInput
                label="To"
                value={range.end}
                onChange={(end) => setRange((r) => ({ ...r, end }))}
                error={
                  range.start && range.end && range.end < range.start
                    ? 'The end date cannot be before the start date.'
                    : null
                }
                w={160}
              />
              <Select
                label="Format"
                data={[
                  { value: 'pdf', label: 'PDF' },
                  { value: 'excel', label: 'Excel (xlsx)' },
                ]}
                value={range.format}
                allowDeselect={false}
                onChange={(format) => setRange((r) => ({ ...r, format: format ?? 'pdf' }))}
                w={160}
              />
              {rangeReady ? (
                <ExportButton
                  url={`/admin/partners/${id}/credit/export`}
                  query={{ format: range.format, start_date: range.start!, end_date: range.end! }}
                  fallbackName={`credit_statement_${id}.${range.format === 'pdf' ? 'pdf' : 'xlsx'}`}
                  label="Export statement"
                />
              ) : (
                <Button variant="default" disabled>
                  Export statement
                </Button>
              )}
            </Group>
          </Card>

          <div>
            <Title order={2} size="h4" mb="sm">
              Transactions
            </Title>
            <DataTable
              label="Credit transactions"
              columns={columns}
              result={transactions.data?.data}
              isLoading={transactions.isLoading}
              isFetching={transactions.isFetching}
              isError={transactions.isError}
              errorTitle="Failed to load transactions"
              onRetry={() => transactions.refetch()}
              state={{ page, per_page: 20, search: '', sort: 'created_at', direction: 'desc', filters: {} }}
              onPage={setPage}
              rowKey={(t) => t.id}
              empty={{
                title: 'No transactions yet',
                description: 'Credit added, removed or spent on orders appears here.',
              }}
            />
          </div>

          {data.change_history && data.change_history.length > 0 && (
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="sm">
                Change history
              </Title>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Change</Table.Th>
                    <Table.Th>From</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Note</Table.Th>
                    <Table.Th>By</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.change_history.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{displayDateTime(c.created_at, date_format, timezone)}</Table.Td>
                      <Table.Td>{c.field === 'credit_limit' ? 'Credit limit' : 'Status'}</Table.Td>
                      <Table.Td>{c.old_value ?? (c.field === 'credit_limit' ? 'No limit' : '')}</Table.Td>
                      <Table.Td>{c.new_value ?? (c.field === 'credit_limit' ? 'No limit' : '')}</Table.Td>
                      <Table.Td>{c.note ?? ''}</Table.Td>
                      <Table.Td>{c.changed_by ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          )}

          <CreditActionModal
            key={opened}
            partnerId={id}
            dialog={dialog}
            account={account}
            onClose={() => setDialog(null)}
          />
        </Stack>
      )}
    </>
  );
}

export default PartnerCreditAccountPage;
