import { Badge, type BadgeProps } from '@mantine/core';
import type { BookingStatus } from '../../../contracts/rentals';

const COLORS: Record<BookingStatus, string> = {
  pending: 'gray',
  quoted: 'blue',
  ready: 'cyan',
  in_transit: 'violet',
  active: 'teal',
  returned: 'green',
  overdue: 'orange',
  failed: 'red',
  cancelled: 'dark',
};

const LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  quoted: 'Quoted',
  ready: 'Ready',
  in_transit: 'In transit',
  active: 'Active',
  returned: 'Returned',
  overdue: 'Overdue',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const bookingStatusLabel = (status: BookingStatus) => LABELS[status] ?? status;

/** spec 3 §4 booking status as a coloured badge. */
export function BookingStatusBadge({
  status,
  ...rest
}: { status: BookingStatus } & BadgeProps & { 'data-testid'?: string }) {
  return (
    <Badge variant="light" color={COLORS[status] ?? 'gray'} style={{ whiteSpace: 'nowrap' }} {...rest}>
      {bookingStatusLabel(status)}
    </Badge>
  );
}
