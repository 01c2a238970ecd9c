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

/** spec 1 §4 payment_status as a coloured badge. */
export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={PAYMENT_COLORS[status] ?? 'gray'} style={{ whiteSpace: 'nowrap' }}>
      {orderValueLabel(status)}
    </Badge>
  );
}
