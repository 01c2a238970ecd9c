import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { escapeSpreadsheetCell } from '../../../domain/exports/exports';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type XlsxCell = string | number | boolean | Date | null | undefined;

export type XlsxColumn = {
  header: string;
  /** Width in characters. */
  width?: number;
  /** Excel number format, e.g. 'yyyy-mm-dd hh:mm' for a Date column. */
  numFmt?: string;
};

export type XlsxSheet = {
  name: string;
  columns: readonly XlsxColumn[];
  /** The rows, read a batch at a time by the caller's source; each row lists its cells in column order. */
  rows: AsyncIterable<readonly XlsxCell[]>;
};

/** Rows written between two looks at the reader. */
const ROWS_PER_TURN = 200;

/** Resolves when the output wants more bytes; rejects when the reader went away. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      reject(new Error('xlsx reader closed'));
    };
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/**
 * The compressor that exceljs's sheet buffer writes into (exceljs/lib/utils/stream-buf.js pipes
 * its 64 KiB blocks without waiting for the compressor), when that compressor is behind: rows
 * wait for it as they wait for the reader, or the XML piles up in its queue while deflate catches
 * up (the 100 000-row orders export grew the process by 140 MiB, issue 13). exceljs keeps the
 * pipes on the sheet's stream; without them (another version) only the reader paces the rows.
 */
function compressorBehind(worksheet: object): Writable | null {
  const pipes = (worksheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return null;
  // The pipe is archiver's PassThrough from the readable-stream package, whose older API has no
  // writableNeedDrain: its state says the same.
  const behind = (pipe: Writable & { _writableState?: { needDrain?: boolean } }) =>
    pipe.writableNeedDrain ?? pipe._writableState?.needDrain ?? false;
  return (pipes as Writable[]).find(behind) ?? null;
}

/**
 * An .xlsx file as a stream, written row by row with exceljs's streaming writer: rows are
 * committed as they arrive and the source is read only as fast as the reader takes the bytes, so
 * a large export never sits in memory whole. Every text cell is escaped against formula injection
 * (DECISIONS 28). An error in the source destroys the stream (the download breaks, it never ends
 * as a truncated file that looks whole).
 */
export function xlsxStream(sheet: XlsxSheet, onError?: (error: unknown) => void): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    // Shared strings would collect every distinct text in memory until the end.
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet(sheet.name);
  worksheet.columns = sheet.columns.map((column, index) => ({
    key: String(index),
    header: column.header,
    width: column.width ?? 18,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();

  const write = async () => {
    let sinceYield = 0;
    for await (const cells of sheet.rows) {
      if (out.destroyed) return;
      worksheet.addRow(cells.map((cell) => escapeSpreadsheetCell(cell ?? null))).commit();
      sinceYield += 1;
      if (sinceYield >= ROWS_PER_TURN) {
        sinceYield = 0;
        // Let the zip writer move the rows on; then wait while the reader is behind.
        await new Promise((resolve) => setImmediate(resolve));
        while (out.writableNeedDrain) await drained(out);
        for (let behind = compressorBehind(worksheet); behind; behind = compressorBehind(worksheet)) {
          await drained(behind);
        }
      }
    }
    worksheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    if (out.destroyed) return;
    onError?.(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** Reads a source in batches until a short batch: the row source of a streamed export. */
export async function* inBatches<T>(
  fetch: (limit: number, offset: number) => Promise<T[]>,
  batchSize = 500,
): AsyncGenerator<T> {
  for (let offset = 0; ; offset += batchSize) {
    const batch = await fetch(batchSize, offset);
    yield* batch;
    if (batch.length < batchSize) return;
  }
}

/**
 * Reads a source in batches that each start after the previous batch's last row (keyset paging),
 * until a short batch: the row source of an export whose list can say where a row stands.
 */
export async function* afterEachBatch<T>(
  fetch: (limit: number, last: T | null) => Promise<T[]>,
  batchSize = 500,
): AsyncGenerator<T> {
  let last: T | null = null;
  for (;;) {
    const batch = await fetch(batchSize, last);
    yield* batch;
    if (batch.length < batchSize) return;
    last = batch[batch.length - 1]!;
  }
}

/** Answers a streamed spreadsheet as a download that no cache keeps. */
export function sendXlsxDownload(
  reply: FastifyReply,
  download: { fileName: string; stream: Readable },
): FastifyReply {
  return reply
    .header('Content-Type', XLSX_CONTENT_TYPE)
    .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(download.stream);
}
