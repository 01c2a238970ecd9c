import { type Cents, formatMoney } from '../../../domain/money/money';
import { DOCUMENT_TITLES, type DocumentType } from '../../../domain/orders/documents-and-link';
import { orderValueLabel } from '../../../domain/orders/labels';
import { drawLetterhead, type Letterhead, startPdf } from '../../platform/pdf/pdf-document';

export type CompanyDetails = Letterhead;

export type PdfItem = {
  name: string;
  variant: string | null;
  sku: string | null;
  quantity: number;
  unit_label: string | null;
  unit_price: Cents;
  discount_percent: number;
  vat_label: string;
  vat: Cents;
  total: Cents;
};

export type OrderPdfInput = {
  type: DocumentType;
  number: string | null;
  version: number;
  issued_on: string;
  company: CompanyDetails;
  order: {
    code: string;
    created_on: string;
    payment_status: string;
    payment_type: string | null;
    delivery_status: string;
    shipping_type: string;
    delivery_date: string | null;
    customer_name: string;
    customer_email: string | null;
    customer_phone: string | null;
    billing_address: string | null;
    delivery_address: string | null;
    pickup_point: string | null;
    carrier: string | null;
    tracking_code: string | null;
  };
  items: PdfItem[];
  vat_breakdown: { label: string; base: Cents; vat: Cents }[];
  totals: {
    items: Cents;
    vat: Cents;
    shipping: Cents;
    global_discount_percent: number;
    global_discount: Cents;
    grand_total: Cents;
    paid: Cents;
    due: Cents;
  };
  payments: { date: string; type: string; amount: Cents; transaction_id: string | null }[];
  symbol: string;
  show_variants: boolean;
};

const PRICED: ReadonlySet<DocumentType> = new Set([
  'proforma_invoice',
  'final_invoice',
  'receipt',
  'credit_note',
]);

/**
 * Draws one order document (spec 1 §3 Document, DECISIONS 12) as a PDF: the company's details
 * from the website settings, the title and number, the order, the addresses, then per type the
 * priced items with a VAT breakdown and totals (invoices, receipt, credit note), the quantities
 * only (delivery note, packing slip) or the addresses and carrier (shipping label).
 */
export function renderOrderPdf(input: OrderPdfInput): Promise<Buffer> {
  const { doc, done, left, width } = startPdf({
    title: `${DOCUMENT_TITLES[input.type]} ${input.order.code}`,
    author: input.company.name,
  });

  const money = (value: Cents) => formatMoney(value, input.symbol);
  // Company (website settings) on the left, title and number on the right.
  const c = input.company;
  drawLetterhead(doc, { left, width }, c, DOCUMENT_TITLES[input.type], [
    input.number ? `Number: ${input.number}` : null,
    `Order: ${input.order.code}`,
    `Order date: ${input.order.created_on}`,
    `Issued: ${input.issued_on}`,
    input.version > 1 ? `Version: ${input.version}` : null,
  ]);

  // Customer and addresses.
  const o = input.order;
  const blockTop = doc.y;
  doc
    .font('bold')
    .fontSize(10)
    .text(input.type === 'shipping_label' ? 'Ship to' : 'Customer', left, blockTop);
  doc.font('body').fontSize(input.type === 'shipping_label' ? 14 : 9);
  for (const line of [o.customer_name, o.customer_email, o.customer_phone, o.billing_address]) {
    if (line && !(input.type === 'shipping_label' && line === o.billing_address))
      doc.text(line, { width: width / 2 - 10 });
  }
  if (input.type === 'shipping_label' && o.delivery_address)
    doc.text(o.delivery_address, { width: width / 2 - 10 });
  const customerBottom = doc.y;
  doc
    .font('bold')
    .fontSize(10)
    .text('Delivery', left + width / 2, blockTop, { width: width / 2 });
  doc.font('body').fontSize(9);
  const delivery = [
    o.pickup_point
      ? `Pickup point: ${o.pickup_point}`
      : o.delivery_address
        ? `Address: ${o.delivery_address}`
        : null,
    `Shipping: ${orderValueLabel(o.shipping_type)}`,
    o.carrier ? `Carrier: ${o.carrier}` : null,
    o.tracking_code ? `Tracking code: ${o.tracking_code}` : null,
    o.delivery_date ? `Delivery date: ${o.delivery_date}` : null,
    `Delivery status: ${orderValueLabel(o.delivery_status)}`,
    PRICED.has(input.type) ? `Payment status: ${orderValueLabel(o.payment_status)}` : null,
    PRICED.has(input.type) && o.payment_type ? `Payment type: ${orderValueLabel(o.payment_type)}` : null,
  ];
  for (const line of delivery) if (line) doc.text(line, left + width / 2, doc.y, { width: width / 2 });
  doc.y = Math.max(doc.y, customerBottom) + 16;
  doc.x = left;

  if (input.type === 'shipping_label') {
    doc.font('bold').fontSize(10).text('From', left);
    doc.font('body').fontSize(9).text([c.name, c.address, c.phone].filter(Boolean).join('\n'));
    doc.moveDown();
    const parcels = input.items.reduce((sum, item) => sum + item.quantity, 0);
    doc.text(`Items in parcel: ${parcels}`);
    doc.end();
    return done;
  }

  // Items table.
  const priced = PRICED.has(input.type);
  const columns = priced
    ? [
        { title: 'Item', width: 0.32, align: 'left' as const },
        { title: 'Qty', width: 0.07, align: 'right' as const },
        { title: 'Unit price', width: 0.14, align: 'right' as const },
        { title: 'Discount', width: 0.1, align: 'right' as const },
        { title: 'VAT', width: 0.17, align: 'right' as const },
        { title: 'Line total', width: 0.2, align: 'right' as const },
      ]
    : [
        { title: 'Item', width: 0.6, align: 'left' as const },
        { title: 'SKU', width: 0.2, align: 'left' as const },
        { title: 'Qty', width: 0.2, align: 'right' as const },
      ];
  const row = (cells: string[], font: 'body' | 'bold') => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(font).fontSize(8.5);
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      const w = col.width * width;
      doc.text(cell, x + 2, y, { width: w - 4, align: col.align });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = bottom + 3;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
  };
  row(
    columns.map((col) => col.title),
    'bold',
  );
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 3;
  for (const item of input.items) {
    const name = input.show_variants && item.variant ? `${item.name} (${item.variant})` : item.name;
    const qty = `${item.quantity}${item.unit_label ? ` ${item.unit_label}` : ''}`;
    row(
      priced
        ? [
            name,
            qty,
            money(item.unit_price),
            item.discount_percent > 0 ? `${item.discount_percent}%` : '-',
            `${money(item.vat)} (${item.vat_label})`,
            money(item.total),
          ]
        : [name, item.sku ?? '', qty],
      'body',
    );
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 8;

  if (priced) {
    // VAT breakdown per rate, then the totals on the right.
    const t = input.totals;
    const pair = (name: string, value: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'bold' : 'body').fontSize(bold ? 10 : 9);
      doc.text(name, left + width * 0.5, y, { width: width * 0.3, align: 'right' });
      doc.text(value, left + width * 0.8, y, { width: width * 0.2, align: 'right' });
    };
    if (input.vat_breakdown.length > 0) {
      doc.font('bold').fontSize(9).text('VAT breakdown', left, doc.y);
      for (const line of input.vat_breakdown) {
        doc
          .font('body')
          .fontSize(8.5)
          .text(`${line.label}: on ${money(line.base)} VAT ${money(line.vat)}`, left, doc.y, {
            width: width * 0.45,
          });
      }
      doc.moveDown(0.5);
    }
    pair('Items', money(t.items));
    pair('VAT', money(t.vat));
    pair('Shipping', money(t.shipping));
    if (t.global_discount > 0)
      pair(`Discount (${t.global_discount_percent}%)`, `-${money(t.global_discount)}`);
    pair(input.type === 'credit_note' ? 'Amount credited' : 'Grand total', money(t.grand_total), true);
    if (input.type !== 'credit_note') {
      pair('Paid', money(t.paid));
      pair('Amount due', money(t.due), true);
    }
    if (input.type === 'receipt' && input.payments.length > 0) {
      doc.moveDown();
      doc.font('bold').fontSize(9).text('Payments received', left, doc.y);
      for (const p of input.payments) {
        doc
          .font('body')
          .fontSize(8.5)
          .text(
            `${p.date} · ${orderValueLabel(p.type)} · ${money(p.amount)}${p.transaction_id ? ` · ${p.transaction_id}` : ''}`,
            left,
            doc.y,
          );
      }
    }
  } else {
    const total = input.items.reduce((sum, item) => sum + item.quantity, 0);
    doc.font('bold').fontSize(9).text(`Total quantity: ${total}`, left, doc.y);
    if (input.type === 'delivery_note') {
      doc.moveDown(3);
      doc.font('body').text('Received in good order by: ______________________    Date: ____________', left);
    }
  }
  doc.end();
  return done;
}
