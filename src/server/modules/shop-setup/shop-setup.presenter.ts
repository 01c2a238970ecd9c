import {
  PAYMENT_METHOD_STATUS_LABELS,
  type PaymentMethodReply,
  type PaymentMethodStatus,
  type PickupPointReply,
} from '../../../contracts/shop-setup';
import { fromDecimal, toDecimal } from '../../../domain/money/money';
import { maskConfiguration } from '../../../domain/payments/configuration-secrets';
import type { Storage } from '../../platform/files/storage';
import type { PaymentMethodRow, PickupPointRow } from './shop-setup.queries';

export function presentPickupPoint(row: PickupPointRow): PickupPointReply {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    operating_hours: row.operatingHours,
    service_fee: toDecimal(fromDecimal(row.serviceFee)),
    status: row.status === 1 ? 1 : 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A payment method as spec 2 §3 names it; configuration secrets masked (docs/decisions/0023). */
export function presentPaymentMethod(
  row: PaymentMethodRow,
  storage: Pick<Storage, 'url'>,
): PaymentMethodReply {
  const status = row.status as PaymentMethodStatus;
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    instructions: row.instructions,
    status,
    status_label: PAYMENT_METHOD_STATUS_LABELS[status] ?? row.status,
    display_order: row.displayOrder,
    icon: row.iconPath ? storage.url(row.iconPath) : null,
    icon_file_id: row.iconFileId,
    configuration: maskConfiguration(row.configuration ?? {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
