import { Badge } from '@mantine/core';
import { orderValueLabel } from '../../../../domain/orders/labels';

const DELIVERY_COLORS: Record<string, string> = {
  pending: 'gray',
  confirmed: 'blue',
  processing: 'indigo',
  ready: 'cyan',
  shipped: 'violet',
  in_transit: 'grape',
  delivered: 'teal',
  failed: 'red',
  cancelled: 'dark',
};

const PAYMENT_COLORS: Record<string, string> = {
  unpaid: 'orange',
  credit: 'blue',
  paid: 'teal',
  partial: 'yellow',
  refunded: 'gray',
};

/** spec 1 §4 delivery_status as a coloured badge. */
export function DeliveryStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={DELIVERY_COLORS[status] ?? 'gray'} style={{ whiteSpace: 'nowrap' }}>
      {orderValueLabel(status)}
    </Badge>
  );
}

/** The Mantine colour of a payment status, shared by its badge and the dashboard's chart. */
export function paymentStatusColor(status: string): string {
  return PAYMENT_COLORS[status] ?? 'gray';
}

/** spec 1 §4 payment_status as a coloured badge. */
export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={paymentStatusColor(status)} style={{ whiteSpace: 'nowrap' }}>
      {orderValueLabel(status)}
    </Badge>
  );
}
