import { RENTAL_DOCUMENT_TITLES, type RentalDocumentType } from '../../../contracts/rental-documents';
import { type Cents, formatMoney } from '../../../domain/money/money';
import { drawHtml } from '../../platform/pdf/draw-html';
import { drawLetterhead, type Letterhead, startPdf } from '../../platform/pdf/pdf-document';

export type RentalPdfLine = {
  description: string;
  detail: string | null;
  quantity: number | null;
  rate: Cents | null;
  amount: Cents;
};

export type RentalPdfInput = {
  type: RentalDocumentType;
  number: string | null;
  version: number;
  issued_on: string;
  company: Letterhead;
  booking: {
    number: string;
    status: string;
    created_on: string;
    customer_name: string;
    customer_email: string;
    customer_phone: string | null;
    company_name: string | null;
    delivery_method: 'delivery' | 'pickup';
    delivery_address: string | null;
    pickup_point: string | null;
    start_date: string | null;
    end_date: string | null;
  };
  period: { number: number; start_date: string; end_date: string; status: string } | null;
  lines: RentalPdfLine[];
  totals: { total: Cents; paid: Cents; due: Cents } | null;
  payments: { date: string; type: string; amount: Cents; transaction_id: string | null }[];
  deposit: Cents | null;
  /** The rental agreement's body: the default template, filled and sanitised. */
  template_html: string | null;
  symbol: string;
};

const words = (value: string) => value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * Draws one rental document (spec 3 §4, docs/decisions/0069): the company's letterhead, the title,
 * number and booking, then the agreement's template; or the customer and delivery, the lines
 * (items and services, priced on invoices, quantities only on the delivery note and the return
 * receipt) and the totals.
 */
export function renderRentalPdf(input: RentalPdfInput): Promise<Buffer> {
  const title = RENTAL_DOCUMENT_TITLES[input.type];
  const { doc, done, left, width } = startPdf({
    title: `${title} ${input.booking.number}`,
    author: input.company.name,
  });
  const money = (value: Cents) => formatMoney(value, input.symbol);
  const b = input.booking;
  const p = input.period;
  drawLetterhead(doc, { left, width }, input.company, title, [
    input.number ? `Number: ${input.number}` : null,
    `Booking: ${b.number}`,
    p ? `Period ${p.number}: ${p.start_date} – ${p.end_date}` : null,
    `Booking date: ${b.created_on}`,
    `Issued: ${input.issued_on}`,
    input.version > 1 ? `Version: ${input.version}` : null,
  ]);

  if (input.template_html !== null) {
    drawHtml(doc, input.template_html, { left, width });
    doc.end();
    return done;
  }

  // Customer on the left, the rental and its delivery on the right.
  const blockTop = doc.y;
  doc
    .font('bold')
    .fontSize(10)
    .text('Customer', left, blockTop, { width: width / 2 - 10 });
  doc.font('body').fontSize(9);
  for (const line of [b.customer_name, b.company_name, b.customer_email, b.customer_phone])
    if (line) doc.text(line, { width: width / 2 - 10 });
  const customerBottom = doc.y;
  doc
    .font('bold')
    .fontSize(10)
    .text('Rental', left + width / 2, blockTop, { width: width / 2 });
  doc.font('body').fontSize(9);
  for (const line of [
    b.start_date && b.end_date ? `Rental dates: ${b.start_date} – ${b.end_date}` : null,
    b.delivery_method === 'delivery'
      ? `Delivery to: ${b.delivery_address ?? '—'}`
      : `Pickup point: ${b.pickup_point ?? '—'}`,
    `Booking status: ${words(b.status)}`,
    p ? `Period status: ${words(p.status)}` : null,
  ])
    if (line) doc.text(line, left + width / 2, doc.y, { width: width / 2 });
  doc.y = Math.max(doc.y, customerBottom) + 16;
  doc.x = left;

  // Lines: priced on invoices, quantities only on delivery and return papers.
  const priced = input.totals !== null;
  const columns = priced
    ? [
        { label: 'Description', width: 0.5, align: 'left' as const },
        { label: 'Qty', width: 0.1, align: 'right' as const },
        { label: 'Rate', width: 0.18, align: 'right' as const },
        { label: 'Amount', width: 0.22, align: 'right' as const },
      ]
    : [
        { label: 'Description', width: 0.8, align: 'left' as const },
        { label: 'Qty', width: 0.2, align: 'right' as const },
      ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(bold ? 'bold' : 'body').fontSize(9);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x, y, { width: width * column.width - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += width * column.width;
    });
    doc.y = bottom + 3;
  };
  row(
    columns.map((c) => c.label),
    true,
  );
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 4;
  for (const line of input.lines) {
    const description = line.detail ? `${line.description}\n${line.detail}` : line.description;
    const quantity = line.quantity === null ? '' : String(line.quantity);
    row(
      priced
        ? [description, quantity, line.rate === null ? '' : money(line.rate), money(line.amount)]
        : [description, quantity],
    );
  }
  if (input.lines.length === 0) row([priced ? 'Nothing billed yet' : 'No items', ''], false);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 8;

  if (input.totals) {
    const pair = (name: string, value: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'bold' : 'body').fontSize(bold ? 10 : 9);
      doc.text(name, left + width * 0.5, y, { width: width * 0.3, align: 'right' });
      doc.text(value, left + width * 0.8, y, { width: width * 0.2, align: 'right' });
    };
    pair('Total', money(input.totals.total), true);
    pair('Paid', money(input.totals.paid));
    pair('Amount due', money(input.totals.due), true);
    if (input.deposit !== null) pair('Deposit (held separately)', money(input.deposit));
    if (input.payments.length > 0) {
      doc.moveDown();
      doc.font('bold').fontSize(9).text('Payments received', left, doc.y);
      for (const payment of input.payments)
        doc
          .font('body')
          .fontSize(8.5)
          .text(
            `${payment.date} · ${words(payment.type)} · ${money(payment.amount)}${payment.transaction_id ? ` · ${payment.transaction_id}` : ''}`,
            left,
            doc.y,
          );
    }
  } else {
    const total = input.lines.reduce((sum, line) => sum + (line.quantity ?? 0), 0);
    doc.font('bold').fontSize(9).text(`Total quantity: ${total}`, left, doc.y);
    doc.moveDown(3);
    doc
      .font('body')
      .text(
        input.type === 'return_receipt'
          ? 'Returned in the condition noted by: ______________________    Date: ____________'
          : 'Received in good order by: ______________________    Date: ____________',
        left,
      );
  }
  doc.end();
  return done;
}
