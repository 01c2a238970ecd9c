import { Alert, Box, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { recordId } from '../../../contracts/common';
import { type BookingReply, RENTAL_MESSAGES } from '../../../contracts/rentals';
import { isoDateInZone } from '../../../domain/dates/date-format';
import { addMoney, cents, formatMoney } from '../../../domain/money/money';
import { errorMessage } from '../../lib/form-errors';
import { HttpError } from '../../lib/http';
import { useUiSettings } from '../../lib/ui-settings';
import { useLoadFailure } from '../../lib/use-load-failure';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard';
import type { SelectedCustomer } from '../orders/form/customer-modal';
import {
  type BookingFormValues,
  bookingBody,
  bookingFormErrors,
  emptyBookingValues,
  valuesOfBooking,
} from './booking-form-state';
import {
  amountCents,
  EMPTY_ITEMS,
  type ItemsState,
  itemsCost,
  itemsSignature,
  rowOfItem,
} from './booking-items-state';
import { BookingStatusBadge } from './booking-status-badge';
import { BookingCustomerSection } from './components/booking-customer-section';
import { BookingDeliverySection } from './components/booking-delivery-section';
import { BookingItemsSection } from './components/booking-items-section';
import { BookingNotesSection } from './components/booking-notes-section';
import { BookingPaymentsSection } from './components/booking-payments-section';
import { BookingStatusSection } from './components/booking-status-section';
import { BookingStockPanel } from './components/booking-stock-panel';
import { ServiceFeesSection } from './components/service-fees-section';
import { DepositSection } from './deposit/deposit-section';
import { FinancialSummary } from './documents/financial-summary';
import { RentalDocumentsSection } from './documents/rental-documents-section';
import { RentalPeriodsSection } from './periods/rental-periods-section';
import { rentalsApi, useBooking, useRefreshBooking, useRentalCurrency } from './rentals.api';

const LEAVE_MESSAGE = 'This booking has unsaved changes. Leave the page and lose them?';
export const bookingEditPath = (id: number) => `/admin/rental-bookings/${id}/edit`;

/** A path id as a number, or null when the path names no possible booking. */
function bookingIdOf(text: string | undefined): number | null {
  const parsed = recordId.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** /admin/rental-bookings/create and /admin/rental-bookings/{id}/edit (spec 3 §2, §5). */
export default function RentalBookingPage() {
  const params = useParams();
  const isEdit = params.id !== undefined;
  const id = bookingIdOf(params.id);
  const booking = useBooking(id);
  useLoadFailure(booking.isError, RENTAL_MESSAGES.loadFailed);
  if (isEdit && (id === null || booking.isError))
    return (
      <Alert color="red" title={RENTAL_MESSAGES.loadFailed} data-testid="booking-load-failed">
        {booking.error instanceof HttpError && booking.error.status === 404
          ? 'This booking does not exist.'
          : 'The booking could not be read. Reload the page to try again.'}{' '}
        <Link to="/admin/rental-bookings">Back to rental bookings</Link>
      </Alert>
    );
  if (isEdit && booking.isPending)
    return (
      <Stack data-testid="booking-loading">
        <Skeleton h={40} w={320} />
        <Skeleton h={160} />
        <Skeleton h={240} />
      </Stack>
    );
  return <BookingForm key={booking.data?.id ?? 'new'} booking={booking.data ?? null} />;
}

const itemsOf = (booking: BookingReply): ItemsState => ({
  rows: booking.rental_items.map(rowOfItem),
  editing: null,
});

function BookingForm({ booking }: { booking: BookingReply | null }) {
  const navigate = useNavigate();
  const ui = useUiSettings();
  const symbol = useRentalCurrency().symbol;
  const today = isoDateInZone(new Date(), ui.timezone);
  const refresh = useRefreshBooking();
  const bookingId = booking?.id ?? null;

  const form = useForm<BookingFormValues>({
    initialValues: booking ? valuesOfBooking(booking) : emptyBookingValues(),
  });
  const values = form.getValues();
  const [items, setItems] = useState<ItemsState>(() => (booking ? itemsOf(booking) : EMPTY_ITEMS));
  const [savedItems, setSavedItems] = useState(() => itemsSignature(items.rows));
  const [itemsError, setItemsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  const itemsDirty = items.editing !== null || itemsSignature(items.rows) !== savedItems;
  useUnsavedChangesGuard(leavingTo === null && (form.isDirty() || itemsDirty), LEAVE_MESSAGE);
  useEffect(() => {
    if (leavingTo) navigate(leavingTo);
  }, [leavingTo, navigate]);

  // A section changed the booking (status, payment, service fee…) and it was read again: follow it
  // where nothing is being typed, and always take what those sections own.
  const version = booking?.updated_at;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the booking's version only
  useEffect(() => {
    if (!booking) return;
    const fresh = valuesOfBooking(booking);
    if (!form.isDirty()) {
      form.setInitialValues(fresh);
      form.setValues(fresh);
    } else {
      const owned = {
        status: fresh.status,
        status_reason: fresh.status_reason,
        additional_services: fresh.additional_services,
      };
      form.setInitialValues({ ...form.getInitialValues(), ...owned });
      form.setValues(owned);
    }
    if (!itemsDirty) {
      const next = itemsOf(booking);
      setItems(next);
      setSavedItems(itemsSignature(next.rows));
    }
  }, [version, booking?.rental_items]);

  const initialCustomer = useMemo<SelectedCustomer | null>(
    () =>
      booking?.customer
        ? { ...booking.customer, mobile: null, company_registration_number: null, vat_number: null }
        : null,
    [booking?.customer],
  );

  const onChanged = () => {
    if (bookingId !== null) void refresh(bookingId);
  };

  // A button, not a <form> around the page: the modals inside have their own forms.
  const submit = async () => {
    setItemsError(null);
    const errors = bookingFormErrors(values, items.rows, items.editing);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      setItemsError(errors.rental_items ?? null);
      notifyError(Object.values(errors)[0] ?? RENTAL_MESSAGES.updateFailed);
      return;
    }
    setBusy(true);
    const body = bookingBody(values, items.rows);
    try {
      const reply = booking ? await rentalsApi.update(booking.id, body) : await rentalsApi.create(body);
      notifySuccess(reply.message || (booking ? 'Booking updated' : 'Booking created'));
      if (!booking) {
        const newId = reply.data?.id;
        // spec 3 §2: after the first successful save the create page goes to the edit page.
        setLeavingTo(newId ? bookingEditPath(newId) : '/admin/rental-bookings');
        return;
      }
      form.resetDirty();
      setSavedItems(itemsSignature(items.rows));
      await refresh(booking.id);
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        const fields: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.errors)) {
          const key = field.startsWith('rental_items') ? 'rental_items' : (field.split('.')[0] ?? field);
          if (messages[0] && !fields[key]) fields[key] = messages[0];
        }
        form.setErrors(fields);
        setItemsError(fields.rental_items ?? null);
        notifyError(error.message || Object.values(fields)[0] || RENTAL_MESSAGES.updateFailed);
      } else notifyError(errorMessage(error, RENTAL_MESSAGES.updateFailed));
    }
    setBusy(false);
  };

  const servicesTotal = addMoney(
    ...Object.values(values.additional_services).map((s) => amountCents(s.amount) ?? cents(0)),
  );
  // The saved booking's own total, unless the page holds changes not saved yet.
  const saved = booking && !itemsDirty ? amountCents(booking.total_estimated_cost) : null;
  const estimated = saved ?? addMoney(itemsCost(items.rows), servicesTotal);

  return (
    <Box>
      <PageHeader
        title={booking ? `Rental booking ${booking.booking_number}` : 'New rental booking'}
        description={
          booking
            ? 'Change the booking, record payments and follow its status.'
            : 'Book rental products for a customer.'
        }
        actions={
          <>
            <Button component={Link} to="/admin/rental-bookings" variant="default">
              Back to bookings
            </Button>
            <Button loading={busy} onClick={submit} data-testid="save-booking">
              {booking ? 'Save changes' : 'Create booking'}
            </Button>
          </>
        }
      />
      {form.errors.status && (
        <Alert color="red" mb="md" role="alert">
          {form.errors.status}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, lg: booking ? 8 : 12 }}>
          <Stack>
            <BookingCustomerSection
              form={form}
              bookingId={bookingId}
              initialCustomer={initialCustomer}
              onChanged={onChanged}
            />
            <BookingItemsSection
              items={items}
              onChange={(next) => {
                setItems(next);
                setItemsError(null);
              }}
              editable={booking ? booking.items_editable : true}
              symbol={symbol}
              today={today}
              error={itemsError}
            />
            <BookingDeliverySection form={form} bookingId={bookingId} symbol={symbol} onChanged={onChanged} />
            <ServiceFeesSection
              services={values.additional_services}
              bookingId={bookingId}
              symbol={symbol}
              onLocalChange={(next) => form.setFieldValue('additional_services', next)}
              onChanged={onChanged}
            />
            <BookingNotesSection form={form} />
            {booking && (
              <>
                <RentalPeriodsSection bookingId={booking.id} />
                <DepositSection bookingId={booking.id} />
                <RentalDocumentsSection bookingId={booking.id} />
              </>
            )}
          </Stack>
        </Grid.Col>
        {booking && (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <BookingStatusSection booking={booking} onChanged={onChanged} />
              <Card withBorder>
                <Stack gap={4}>
                  <Title order={2} size="h4">
                    Summary
                  </Title>
                  <Group justify="space-between">
                    <Text size="sm">Status</Text>
                    <BookingStatusBadge status={booking.status} />
                  </Group>
                  <Group justify="space-between">
                    <Text size="sm">Estimated total</Text>
                    <Text size="sm" fw={700} data-testid="estimated-total">
                      {formatMoney(estimated, symbol)}
                    </Text>
                  </Group>
                </Stack>
              </Card>
              <FinancialSummary bookingId={booking.id} />
              <BookingPaymentsSection
                bookingId={booking.id}
                payments={booking.rentalPayments}
                symbol={symbol}
                onChanged={onChanged}
              />
              <BookingStockPanel bookingId={booking.id} />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </Box>
  );
}
