import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PartnerCreditRow } from '../../../contracts/credit';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { MoneyText } from '../../ui/money-text';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { usePartnersWithCredit } from './credit.api';
import { CreditRequests } from './credit-requests';

const LIST_DEFAULTS: ListDefaults = { perPage: 20, sort: 'company', direction: 'asc', filters: [] };

export const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  suspended: 'orange',
  closed: 'gray',
  inactive: 'gray',
};

/** The partner credit page (spec 3 §2 Admin: partner credit): every partner and their account. */
export function PartnerCreditPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const partners = usePartnersWithCredit({
    page: state.page,
    ...(state.search ? { search: state.search } : {}),
  });

  const columns: Column<PartnerCreditRow>[] = [
    {
      key: 'partner',
      title: 'Partner',
      render: (p) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/admin/partner-credit/${p.id}`} fw={600} size="sm">
            {p.company_name ?? p.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {p.company_name ? `${p.name} · ` : ''}
            {p.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (p) => (
        <Badge variant="light" color={p.status ? (STATUS_COLORS[p.status] ?? 'gray') : 'gray'}>
          {p.status_label}
        </Badge>
      ),
    },
    {
      key: 'balance',
      title: 'Balance',
      align: 'right',
      render: (p) => <MoneyText amount={p.current_balance} />,
    },
    {
      key: 'limit',
      title: 'Credit limit',
      align: 'right',
      render: (p) => (p.credit_limit === null ? 'No limit' : <MoneyText amount={p.credit_limit} />),
    },
    {
      key: 'open',
      title: 'Account',
      align: 'right',
      render: (p) => (
        <Anchor
          component={Link}
          to={`/admin/partner-credit/${p.id}`}
          size="sm"
          aria-label={`Manage credit of ${p.company_name ?? p.name}`}
        >
          Manage
        </Anchor>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Partner credit"
        description="Business partners' credit accounts: their limit, balance and status. Open one to add or remove credit; answer their credit requests below."
      />
      <Group mb="md">
        <SearchInput
          value={state.search}
          onSearch={list.setSearch}
          placeholder="Company, name or e-mail"
          label="Search partners"
          w={300}
        />
      </Group>
      <DataTable
        label="Partners"
        columns={columns}
        query={partners}
        errorTitle="Failed to load partners"
        state={state}
        onPage={list.setPage}
        rowKey={(p) => p.id}
        empty={{
          title: state.search ? 'No partners match' : 'No partners yet',
          description: state.search
            ? 'Try another search.'
            : 'Users holding the partner role appear here with their credit account.',
        }}
      />
      <CreditRequests />
    </>
  );
}

export default PartnerCreditPage;
