import type { Readable } from 'node:stream';
import type { Storage } from './storage';

/** A stored file's bytes; null when the file is gone from the storage. */
export async function readStoredFile(storage: Storage, key: string): Promise<Buffer | null> {
  try {
    const stream: Readable = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}
