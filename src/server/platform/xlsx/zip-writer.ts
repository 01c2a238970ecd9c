import zlib from 'node:zlib';

/**
 * A zip archive written entry after entry to an output that paces it (docs/decisions/0104): small
 * entries whole, one entry streamed through deflate with its sizes and checksum in a data
 * descriptor after its data. Only what an .xlsx package needs: deflate, UTF-8 names, no ZIP64 (a
 * package past 4 GiB is refused with an error rather than written wrong).
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const DEFLATE = 8;
const VERSION = 20;
const UTF8_NAMES = 0x0800;
const SIZES_AFTER_DATA = 0x0008;
const ZIP32_LIMIT = 0xffffffff;

type Entry = {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
};

/** A streamed entry: each buffer may be reused once its write has resolved (deflate has read it). */
export type ZipEntryStream = {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
  /** Stops the entry's compressor: the archive will not be finished (the reader went away). */
  abort(): void;
};

/** MS-DOS time and date of an instant (UTC), as zip headers hold them. */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date:
      ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function within32Bits(value: number): void {
  if (value > ZIP32_LIMIT)
    throw new Error('The file is too large for a zip archive without ZIP64 (over 4 GiB).');
}

/**
 * Writes a zip to `emit`, which resolves when the output can take more (its backpressure). Entries
 * are written in the order they are added; `end` writes the central directory.
 */
export function zipWriter(emit: (chunk: Buffer) => Promise<void>, at: Date) {
  const { time, date } = dosDateTime(at);
  const entries: Entry[] = [];
  let offset = 0;

  const out = async (chunk: Buffer) => {
    offset += chunk.length;
    within32Bits(offset);
    await emit(chunk);
  };

  /**
   * The fields both headers of an entry hold in the same order (version needed, flags, method, time,
   * date, checksum, sizes, name length), written from `at`: 4 in the local header, 6 in the central
   * directory's, after its "version made by".
   */
  const entryFields = (header: Buffer, at: number, entry: Entry) => {
    header.writeUInt16LE(VERSION, at);
    header.writeUInt16LE(entry.flags, at + 2);
    header.writeUInt16LE(DEFLATE, at + 4);
    header.writeUInt16LE(time, at + 6);
    header.writeUInt16LE(date, at + 8);
    header.writeUInt32LE(entry.crc, at + 10);
    header.writeUInt32LE(entry.compressedSize, at + 14);
    header.writeUInt32LE(entry.size, at + 18);
    header.writeUInt16LE(entry.name.length, at + 22);
  };

  const localHeader = (entry: Entry) => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    entryFields(header, 4, entry);
    return Buffer.concat([header, entry.name]);
  };

  return {
    /** A small entry, compressed whole. */
    async file(name: string, content: Buffer): Promise<void> {
      const data = zlib.deflateRawSync(content);
      const entry: Entry = {
        name: Buffer.from(name, 'utf8'),
        flags: UTF8_NAMES,
        crc: zlib.crc32(content),
        compressedSize: data.length,
        size: content.length,
        offset,
      };
      entries.push(entry);
      await out(localHeader(entry));
      await out(data);
    },

    /**
     * A streamed entry: its data through deflate as the caller writes it, then its checksum and
     * sizes in a data descriptor. The caller writes only after the previous write resolved.
     */
    async stream(name: string): Promise<ZipEntryStream> {
      const entry: Entry = {
        name: Buffer.from(name, 'utf8'),
        flags: UTF8_NAMES | SIZES_AFTER_DATA,
        crc: 0,
        compressedSize: 0,
        size: 0,
        offset,
      };
      entries.push(entry);
      await out(localHeader(entry));
      const deflate = zlib.createDeflateRaw();
      // The compressed bytes go out as deflate makes them, each waiting for the output: while the
      // output is full, deflate's own buffer fills and it stops taking input, so writes wait too.
      const pumped = (async () => {
        for await (const chunk of deflate as AsyncIterable<Buffer>) {
          entry.compressedSize += chunk.length;
          await out(chunk);
        }
      })();
      // A failed pump (the reader went away) ends the entry's writes too.
      const failed = pumped.then(
        () => new Promise<never>(() => {}),
        (error: unknown) => {
          deflate.destroy();
          throw error;
        },
      );
      failed.catch(() => {});
      return {
        async write(chunk: Buffer) {
          entry.crc = zlib.crc32(chunk, entry.crc);
          entry.size += chunk.length;
          within32Bits(entry.size);
          const consumed = new Promise<void>((resolve, reject) =>
            deflate.write(chunk, (error) => (error ? reject(error) : resolve())),
          );
          await Promise.race([consumed, failed]);
        },
        abort() {
          deflate.destroy();
        },
        async end() {
          deflate.end();
          await pumped;
          const descriptor = Buffer.alloc(16);
          descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
          descriptor.writeUInt32LE(entry.crc, 4);
          descriptor.writeUInt32LE(entry.compressedSize, 8);
          descriptor.writeUInt32LE(entry.size, 12);
          await out(descriptor);
        },
      };
    },

    /** The central directory and its end record. */
    async end(): Promise<void> {
      const start = offset;
      for (const entry of entries) {
        const header = Buffer.alloc(46);
        header.writeUInt32LE(CENTRAL_HEADER, 0);
        header.writeUInt16LE(VERSION, 4);
        entryFields(header, 6, entry);
        header.writeUInt32LE(entry.offset, 42);
        await out(Buffer.concat([header, entry.name]));
      }
      const record = Buffer.alloc(22);
      record.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
      record.writeUInt16LE(entries.length, 8);
      record.writeUInt16LE(entries.length, 10);
      record.writeUInt32LE(offset - start, 12);
      record.writeUInt32LE(start, 16);
      await out(record);
    },
  };
}
