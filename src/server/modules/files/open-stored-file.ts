import type { Readable } from 'node:stream';
import { contentDisposition } from '../../../domain/files/file-rules';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { findByStorageKey } from './files.queries';

/** Keys the library hands out; anything else is not looked up at all. */
const KEY_PATTERN = /^(files|previews)\/[a-z0-9][a-z0-9/_.-]*$/;

export type StoredFile = {
  stream: Readable;
  contentType: string;
  disposition: string;
  size: number | null;
};

/**
 * Opens a stored upload by its key for serving (DECISIONS 29). The key must belong to a row of
 * the files table (as the file or its preview): a key is never joined onto the disk path because
 * someone asked for it. Unknown keys, and rows whose file has gone from the storage, are 404.
 */
export async function openStoredFile(ctx: AppContext, key: string): Promise<StoredFile> {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//')) throw notFound();
  const found = await findByStorageKey(ctx.db, key);
  if (!found) throw notFound();
  const { row, isPreview } = found;
  const contentType = isPreview ? 'image/webp' : row.mimeType;
  const extension = isPreview ? 'webp' : row.extension;
  let stream: Readable;
  try {
    stream = await ctx.storage.get(key);
  } catch {
    throw notFound();
  }
  return {
    stream,
    contentType,
    disposition: contentDisposition(row.name, extension, contentType),
    size: isPreview ? null : row.size,
  };
}
