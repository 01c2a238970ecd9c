import type { DeliveryStatus, ShippingType } from './delivery-rules';
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

/** What availability reads from an order; amount_paid in cents (completed payments). */
export type DocumentAvailabilityInput = {
  payment_status: PaymentStatus;
  payment_type: PaymentType | null;
  delivery_status: DeliveryStatus;
  amount_paid: number;
  delivery_required: boolean;
  shipping_type: ShippingType;
};

/**
 * spec 1 §4 document availability: proforma always; final invoice only if paid or on credit;
 * delivery note only when the delivery status is ready, in_transit, shipped or delivered. The
 * spec names no rule for the others (docs/decisions/0032): a receipt needs money received; a
 * credit note needs money to give back (refunded, or cancelled/failed after a payment); a shipping
 * label needs a delivery that is not a pickup; a packing slip is always available.
 */
export function isDocumentAvailable(type: DocumentType, order: DocumentAvailabilityInput): boolean {
  switch (type) {
    case 'proforma_invoice':
    case 'packing_slip':
      return true;
    case 'final_invoice':
      return order.payment_status === 'paid' || order.payment_type === 'credit';
    case 'delivery_note':
      return ['ready', 'in_transit', 'shipped', 'delivered'].includes(order.delivery_status);
    case 'receipt':
      return order.amount_paid > 0;
    case 'credit_note':
      return (
        order.payment_status === 'refunded' ||
        (['cancelled', 'failed'].includes(order.delivery_status) && order.amount_paid > 0)
      );
    case 'shipping_label':
      return order.delivery_required && order.shipping_type !== 'pickup';
  }
}

/** spec 1 §8 has no text for an unavailable document; this one says what is missing. */
export const DOCUMENT_UNAVAILABLE_MESSAGES: Record<DocumentType, string> = {
  proforma_invoice: 'The proforma invoice cannot be generated for this order.',
  final_invoice: 'A final invoice is available only when the order is paid or its payment type is credit.',
  delivery_note:
    'A delivery note is available only when the delivery status is ready, in transit, shipped or delivered.',
  receipt: 'A receipt is available only when a payment has been received for this order.',
  credit_note:
    'A credit note is available only when the order is refunded, or cancelled or failed after a payment.',
  shipping_label: 'A shipping label is available only for an order delivered to an address (not a pickup).',
  packing_slip: 'The packing slip cannot be generated for this order.',
};

/** The title printed on each document. */
export const DOCUMENT_TITLES: Record<DocumentType, string> = {
  proforma_invoice: 'Proforma Invoice',
  final_invoice: 'Invoice',
  delivery_note: 'Delivery Note',
  receipt: 'Receipt',
  shipping_label: 'Shipping Label',
  credit_note: 'Credit Note',
  packing_slip: 'Packing Slip',
};

/** DECISIONS 12: the types that carry a gapless number per year, and its prefix. */
export const NUMBERED_DOCUMENT_PREFIX: Partial<Record<DocumentType, string>> = {
  final_invoice: 'INV',
  credit_note: 'CN',
};

/** DECISIONS 12: `INV-2026-000001`. */
export function documentNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
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

/** Whether a customer link opens its order now, or why not (the customer's side of the link). */
export type CustomerLinkOpening = 'open' | 'unknown' | 'expired' | 'used_up';

/**
 * DECISIONS 11, docs/decisions/0032: a link opens while it was sent without error, its order is
 * kept, it has not expired and it has views left. A refused link says only why: unknown (a failed
 * or revoked link, a deleted order: nothing to tell), else expired before used up.
 */
export function customerLinkOpening(
  link: { expires_at: Date; uses_remaining: number; send_failed: boolean; order_kept: boolean } | null,
  now: Date,
): CustomerLinkOpening {
  if (!link || link.send_failed || !link.order_kept) return 'unknown';
  if (link.expires_at.getTime() <= now.getTime()) return 'expired';
  if (link.uses_remaining <= 0) return 'used_up';
  return 'open';
}

/** spec 1 §4: the button reads Send Link, Resend Link or Send New Link. */
export function customerLinkButton(
  status: CustomerLinkStatus,
): 'Send Link' | 'Resend Link' | 'Send New Link' {
  if (status === 'never_sent' || status === 'error') return 'Send Link';
  if (status === 'active') return 'Resend Link';
  return 'Send New Link';
}
