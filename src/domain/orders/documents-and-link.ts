import type { DeliveryStatus } from './delivery-rules';
import type { PaymentStatus, PaymentType } from './payment-rules';

/** spec 1 §3 Document document_type. */
export const DOCUMENT_TYPES = [
  'proforma_invoice',
  'final_invoice',
  'delivery_note',
  'receipt',
  'shipping_label',
  'credit_note',
  'packing_slip',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * spec 1 §4 document availability: proforma always; final invoice only if paid or on credit;
 * delivery note only when the delivery status is ready, in_transit, shipped or delivered. The
 * spec names no rule for the others: they are always available (docs/decisions when orders land).
 */
export function isDocumentAvailable(
  type: DocumentType,
  order: { payment_status: PaymentStatus; payment_type: PaymentType | null; delivery_status: DeliveryStatus },
): boolean {
  if (type === 'final_invoice') return order.payment_status === 'paid' || order.payment_type === 'credit';
  if (type === 'delivery_note')
    return ['ready', 'in_transit', 'shipped', 'delivered'].includes(order.delivery_status);
  return true;
}

/** DECISIONS 11: a customer link lives 7 days and 5 uses. */
export const CUSTOMER_LINK_DAYS = 7;
export const CUSTOMER_LINK_USES = 5;
export type CustomerLinkStatus = 'never_sent' | 'active' | 'expired' | 'used_up' | 'error';

/** DECISIONS 11: the status is derived when read. */
export function customerLinkStatus(
  link: { sent_at: Date | null; expires_at: Date | null; uses: number; send_failed: boolean } | null,
  now: Date,
): CustomerLinkStatus {
  if (!link?.sent_at) return link?.send_failed ? 'error' : 'never_sent';
  if (link.send_failed) return 'error';
  if (link.uses >= CUSTOMER_LINK_USES) return 'used_up';
  if (link.expires_at && link.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** spec 1 §4: the button reads Send Link, Resend Link or Send New Link. */
export function customerLinkButton(
  status: CustomerLinkStatus,
): 'Send Link' | 'Resend Link' | 'Send New Link' {
  if (status === 'never_sent' || status === 'error') return 'Send Link';
  if (status === 'active') return 'Resend Link';
  return 'Send New Link';
}
