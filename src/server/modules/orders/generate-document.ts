import { randomBytes } from 'node:crypto';
import { formatIsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import { AppError } from '../../../domain/errors';
import { type Cents, cents, fromDecimal } from '../../../domain/money/money';
import type { DeliveryStatus, ShippingType } from '../../../domain/orders/delivery-rules';
import {
  DOCUMENT_UNAVAILABLE_MESSAGES,
  type DocumentType,
  isDocumentAvailable,
} from '../../../domain/orders/documents-and-link';
import type { PaymentStatus, PaymentType } from '../../../domain/orders/payment-rules';
import { priceLine } from '../../../domain/pricing/totals';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/database';
import { readLetterhead } from '../../platform/pdf/pdf-document';
import { getSettings } from '../../platform/settings/settings-store';
import { reserveDocumentNumber } from './document-numbers';
import {
  type DocumentRow,
  findOrderOr404,
  nextVersion,
  type OrderRow,
  orderDocumentData,
} from './documents.queries';
import type { VatInfoSnapshot } from './orders.tables';
import { orderDocuments } from './orders.tables';
import { type OrderPdfInput, renderOrderPdf } from './render-order-pdf';

/** The fields availability reads, from an order row (spec 1 §4, docs/decisions/0032). */
export function availabilityOf(order: OrderRow) {
  return {
    payment_status: order.paymentStatus as PaymentStatus,
    payment_type: order.paymentType as PaymentType | null,
    delivery_status: order.deliveryStatus as DeliveryStatus,
    amount_paid: fromDecimal(order.amountPaid),
    delivery_required: order.deliveryRequired,
    shipping_type: order.shippingType as ShippingType,
  };
}

export function assertDocumentAvailable(order: OrderRow, type: DocumentType): void {
  if (!isDocumentAvailable(type, availabilityOf(order))) {
    throw new AppError('validation', DOCUMENT_UNAVAILABLE_MESSAGES[type], {
      document_type: [DOCUMENT_UNAVAILABLE_MESSAGES[type]],
    });
  }
}

function vatLabel(info: VatInfoSnapshot | null, vatEnabled: boolean): string {
  if (!vatEnabled || !info?.vat_status) return 'No VAT';
  switch (info.type) {
    case 'percentage':
      return `${info.rate}%`;
    case 'fixed':
      return 'Fixed';
    case 'exempt':
      return 'Exempt';
    case 'zero':
      return '0%';
  }
}

const COMPANY_KEYS = ['app_date_format', 'app_timezone', 'pdf_show_variants'] as const;

/** What one document of an order prints, read inside the generating transaction. */
export async function orderPdfInput(
  db: Executor,
  order: OrderRow,
  type: DocumentType,
  number: string | null,
  version: number,
  now: Date,
): Promise<OrderPdfInput> {
  const s = await getSettings(db, COMPANY_KEYS);
  const company = await readLetterhead(db);
  const data = await orderDocumentData(db, order);
  const date = (instant: Date) => formatIsoDate(isoDateInZone(instant, s.app_timezone), s.app_date_format);
  const items = data.items.map((item) => {
    const amount = priceLine(
      {
        unitPrice: fromDecimal(item.price),
        quantity: item.quantity,
        discountPercent: Number(item.discount),
        vat: null,
      },
      { enabled: false, method: 'exclusive' },
    ).amount;
    return {
      name: item.productName,
      variant: item.variantLabel,
      sku: item.sku,
      quantity: item.quantity,
      unit_label: item.unitSellingLabel,
      unit_price: fromDecimal(item.price),
      discount_percent: Number(item.discount),
      vat_label: vatLabel(item.vatInfo ?? null, order.vatEnabled),
      vat: fromDecimal(item.taxAmount),
      total: fromDecimal(item.lineTotal),
      amount,
    };
  });
  const breakdown = new Map<string, { label: string; base: number; vat: number }>();
  for (const item of items) {
    const entry = breakdown.get(item.vat_label) ?? { label: item.vat_label, base: 0, vat: 0 };
    entry.base += item.amount;
    entry.vat += item.vat;
    breakdown.set(item.vat_label, entry);
  }
  const completed = data.payments.filter((p) => p.status === 'completed');
  const grand = fromDecimal(order.grandTotal);
  const paid = fromDecimal(order.amountPaid);
  const name = [order.customerFirstName, order.customerLastName].filter(Boolean).join(' ');
  return {
    type,
    number,
    version,
    issued_on: date(now),
    company,
    order: {
      code: order.orderCode,
      created_on: date(order.createdAt),
      payment_status: order.paymentStatus,
      payment_type: order.paymentType,
      delivery_status: order.deliveryStatus,
      shipping_type: order.shippingType,
      delivery_date: order.deliveryDate ? formatIsoDate(order.deliveryDate, s.app_date_format) : null,
      customer_name: name || 'Guest customer',
      customer_email: order.customerEmail,
      customer_phone: order.customerPhone,
      billing_address: order.address,
      delivery_address: order.deliveryRequired ? order.deliveryAddress : null,
      pickup_point: data.pickupPoint,
      carrier: data.carrier,
      tracking_code: order.trackingCode,
    },
    items: items.map(({ amount: _amount, ...item }) => item),
    vat_breakdown: [...breakdown.values()]
      .filter((line) => line.label !== 'No VAT' || line.vat > 0)
      .map((line) => ({ label: line.label, base: cents(line.base), vat: cents(line.vat) })),
    totals: {
      items: fromDecimal(order.itemsTotal),
      vat: fromDecimal(order.vatTotal),
      shipping: fromDecimal(order.shippingCost),
      global_discount_percent: Number(order.globalDiscount),
      global_discount: fromDecimal(order.discountTotal),
      grand_total: grand,
      paid,
      due: cents(Math.max(0, grand - paid)) as Cents,
    },
    payments: completed.map((p) => ({
      date: formatIsoDate(p.paymentDate, s.app_date_format),
      type: p.paymentType,
      amount: fromDecimal(p.amount),
      transaction_id: p.transactionId,
    })),
    symbol: order.currencySymbol,
    show_variants: s.pdf_show_variants,
  };
}

/** Generates, stores and records one version of a document inside the caller's transaction. */
export async function generateDocumentIn(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  type: DocumentType,
): Promise<DocumentRow> {
  assertDocumentAvailable(order, type);
  const now = ctx.now();
  const { app_timezone } = await getSettings(tx, ['app_timezone']);
  const year = Number(isoDateInZone(now, app_timezone).slice(0, 4));
  const number = await reserveDocumentNumber(tx, order.id, type, year);
  const version = await nextVersion(tx, order.id, type);
  const pdf = await renderOrderPdf(await orderPdfInput(tx, order, type, number, version, now));
  const key = `order-documents/${order.id}/${type}-v${version}-${randomBytes(6).toString('hex')}.pdf`;
  await ctx.storage.put(key, pdf);
  const [doc] = await tx
    .insert(orderDocuments)
    .values({
      orderId: order.id,
      documentType: type,
      documentNumber: number,
      version,
      storagePath: key,
      size: pdf.length,
      createdBy: actor.userId,
      createdAt: now,
    })
    .returning();
  await audit(tx, {
    actorUserId: actor.userId,
    action: 'order.document_generated',
    subjectType: 'order',
    subjectId: order.id,
    data: { document_id: doc!.id, document_type: type, document_number: number, version },
    ip: actor.ip,
  });
  return doc!;
}

/**
 * A new version of an order's document (spec 1 §7 Documents, DECISIONS 12): 404 for a missing
 * order, 422 when the type is not available for it. The order's row lock serialises generations
 * of one order; the number sequence's row lock serialises numbering across orders.
 */
export async function generateDocument(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  type: DocumentType,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrderOr404(tx, orderId, true);
    return generateDocumentIn(ctx, tx, actor, order, type);
  });
}
