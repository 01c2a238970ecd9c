import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { escapeSpreadsheetCell } from '../../../domain/exports/exports';
import { escapeHtml } from '../../../domain/templates/render-template';
import { type ZipEntryStream, zipWriter } from './zip-writer';

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

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The sheet's XML is written into buffers of this size, reused once deflate has read them. */
const BUFFER_SIZE = 64 * 1024;

/** Style 1 is the bold header, 2 a date without a column format, 3 and on each column format. */
const HEADER_STYLE = 1;
const DATE_STYLE = 2;
const DEFAULT_DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/** The most characters a spreadsheet cell holds: longer text is cut there, as Excel would. */
const MAX_CELL_TEXT = 32_767;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const NOT_IN_XML_ALL = new RegExp(NOT_IN_XML.source, 'g');

/**
 * Text as XML: the control characters XML 1.0 cannot hold (all below U+0020 but tab, line feed and
 * carriage return, and U+FFFE/U+FFFF) left out, the markup characters escaped.
 */
function xmlText(text: string): string {
  return escapeHtml(NOT_IN_XML.test(text) ? text.replace(NOT_IN_XML_ALL, '') : text);
}

/** A spreadsheet column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A date as the spreadsheet's serial day number (1900 system); its clock time as a fraction. */
const serialDay = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/**
 * One cell: a number, a boolean, a date (a serial day in a date format), or inline text escaped
 * against formulas (DECISIONS 28); an empty value or one a spreadsheet cannot hold is no cell.
 */
function cellXml(ref: string, value: XlsxCell, style: number): string {
  const s = style === 0 ? '' : ` s="${style}"`;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (typeof value === 'string') {
    const text = xmlText(String(escapeSpreadsheetCell(value)).slice(0, MAX_CELL_TEXT));
    if (text === '') return '';
    const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
    return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
  }
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return `<c r="${ref}" s="${style === 0 ? DATE_STYLE : style}"><v>${serialDay(value)}</v></c>`;
  }
  return '';
}

/** The workbook's styles: the default, the bold header, a date, then each column format once. */
function stylesXml(formats: readonly string[]): string {
  const numFmts = [DEFAULT_DATE_FORMAT, ...formats]
    .map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(code)}"/>`)
    .join('');
  const formatXfs = [DEFAULT_DATE_FORMAT, ...formats]
    .map(
      (_, i) =>
        `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    )
    .join('');
  const font = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
  return `${XML_DECLARATION}<styleSheet xmlns="${MAIN}"><numFmts count="${formats.length + 1}">${numFmts}</numFmts><fonts count="2"><font>${font}</font><font><b/>${font}</font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${formats.length + 3}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${formatXfs}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
}

/** A sheet name a spreadsheet accepts: at most 31 characters, none of : \\ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/** The package's fixed parts around the one sheet. */
function packageParts(name: string, formats: readonly string[]): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', stylesXml(formats)],
  ];
}

/**
 * An .xlsx file as a stream (docs/decisions/0104): one sheet, a bold header row, the rows as they
 * arrive. The sheet's XML is encoded into two reused buffers and compressed as it is written, and
 * the source is read only as fast as the compressor and then the reader take the bytes, so a large
 * export holds a few buffers, never the file, and leaves little garbage (exceljs copied each row
 * into fresh buffers twice: the 100 000-row orders export grew the process by 78–135 MiB, issue
 * 13). Every text cell is escaped against formula injection (DECISIONS 28). An error in the source
 * destroys the stream (the download breaks, it never ends as a truncated file that looks whole).
 */
export function xlsxStream(sheet: XlsxSheet, onError?: (error: unknown) => void): Readable {
  const out = new PassThrough();
  const emit = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (out.destroyed) return reject(new Error('xlsx reader closed'));
      if (out.write(chunk)) return resolve();
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

  const formats = [...new Set(sheet.columns.flatMap((column) => (column.numFmt ? [column.numFmt] : [])))];
  const columns = sheet.columns.map((column, index) => ({
    letters: columnLetters(index),
    style: column.numFmt ? DATE_STYLE + 1 + formats.indexOf(column.numFmt) : 0,
  }));
  const colsXml = sheet.columns
    .map((column, index) => {
      const style = columns[index]!.style;
      return `<col min="${index + 1}" max="${index + 1}" width="${column.width ?? 18}" customWidth="1"${style ? ` style="${style}"` : ''}/>`;
    })
    .join('');

  /** The sheet's XML into the streamed entry, row by row, then the entry's end. */
  const writeSheet = async (entry: ZipEntryStream) => {
    const buffers = [Buffer.allocUnsafe(BUFFER_SIZE), Buffer.allocUnsafe(BUFFER_SIZE)];
    let current = 0;
    let used = 0;
    // The previous buffer's write: the next one is filled while deflate reads it. Its failure (the
    // reader gone) is thrown where it is next awaited, not reported as unhandled in between.
    let writing: Promise<void> = Promise.resolve();
    const startWrite = (chunk: Buffer) => {
      writing = entry.write(chunk);
      writing.catch(() => {});
    };
    const flush = async () => {
      await writing;
      if (used === 0) return;
      startWrite(buffers[current]!.subarray(0, used));
      current = 1 - current;
      used = 0;
    };
    const add = async (xml: string) => {
      const length = Buffer.byteLength(xml, 'utf8');
      if (used + length > BUFFER_SIZE) await flush();
      if (length > BUFFER_SIZE) {
        await writing;
        startWrite(Buffer.from(xml, 'utf8'));
        return;
      }
      used += buffers[current]!.write(xml, used, 'utf8');
    };

    await add(`${XML_DECLARATION}<worksheet xmlns="${MAIN}"><cols>${colsXml}</cols><sheetData>`);
    let header = '<row r="1">';
    sheet.columns.forEach((column, index) => {
      header += cellXml(`${columns[index]!.letters}1`, column.header, HEADER_STYLE);
    });
    await add(`${header}</row>`);
    let rowNumber = 1;
    for await (const cells of sheet.rows) {
      if (out.destroyed) throw new Error('xlsx reader closed');
      rowNumber += 1;
      let row = `<row r="${rowNumber}">`;
      for (let index = 0; index < columns.length; index += 1) {
        const column = columns[index]!;
        row += cellXml(`${column.letters}${rowNumber}`, cells[index], column.style);
      }
      await add(`${row}</row>`);
    }
    await add('</sheetData></worksheet>');
    await flush();
    await writing;
    await entry.end();
  };

  /** The package: its fixed parts, the sheet, the central directory; then the stream ends. */
  const write = async () => {
    const zip = zipWriter(emit, new Date());
    for (const [name, xml] of packageParts(sheet.name, formats))
      await zip.file(name, Buffer.from(xml, 'utf8'));
    const entry = await zip.stream('xl/worksheets/sheet1.xml');
    try {
      await writeSheet(entry);
    } catch (error) {
      entry.abort();
      throw error;
    }
    await zip.end();
    out.end();
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
