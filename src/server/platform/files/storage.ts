import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded and generated files live. Keys are relative paths chosen by the server
 * ("files/2026/11/abc.png"). The local disk is the default, an S3-compatible bucket the other
 * (s3-storage.ts); the system settings choose at every call (settings-storage.ts, decision 0072).
 */
export type Storage = {
  put(key: string, data: Buffer | Readable): Promise<void>;
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** The public URL the browser uses for this key. */
  url(key: string): string;
};

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Keys are made by the server, but refuse anything that could leave the root anyway. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export function localDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      if (Buffer.isBuffer(data)) await fsp.writeFile(target, data);
      else await pipeline(data, fs.createWriteStream(target));
    },
    async get(key) {
      const target = resolve(key);
      await fsp.access(target);
      return fs.createReadStream(target);
    },
    async exists(key) {
      try {
        await fsp.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    url(key) {
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
  };
}
