import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inBatches, type XlsxCell, xlsxStream } from './xlsx-stream';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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
    // exceljs hands its XML to the compressor without waiting (issue 13: the queue held 28 MiB at
    // 100 000 rows): when the source has given its last row, most of the file must be out already.
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
