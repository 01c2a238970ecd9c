import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import {
  type InvoiceStatus,
  RENTAL_PERIOD_MESSAGES as M,
  type PeriodReply,
  type PeriodStatus,
} from '../../../../contracts/rental-periods';
import { errorMessage } from '../../../lib/form-errors';
import { displayDate, money } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { confirmAction } from '../../../ui/confirm';
import { LoadFailed } from '../../../ui/load-failed';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PeriodDocuments } from '../documents/period-documents';
import { PAYMENT_TYPE_LABELS, type PeriodDialog, PeriodModal } from './period-modals';
import { type PeriodAction, useBookingPeriods, usePeriodAction } from './periods.api';

const STATUS_COLOR: Record<PeriodStatus, string> = {
  pending: 'gray',
  quoted: 'blue',
  ready: 'cyan',
  in_transit: 'indigo',
  active_unpaid: 'orange',
  active_paid: 'green',
  payment_overdue: 'red',
  returned: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

const INVOICE_COLOR: Record<InvoiceStatus, string> = {
  pending: 'gray',
  payment_link_sent: 'blue',
  paid: 'green',
  overdue: 'red',
};

/**
 * The booking's rental periods (spec 3 §2 "periods with modals"): each period with its totals,
 * paid amount, balance and status badges, its items, services and payments, and the modals to
 * add to it. Fetches its own data (periods.api.ts); the booking page mounts it with the booking id.
 */
export function RentalPeriodsSection({ bookingId }: { bookingId: number }) {
  const periods = useBookingPeriods(bookingId);
  const [dialog, setDialog] = useState<{ kind: PeriodDialog; periodId: number | null } | null>(null);
  const data = periods.data?.data;
  const selected = data?.periods.find((p) => p.id === dialog?.periodId) ?? null;

  function open(kind: PeriodDialog, periodId: number | null) {
    // spec 3 §8: a period dialog without a period says so instead of opening.
    if (kind !== 'new' && (periodId === null || !data?.periods.some((p) => p.id === periodId))) {
      notifyError(M.noPeriodSelected);
      return;
    }
    setDialog({ kind, periodId });
  }

  return (
    <section aria-labelledby={`rental-periods-${bookingId}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={`rental-periods-${bookingId}`}>
            Rental periods
          </Title>
          <Button onClick={() => open('new', null)} disabled={!data}>
            New period
          </Button>
        </Group>
        {periods.isLoading ? (
          <Group gap="xs">
            <Loader size="sm" role="status" aria-label="Loading the periods" />
            <Text size="sm">Loading the periods…</Text>
          </Group>
        ) : periods.isError ? (
          <LoadFailed
            title={M.loadFailed}
            detail={errorMessage(periods.error, M.loadFailed)}
            onRetry={() => periods.refetch()}
          />
        ) : data && data.periods.length === 0 ? (
          <Text size="sm" c="dimmed">
            No periods yet. Create the first period to bill this booking month by month.
          </Text>
        ) : (
          data?.periods.map((period, index) => (
            <PeriodCard
              key={period.id}
              bookingId={bookingId}
              period={period}
              previous={index > 0 ? (data.periods[index - 1] ?? null) : null}
              onOpen={(kind) => open(kind, period.id)}
            />
          ))
        )}
      </Stack>
      {data && (
        <PeriodModal
          key={dialog ? `${dialog.kind}-${dialog.periodId}` : 'none'}
          dialog={dialog?.kind ?? null}
          bookingId={bookingId}
          period={selected}
          nextStart={data.next_start_date}
          today={data.today}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

function PeriodCard({
  bookingId,
  period,
  previous,
  onOpen,
}: {
  bookingId: number;
  period: PeriodReply;
  /** The period before this one, to copy its items or recurring services from. */
  previous: PeriodReply | null;
  onOpen: (kind: PeriodDialog) => void;
}) {
  const { currency, date_format } = useUiSettings();
  const action = usePeriodAction(bookingId);
  const symbol = currency.symbol;
  const heading = `Period ${period.period_number}`;

  async function act(request: PeriodAction, fallback: string) {
    try {
      const reply = await action.mutateAsync(request);
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(errorMessage(error, fallback));
    }
  }

  async function remove(what: string, request: PeriodAction) {
    const confirmed = await confirmAction({
      title: `Delete ${what}?`,
      message: `This will permanently delete ${what}. This action cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed) await act(request, `An error occurred while deleting ${what}`);
  }

  return (
    <Card withBorder padding="md" component="article" aria-label={heading}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h5">
              {heading}
            </Title>
            <Text size="sm" c="dimmed">
              {displayDate(period.start_date, date_format)} – {displayDate(period.end_date, date_format)} ·{' '}
              {period.days_count} days
            </Text>
          </div>
          <Group gap="xs">
            <Badge color={STATUS_COLOR[period.status]}>{period.status_text}</Badge>
            <Badge color={INVOICE_COLOR[period.invoice_status]} variant="outline">
              Invoice: {period.invoice_status_text}
            </Badge>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Amount label="Total" value={money(period.total_amount, symbol)} />
          <Amount label="Paid" value={money(period.amount_paid, symbol)} />
          <Amount
            label="Balance"
            value={period.is_fully_paid ? 'Fully paid' : money(period.remaining_balance, symbol)}
          />
        </SimpleGrid>

        <Group gap="xs" align="flex-end">
          <Select
            label="Period status"
            size="xs"
            w={200}
            allowDeselect={false}
            data={period.status_options}
            value={period.status}
            disabled={action.isPending}
            onChange={(status) => {
              if (status && status !== period.status)
                void act({ kind: 'status', periodId: period.id, body: { status } }, M.statusFailed);
            }}
          />
          <Button size="xs" variant="light" onClick={() => onOpen('product')}>
            Add product
          </Button>
          <Button size="xs" variant="light" onClick={() => onOpen('service')}>
            Add service
          </Button>
          <Button size="xs" variant="light" onClick={() => onOpen('payment')} disabled={period.is_fully_paid}>
            Add payment
          </Button>
          <Button size="xs" variant="default" onClick={() => onOpen('notes')}>
            Notes
          </Button>
          <Button size="xs" variant="default" onClick={() => onOpen('dates')}>
            Dates
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={period.is_fully_paid || action.isPending}
            onClick={() =>
              void act(
                { kind: 'payment-link', periodId: period.id },
                'An error occurred while sending the payment link',
              )
            }
          >
            Send payment link
          </Button>
          {previous && (
            <>
              <Button
                size="xs"
                variant="subtle"
                disabled={action.isPending}
                onClick={() =>
                  void act(
                    { kind: 'copy-items', periodId: period.id, body: { source_period_id: previous.id } },
                    'An error occurred while copying the items',
                  )
                }
              >
                Copy items of period {previous.period_number}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                disabled={action.isPending}
                onClick={() =>
                  void act(
                    {
                      kind: 'copy-services',
                      periodId: period.id,
                      body: { source_period_id: previous.id, service_type: 'recurring' },
                    },
                    'An error occurred while copying the services',
                  )
                }
              >
                Copy recurring services of period {previous.period_number}
              </Button>
            </>
          )}
        </Group>

        <Lines
          caption={`Products of ${heading.toLowerCase()}`}
          empty="No products in this period."
          head={['Product', 'Quantity', 'Daily rate', 'Amount']}
          rows={period.items.map((item) => ({
            key: item.id,
            cells: [
              item.variants ? `${item.product_name} (${item.variants})` : item.product_name,
              String(item.quantity),
              money(item.daily_rate, symbol),
              money(item.amount, symbol),
            ],
            remove: () =>
              remove(`the product ${item.product_name}`, { kind: 'delete-item', itemId: item.id }),
            removeLabel: `Delete ${item.product_name}`,
          }))}
        />
        <Lines
          caption={`Services of ${heading.toLowerCase()}`}
          empty="No services in this period."
          head={['Service', 'Type', 'Description', 'Amount']}
          rows={period.services.map((service) => ({
            key: service.id,
            cells: [
              service.service_name,
              service.service_type === 'recurring' ? 'Recurring' : 'One time',
              service.description ?? '',
              money(service.amount, symbol),
            ],
            remove: () =>
              remove(`the service ${service.service_name}`, {
                kind: 'delete-service',
                serviceId: service.id,
              }),
            removeLabel: `Delete ${service.service_name}`,
          }))}
        />
        <Lines
          caption={`Payments of ${heading.toLowerCase()}`}
          empty="No payments yet."
          head={['Date', 'Type', 'Reference', 'Amount']}
          rows={period.payments.map((payment) => ({
            key: payment.id,
            cells: [
              displayDate(payment.payment_date, date_format),
              PAYMENT_TYPE_LABELS[payment.payment_type] ?? payment.payment_type,
              payment.transaction_id ?? '',
              `${money(payment.amount, symbol)}${payment.status === 'completed' ? '' : ` (${payment.status})`}`,
            ],
            remove: () =>
              remove(`the payment of ${money(payment.amount, symbol)}`, {
                kind: 'delete-payment',
                periodId: period.id,
                paymentId: payment.id,
              }),
            removeLabel: `Delete the payment of ${money(payment.amount, symbol)}`,
          }))}
        />
        {(period.notes.customer || period.notes.admin) && (
          <Stack gap={2}>
            {period.notes.customer && <Text size="sm">Customer note: {period.notes.customer}</Text>}
            {period.notes.admin && <Text size="sm">Admin note: {period.notes.admin}</Text>}
          </Stack>
        )}
        <PeriodDocuments bookingId={bookingId} periodId={period.id} />
      </Stack>
    </Card>
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

function Lines({
  caption,
  empty,
  head,
  rows,
}: {
  caption: string;
  empty: string;
  head: string[];
  rows: { key: number; cells: string[]; remove: () => void; removeLabel: string }[];
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                <Table.Td key={head[index]}>{cell}</Table.Td>
              ))}
              <Table.Td>
                <Button
                  size="compact-xs"
                  color="red"
                  variant="subtle"
                  aria-label={row.removeLabel}
                  onClick={row.remove}
                >
                  Delete
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
