import { Button, Group, Select, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UserReply } from '../../../contracts/accounts';
import { ACCOUNT_STATUSES } from '../../../domain/accounts/user-rules';
import { formatIsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import { useUiSettings } from '../../lib/ui-settings';
import { ExportButton } from '../../ui/export-button';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { useViewer } from '../session';
import { AccountStatusModal } from './components/account-status-modal';
import { AccountStatusBadge, RoleBadges, roleLabel, STATUS_LABELS } from './components/user-badges';
import { useRoleOptions, userExportUrl, useUsers } from './users.api';

/** spec 2 §9: the user list shows 15 a page. */
const LIST_DEFAULTS: ListDefaults = {
  perPage: 15,
  sort: 'created_at',
  direction: 'desc',
  filters: ['role', 'account_status'],
};

/** The users list (spec 2 §2, §7; spec 3 §7 export): search, role and status filters, sortable columns. */
export function UsersPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const users = useUsers(list.query);
  const roles = useRoleOptions();
  const viewer = useViewer();
  const settings = useUiSettings();
  const [statusUser, setStatusUser] = useState<UserReply | null>(null);

  const role = state.filters.role;
  const exportTarget = userExportUrl(role);
  const created = (iso: string) =>
    formatIsoDate(isoDateInZone(new Date(iso), settings.timezone), settings.date_format);

  const columns: Column<UserReply>[] = [
    {
      key: 'name',
      title: 'Name',
      sort: 'first_name',
      render: (user) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {user.full_name}
          </Text>
          {(user.phone || user.mobile) && (
            <Text size="xs" c="dimmed">
              {user.phone ?? user.mobile}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'email', title: 'Email', sort: 'email', render: (user) => user.email },
    {
      key: 'company',
      title: 'Company',
      sort: 'company_name',
      render: (user) => user.company_name ?? <Text c="dimmed">—</Text>,
    },
    { key: 'roles', title: 'Roles', width: 170, render: (user) => <RoleBadges roles={user.roles} /> },
    {
      key: 'status',
      title: 'Status',
      width: 120,
      sort: 'account_status',
      render: (user) => <AccountStatusBadge status={user.account_status} />,
    },
    {
      key: 'created',
      title: 'Created',
      sort: 'created_at',
      width: 120,
      render: (user) => created(user.created_at),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 150,
      render: (user) => {
        const isSelf = viewer.data?.id === user.id;
        return (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              component={Link}
              to={`/admin/users/${user.id}/edit`}
              aria-label={`Edit ${user.full_name}`}
            >
              Edit
            </Button>
            <Tooltip label="You cannot change your own account status" disabled={!isSelf}>
              <Button
                size="compact-sm"
                variant="default"
                disabled={isSelf}
                onClick={() => setStatusUser(user)}
                aria-label={`Change status of ${user.full_name}`}
              >
                Status
              </Button>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  const filtered = Boolean(state.search || role || state.filters.account_status);

  return (
    <>
      <PageHeader
        title="Users"
        description="People who sign in: staff, customers, partners, suppliers, doctors and patients."
        actions={
          <>
            <ExportButton
              url={exportTarget.url}
              query={{
                search: state.search || undefined,
                sort: state.sort,
                direction: state.direction,
                account_status: state.filters.account_status,
                role: exportTarget.role,
              }}
              fallbackName={`${role ?? 'user'}_listing.xlsx`}
            />
            <Button component={Link} to="/admin/users/create" leftSection={<IconPlus size={16} />}>
              New user
            </Button>
          </>
        }
      />
      <Group mb="md" gap="sm" align="flex-end">
        <SearchInput
          value={state.search}
          onSearch={list.setSearch}
          placeholder="Name, email, phone or company"
          label="Search users"
          w={300}
        />
        <Select
          aria-label="Filter by role"
          placeholder={roles.isError ? 'Error loading roles' : 'All roles'}
          data={(roles.data ?? []).map((r) => ({ value: r.name, label: roleLabel(r.name) }))}
          value={role ?? null}
          onChange={(value) => list.setFilter('role', value)}
          clearable
          w={180}
          error={roles.isError}
        />
        <Select
          aria-label="Filter by account status"
          placeholder="All statuses"
          data={ACCOUNT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          value={state.filters.account_status ?? null}
          onChange={(value) => list.setFilter('account_status', value)}
          clearable
          w={180}
        />
      </Group>
      <DataTable
        label="Users"
        columns={columns}
        query={users}
        state={state}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        onSort={list.toggleSort}
        rowKey={(user) => user.id}
        perPageOptions={[15, 25, 50, 100]}
        empty={{
          title: 'No users found',
          description: filtered ? 'Try another search or clear the filters.' : 'Create the first user.',
          action: filtered ? undefined : (
            <Button component={Link} to="/admin/users/create" variant="light">
              New user
            </Button>
          ),
        }}
      />
      <AccountStatusModal user={statusUser} onClose={() => setStatusUser(null)} />
    </>
  );
}

export default UsersPage;
