import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { CreditExportQuery } from '../../../contracts/credit';
import { addDays } from '../../../domain/dates/date-format';
import { spreadsheetDateTime, timestampedFileName } from '../../../domain/exports/exports';
import { type Cents, formatMoney, fromDecimal, toDecimal } from '../../../domain/money/money';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { getSetting } from '../../platform/settings/settings-store';
import { inBatches, type XlsxCell, type XlsxColumn, xlsxStream } from '../../platform/xlsx/xlsx-stream';
import { defaultCurrency } from '../currencies';
import { presentPartner } from './credit.presenter';
import { accountOfUser, balanceBefore, findPartner, statementBatch } from './credit.queries';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const TYPE_LABELS: Record<string, string> = {
  credit_added: 'Credit added',
  credit_removed: 'Credit removed',
  order_payment: 'Order payment',
};

const COLUMNS: XlsxColumn[] = [
  { header: 'Date', width: 20, numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'Type', width: 16 },
  { header: 'Reference', width: 20 },
  { header: 'Amount', width: 14, numFmt: '#,##0.00' },
  { header: 'Balance after', width: 16, numFmt: '#,##0.00' },
  { header: 'Note', width: 40 },
];

/** The instant a calendar day starts in the shop's time zone. */
function dayStart(iso: string, timeZone: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const guess = new Date(Date.UTC(y, m - 1, d));
  const offset = spreadsheetDateTime(guess, timeZone).getTime() - guess.getTime();
  return new Date(guess.getTime() - offset);
}

export type StatementDownload = { fileName: string; contentType: string; stream: Readable };

/**
 * The credit statement (spec 3 §7, §9): the partner's transactions between two dates (inclusive,
 * in the shop's time zone), with the opening balance, each transaction and the closing balance, as
 * an .xlsx streamed a batch at a time or a PDF.
 */
export async function exportStatement(
  ctx: AppContext,
  partnerId: number,
  query: CreditExportQuery,
  onError: (error: unknown) => void,
): Promise<StatementDownload> {
  const partner = await findPartner(ctx.db, partnerId);
  if (!partner) throw notFound();
  const account = await accountOfUser(ctx.db, partnerId);
  const timeZone = await getSetting(ctx.db, 'app_timezone');
  const range = {
    from: dayStart(query.start_date, timeZone),
    to: dayStart(addDays(query.end_date, 1), timeZone),
  };
  const base = `credit_statement_${partnerId}`;
  const batches = (limit: number, offset: number) =>
    account ? statementBatch(ctx.db, account.id, range, limit, offset) : Promise.resolve([]);

  const opening = account ? fromDecimal(await balanceBefore(ctx.db, account.id, range.from)) : (0 as Cents);

  if (query.format !== 'pdf') {
    // Opening balance, every transaction, closing balance (issue 17), a batch at a time.
    const rows = (async function* () {
      yield [
        spreadsheetDateTime(range.from, timeZone),
        'Opening balance',
        null,
        null,
        toDecimal(opening),
        null,
      ] satisfies XlsxCell[];
      let closing = toDecimal(opening);
      for await (const t of inBatches(batches)) {
        closing = Number(t.balanceAfter);
        yield [
          spreadsheetDateTime(t.createdAt, timeZone),
          TYPE_LABELS[t.type] ?? t.type,
          t.reference,
          (t.type === 'credit_added' ? 1 : -1) * Number(t.amount),
          closing,
          t.note,
        ] satisfies XlsxCell[];
      }
      yield [
        spreadsheetDateTime(new Date(range.to.getTime() - 1000), timeZone),
        'Closing balance',
        null,
        null,
        closing,
        null,
      ] satisfies XlsxCell[];
    })();
    return {
      fileName: timestampedFileName(base, ctx.now()),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      stream: xlsxStream({ name: 'Credit statement', columns: COLUMNS, rows }, onError),
    };
  }

  const { symbol } = await defaultCurrency(ctx.db);
  const money = (v: Cents) => formatMoney(v, symbol);
  const view = presentPartner(partner);
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: 'Credit statement' } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const write = async () => {
    doc.font('bold').fontSize(16).text('Credit statement');
    doc.moveDown(0.3);
    doc
      .font('body')
      .fontSize(10)
      .text(view.company_name ? `${view.company_name} (${view.name})` : view.name);
    doc.text(view.email);
    doc.text(`Period: ${query.start_date} to ${query.end_date}`);
    doc.text(`Opening balance: ${money(opening)}`);
    doc.moveDown();
    const cols = [40, 150, 250, 350, 440];
    const header = (y: number) => {
      doc.font('bold').fontSize(9);
      ['Date', 'Type', 'Reference', 'Amount', 'Balance after'].forEach((h, i) => {
        doc.text(h, cols[i], y);
      });
      doc.font('body');
    };
    header(doc.y);
    doc.moveDown(0.5);
    let closing = opening;
    for await (const t of inBatches(batches)) {
      if (doc.y > doc.page.height - 60) {
        doc.addPage();
        header(doc.y);
        doc.moveDown(0.5);
      }
      const y = doc.y;
      const amount = fromDecimal(t.amount);
      const signed = (t.type === 'credit_added' ? amount : -amount) as Cents;
      closing = fromDecimal(t.balanceAfter);
      doc.fontSize(9);
      doc.text(t.createdAt.toISOString().slice(0, 16).replace('T', ' '), cols[0], y);
      doc.text(TYPE_LABELS[t.type] ?? t.type, cols[1], y);
      doc.text(t.reference ?? '', cols[2], y, { width: 95 });
      doc.text(money(signed), cols[3], y);
      doc.text(money(closing), cols[4], y);
      doc.x = 40;
      doc.moveDown(0.3);
    }
    doc.moveDown();
    doc
      .font('bold')
      .fontSize(10)
      .text(`Closing balance: ${money(closing)}`, 40);
    doc.end();
  };
  write().catch((error: unknown) => {
    onError(error);
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return {
    fileName: timestampedFileName(base, ctx.now(), 'pdf'),
    contentType: 'application/pdf',
    stream: doc as unknown as Readable,
  };
}
