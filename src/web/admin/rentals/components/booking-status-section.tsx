import { Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import {
  BOOKING_MESSAGES,
  type BookingReply,
  type BookingStatus,
  RENTAL_MESSAGES,
} from '../../../../contracts/rentals';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { BookingStatusBadge, bookingStatusLabel } from '../booking-status-badge';
import { rentalsApi } from '../rentals.api';

/** spec 3 §5: failed and cancelled need a reason, each with its own message. */
export function statusReasonError(status: BookingStatus, reason: string): string | null {
  if (reason.trim()) return null;
  if (status === 'failed') return BOOKING_MESSAGES.reasonFailed;
  if (status === 'cancelled') return BOOKING_MESSAGES.reasonCancelled;
  return null;
}

/**
 * The booking's status (spec 3 §4, DECISIONS 16): the select offers only what the server allows
 * now (allowed_statuses); failed and cancelled ask for a reason. Sent at once
 * (POST /api/rental/bookings/{id}/status).
 */
export function BookingStatusSection({
  booking,
  onChanged,
}: {
  booking: BookingReply;
  onChanged: () => void;
}) {
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ status?: string; status_reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const choices = booking.allowed_statuses.filter((s) => s !== booking.status);
  const needsReason = status === 'failed' || status === 'cancelled';

  const submit = async () => {
    if (!status) {
      setErrors({ status: RENTAL_MESSAGES.status });
      return;
    }
    const reasonError = statusReasonError(status, reason);
    if (reasonError) {
      setErrors({ status_reason: reasonError });
      return;
    }
    setBusy(true);
    try {
      const reply = await rentalsApi.status(booking.id, {
        status,
        status_reason: needsReason ? reason.trim() : null,
      });
      notifySuccess(reply.message || `Booking marked ${bookingStatusLabel(status).toLowerCase()}`);
      setStatus(null);
      setReason('');
      setErrors({});
      onChanged();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      notifyError(errorMessage(error, RENTAL_MESSAGES.statusFailed));
    }
    setBusy(false);
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Status
          </Title>
          <BookingStatusBadge status={booking.status} data-testid="booking-status" />
        </Group>
        {booking.status_reason && (
          <Text size="sm" c="dimmed">
            Reason: {booking.status_reason}
          </Text>
        )}
        {choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            This booking is {bookingStatusLabel(booking.status).toLowerCase()}: its status is final.
          </Text>
        ) : (
          <>
            <Select
              label="Change status to"
              placeholder="Choose a status"
              data={choices.map((s) => ({ value: s, label: bookingStatusLabel(s) }))}
              value={status}
              onChange={(value) => {
                setStatus(value as BookingStatus | null);
                setErrors({});
              }}
              error={errors.status}
              comboboxProps={{ withinPortal: true }}
              data-testid="status-select"
            />
            {needsReason && (
              <Textarea
                label="Reason"
                withAsterisk
                autosize
                minRows={2}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={errors.status_reason}
              />
            )}
            <Group justify="flex-end">
              <Button onClick={submit} loading={busy} disabled={!status}>
                Update status
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
