import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inBatches, type XlsxCell, xlsxStream } from './xlsx-stream';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The parts of a zip, read from its central directory: each part's recorded checksum and size, and
 * its content inflated from the local entry it points at.
 */
function zipParts(file: Buffer) {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const parts: { name: string; crc: number; size: number; content: Buffer }[] = [];
  for (let i = 0; i < count; i += 1) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    expect(file.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const content = zlib.inflateRawSync(file.subarray(dataStart, dataStart + compressed));
    parts.push({ name, crc, size, content });
    at += 46 + nameLength;
  }
  return parts;
}

async function rowsOf(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('xlsxStream', () => {
  it('writes a header and the rows, escaping text that would run as a formula', async () => {
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      yield [1, '=1+1', new Date('2026-01-02T03:04:05Z')];
      yield [2, 'plain', null];
    }
    const stream = xlsxStream({
      name: 'Sheet',
      columns: [{ header: 'ID' }, { header: 'Text' }, { header: 'When', numFmt: 'yyyy-mm-dd' }],
      rows: rows(),
    });
    const rowsBack = await rowsOf(await collect(stream));
    expect(rowsBack).toEqual([
      ['ID', 'Text', 'When'],
      [1, "'=1+1", new Date('2026-01-02T03:04:05Z')],
      [2, 'plain'],
    ]);
  });

  it('writes each kind of cell so a spreadsheet reads it back as it was', async () => {
    const long = 'é'.repeat(40_000);
    const wide = Array.from({ length: 30 }, (_, i) => i);
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      yield [true, false, -3.25, 1e21, Number.NaN, Number.POSITIVE_INFINITY, '', undefined];
      yield [
        ' padded ',
        '<b> & "quoted" </b>',
        'bell\u0007 and\u0000 nul',
        'tab\tinside',
        'Zoë 👩🏽‍🍳',
        long,
        'after',
      ];
      yield [new Date('2026-11-29T10:30:15Z'), new Date(Number.NaN), '+27 82 555 0100', '@home', '-5'];
      yield wide;
    }
    const stream = xlsxStream({
      name: 'Kinds: [all]/*?',
      columns: Array.from({ length: 30 }, (_, i) => ({ header: `C${i}` })),
      rows: rows(),
    });
    const rowsBack = await rowsOf(await collect(stream));
    expect(rowsBack[0]).toEqual(Array.from({ length: 30 }, (_, i) => `C${i}`));
    // No cell for an empty text, nothing or a number a spreadsheet cannot hold.
    expect(rowsBack[1]).toEqual([true, false, -3.25, 1e21]);
    // Control characters XML cannot hold are left out; text past a cell's 32,767 characters is cut.
    expect(rowsBack[2]).toEqual([
      ' padded ',
      '<b> & "quoted" </b>',
      'bell and nul',
      'tab\tinside',
      'Zoë 👩🏽‍🍳',
      'é'.repeat(32_767),
      'after',
    ]);
    // A date without a column format still reads as a date; signs that start a formula are escaped.
    expect(rowsBack[3]).toEqual([
      new Date('2026-11-29T10:30:15Z'),
      undefined,
      "'+27 82 555 0100",
      "'@home",
      "'-5",
    ]);
    // Past column Z: AA, AB… (the row's cells stay in their columns).
    expect(rowsBack[4]).toEqual(wide);
  });

  it('is a zip whose every part matches its checksum and sizes', async () => {
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      for (let i = 0; i < 20_000; i += 1) yield [i, `row ${i}`, new Date(Date.UTC(2026, 0, 1 + (i % 365)))];
    }
    const file = await collect(
      xlsxStream({
        name: 'Checked',
        columns: [{ header: 'A' }, { header: 'B' }, { header: 'C', numFmt: 'yyyy-mm-dd' }],
        rows: rows(),
      }),
    );
    const parts = zipParts(file);
    expect(parts.map((part) => part.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    for (const part of parts) {
      expect(part.content.length).toBe(part.size);
      expect(zlib.crc32(part.content)).toBe(part.crc);
    }
    // The sheet's XML spans many of the writer's reused buffers: each reached the file intact.
    const sheet = parts.at(-1)!.content.toString('utf8');
    expect(sheet.length).toBeGreaterThan(1_000_000);
    expect(sheet).toContain('<row r="20001"><c r="A20001"><v>19999</v></c>');
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
  });

  it('reads its source only as fast as the reader takes the bytes', async () => {
    let produced = 0;
    const total = 200_000;
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      for (let i = 0; i < total; i += 1) {
        produced += 1;
        yield [i, `row ${i} with some text to make it heavier`, 'another text cell'];
      }
    }
    const stream = xlsxStream({
      name: 'Big',
      columns: [{ header: 'A' }, { header: 'B' }, { header: 'C' }],
      rows: rows(),
    });
    // Nobody reads: the writer must come to a stop after a few thousand rows. Wait until the count
    // has not moved for three checks in a row (a loaded machine may be slow to get there)…
    let still = 0;
    let last = -1;
    for (let i = 0; i < 300 && still < 3; i += 1) {
      await sleep(100);
      still = produced === last ? still + 1 : 0;
      last = produced;
    }
    expect(still).toBe(3);
    // A bounded part of the source: what the compressor takes in before its output fills the
    // reader's buffer (about 10 000 rows on a loaded machine, where zlib runs behind).
    expect(produced).toBeLessThan(total / 5);
    // …and it stays stopped (a starved machine may have paused it before the bound: still bounded).
    await sleep(300);
    expect(produced).toBeLessThan(total / 5);
    const buffer = await collect(stream);
    expect(produced).toBe(total);
    expect(buffer.length).toBeGreaterThan(0);
  }, 60_000);

  it('reads its source only as fast as the zip compresses it, with a reader that takes everything', async () => {
    // Each buffer of XML waits until deflate has read the one before (issue 13: exceljs's queue held
    // 28 MiB at 100 000 rows): when the source has given its last row, most of the file is out.
    const total = 50_000;
    let out = 0;
    let outWhenSourceDone = -1;
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      for (let i = 0; i < total; i += 1)
        yield [
          i,
          `ORD-${i}`,
          new Date(),
          `Customer ${i}`,
          `c${i}@example.test`,
          'shipped',
          'paid',
          2,
          123.45,
          100,
        ];
      outWhenSourceDone = out;
    }
    const stream = xlsxStream({
      name: 'Paced',
      columns: Array.from({ length: 10 }, (_, i) => ({ header: `C${i}` })),
      rows: rows(),
    });
    for await (const chunk of stream) out += (chunk as Buffer).length;
    expect(outWhenSourceDone).toBeGreaterThan(0.8 * out);
  });

  it('stops reading its source when the reader goes away', async () => {
    let closed = false;
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      try {
        for (let i = 0; ; i += 1) yield [i, 'text'];
      } finally {
        closed = true;
      }
    }
    const stream = xlsxStream({ name: 'S', columns: [{ header: 'A' }, { header: 'B' }], rows: rows() });
    await sleep(100);
    stream.destroy();
    await sleep(100);
    expect(closed).toBe(true);
  });

  it('lets a reader leave while the source is waiting, with no error left unhandled', async () => {
    // A source that pauses between batches (the database): the reader may leave while the writer
    // waits for it with a buffer still in the compressor. Whatever fails then is thrown where the
    // writer next looks, and the source is closed.
    let closed = false;
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      try {
        for (let i = 0; ; i += 1) {
          if (i % 500 === 0) await sleep(20);
          yield [i, `row ${i} `.repeat(20)];
        }
      } finally {
        closed = true;
      }
    }
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const stream = xlsxStream({ name: 'S', columns: [{ header: 'A' }, { header: 'B' }], rows: rows() });
      let chunks = 0;
      for await (const _chunk of stream) {
        chunks += 1;
        if (chunks === 3) break;
      }
      await sleep(200);
      expect(closed).toBe(true);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('breaks the stream when the source fails', async () => {
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      yield [1];
      throw new Error('database went away');
    }
    const errors: unknown[] = [];
    const stream = xlsxStream({ name: 'S', columns: [{ header: 'A' }], rows: rows() }, (e) => errors.push(e));
    await expect(collect(stream)).rejects.toThrow('database went away');
    expect(errors).toHaveLength(1);
  });
});

describe('inBatches', () => {
  it('reads batch after batch until a short one', async () => {
    const calls: [number, number][] = [];
    const source = Array.from({ length: 7 }, (_, i) => i);
    const seen: number[] = [];
    for await (const item of inBatches(async (limit, offset) => {
      calls.push([limit, offset]);
      return source.slice(offset, offset + limit);
    }, 3)) {
      seen.push(item);
    }
    expect(seen).toEqual(source);
    expect(calls).toEqual([
      [3, 0],
      [3, 3],
      [3, 6],
    ]);
  });

  it('asks once more after a full last batch, and stops on an empty one', async () => {
    const calls: number[] = [];
    const seen: number[] = [];
    for await (const item of inBatches(async (limit, offset) => {
      calls.push(offset);
      return [0, 1, 2, 3].slice(offset, offset + limit);
    }, 2)) {
      seen.push(item);
    }
    expect(seen).toEqual([0, 1, 2, 3]);
    expect(calls).toEqual([0, 2, 4]);
  });
});
