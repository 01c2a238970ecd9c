import { Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import type { CreditTransactionView, PartnerCreditData } from '../../../contracts/credit';
import { displayDate, money as formatMoney } from '../../lib/format';

const TYPE_LABELS: Record<string, string> = {
  credit_added: 'Credit added',
  credit_removed: 'Credit removed',
  order_payment: 'Order payment',
};

const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  suspended: 'orange',
  closed: 'gray',
  inactive: 'gray',
};

/**
 * The partner's credit at a glance (spec 3 §3 dashboard creditAccount, recentTransactions; §9: 5
 * latest): balance, limit, status and the latest transactions, from GET /api/partner/credit-balance
 * and GET /api/partner/credit-transactions?limit=5. For the partner dashboard.
 */
export function PartnerCreditSummary({
  credit,
  transactions,
  currencySymbol = '$',
}: {
  credit: PartnerCreditData;
  /** The latest transactions to list; null leaves the list out. */
  transactions: CreditTransactionView[] | null;
  currencySymbol?: string;
}) {
  const money = (value: number) => formatMoney(value, currencySymbol);
  const account = credit.creditAccount;
  return (
    <Card withBorder padding="lg" data-testid="partner-credit-summary">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Credit account
        </Title>
        <Badge color={STATUS_COLORS[account.status] ?? 'gray'} variant="light">
          {account.status_label}
        </Badge>
      </Group>
      <Group gap="xl" mb="md">
        <div>
          <Text size="sm" c="dimmed">
            Balance
          </Text>
          <Text fw={700} size="lg" data-testid="partner-credit-balance">
            {money(credit.currentBalance)}
          </Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Credit limit
          </Text>
          <Text fw={600}>{account.credit_limit === null ? 'No limit' : money(account.credit_limit)}</Text>
        </div>
      </Group>
      {transactions && (
        <>
          <Title order={3} size="h5" mb="xs">
            Latest transactions
          </Title>
          <CreditTransactionsTable transactions={transactions} money={money} />
        </>
      )}
    </Card>
  );
}

/** A partner's credit transactions, newest first (the dashboard's latest 5, the credit page's pages). */
export function CreditTransactionsTable({
  transactions,
  money,
}: {
  transactions: readonly CreditTransactionView[];
  money: (value: number) => string;
}) {
  if (transactions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No transactions yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped data-testid="credit-transactions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Balance after</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{displayDate(t.created_at.slice(0, 10), 'DD/MM/YYYY')}</Table.Td>
              <Table.Td>{TYPE_LABELS[t.type] ?? t.type}</Table.Td>
              <Table.Td>{t.reference ?? t.note ?? '-'}</Table.Td>
              <Table.Td ta="right">{money(t.signed_amount)}</Table.Td>
              <Table.Td ta="right">{money(t.balance_after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
