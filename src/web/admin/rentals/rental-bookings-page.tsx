import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Select,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BOOKING_STATUSES, type BookingListRow, RENTAL_LIST_PAGE_SIZE } from '../../../contracts/rentals';
import { displayDateTime, money } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { BookingStatusBadge, bookingStatusLabel } from './booking-status-badge';
import { bookingEditPath } from './rental-booking-page';
import { useRentalBookings, useRentalCurrency } from './rentals.api';

/** spec 3 §2, §9: status filter, search, 25 a page, newest first. */
const LIST_DEFAULTS: ListDefaults = {
  perPage: RENTAL_LIST_PAGE_SIZE,
  sort: 'created_at',
  direction: 'desc',
  filters: ['status'],
};

const STATUS_OPTIONS = BOOKING_STATUSES.map((value) => ({ value, label: bookingStatusLabel(value) }));

/** /admin/rental-bookings: the admin booking list (spec 3 §2, §7 GET /api/rental/admin-bookings). */
export function RentalBookingsPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const bookings = useRentalBookings({
    page: state.page,
    ...(state.filters.status ? { status: state.filters.status } : {}),
    ...(state.search ? { search: state.search } : {}),
  });
  const { date_format, timezone } = useUiSettings();
  const currency = useRentalCurrency();

  const columns: Column<BookingListRow>[] = [
    {
      key: 'booking_number',
      title: 'Booking',
      render: (b) => (
        <Stack gap={0}>
          <Anchor component={Link} to={bookingEditPath(b.id)} fw={600} size="sm" ff="monospace">
            {b.booking_number}
          </Anchor>
          <Text size="xs" c="dimmed">
            {b.source === 'public' ? 'Web request' : 'Back office'} · {b.items_count}{' '}
            {b.items_count === 1 ? 'item' : 'items'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'customer',
      title: 'Customer',
      render: (b) => (
        <Stack gap={0}>
          <Text size="sm">{b.customer_name}</Text>
          {b.customer_email && (
            <Text size="xs" c="dimmed">
              {b.customer_email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'period',
      title: 'Rental period',
      render: (b) => <Text size="sm">{b.rental_period_formatted ?? '—'}</Text>,
    },
    {
      key: 'status',
      title: 'Status',
      width: 120,
      render: (b) => <BookingStatusBadge status={b.status} />,
    },
    {
      key: 'total',
      title: 'Total',
      align: 'right',
      width: 140,
      render: (b) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {money(b.total_estimated_cost, currency.symbol)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {money(b.amount_paid, currency.symbol)} paid
          </Text>
        </Stack>
      ),
    },
    {
      key: 'created',
      title: 'Created',
      width: 150,
      render: (b) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {displayDateTime(b.created_at, date_format, timezone)}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 60,
      render: (b) => (
        <Tooltip label="Edit" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            component={Link}
            to={bookingEditPath(b.id)}
            aria-label={`Edit booking ${b.booking_number}`}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  const filtered = Boolean(state.search || state.filters.status);
  return (
    <>
      <PageHeader
        title="Rental bookings"
        description="Rental bookings taken in the back office and requested on the web shop."
        actions={
          <Button component={Link} to="/admin/rental-bookings/create" leftSection={<IconPlus size={16} />}>
            New booking
          </Button>
        }
      />
      <Group mb="md" gap="sm" align="flex-end">
        <SearchInput
          value={state.search}
          onSearch={list.setSearch}
          placeholder="Number, name or e-mail"
          label="Search bookings"
          w={220}
        />
        <Select
          aria-label="Filter by status"
          placeholder="All statuses"
          data={STATUS_OPTIONS}
          value={state.filters.status ?? null}
          onChange={(v) => list.setFilter('status', v)}
          clearable
          w={180}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <DataTable
        label="Rental bookings"
        columns={columns}
        query={bookings}
        state={{ ...state, per_page: RENTAL_LIST_PAGE_SIZE }}
        onPage={list.setPage}
        rowKey={(b) => b.id}
        showAllPagesUpTo={5}
        errorTitle="Failed to load bookings"
        empty={{
          title: 'No rental bookings found',
          description: filtered
            ? 'Try another search or clear the status filter.'
            : 'Bookings made here or requested on the web shop show here.',
          action: filtered ? undefined : (
            <Button component={Link} to="/admin/rental-bookings/create" variant="light">
              New booking
            </Button>
          ),
        }}
      />
    </>
  );
}

export default RentalBookingsPage;
