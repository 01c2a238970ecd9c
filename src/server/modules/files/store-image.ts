import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { fieldError } from '../../../domain/errors';
import {
  acceptedExtension,
  extensionOf,
  mimeTypeFor,
  storageKeysFor,
} from '../../../domain/files/file-rules';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import type { FileRow } from './files.queries';
import { files } from './files.tables';
import { makePreview } from './make-preview';
import { looksLikeSvg, sanitizeSvg } from './sanitize-svg';

export type ImageUpload = { name: string; data: Buffer };

export type StoreImageOptions = {
  /** The form field errors are reported on ("icon"). */
  field: string;
  context: string;
  allowed: readonly string[];
  messages: { type: string; unreadable: string };
  actorUserId: number;
};

/**
 * Stores one image a form sent beside its fields (a payment method's icon) in the file library:
 * its type judged by its content, read by sharp, kept with a preview, recorded in the caller's
 * transaction. `discard` removes what was written when that transaction fails.
 */
export async function storeImage(
  ctx: AppContext,
  db: Executor,
  upload: ImageUpload,
  options: StoreImageOptions,
): Promise<{ row: FileRow; discard: () => Promise<void> }> {
  let data = upload.data;
  const detected = await fileTypeFromBuffer(data);
  let extension = acceptedExtension(detected?.ext ?? null, extensionOf(upload.name), options.allowed);
  // SVG has no magic bytes: when the caller allows it, text that is an SVG is sanitised and the
  // clean copy is what gets stored (DECISIONS 29, docs/decisions/0027).
  if (!extension && !detected && options.allowed.includes('svg') && looksLikeSvg(data)) {
    const clean = sanitizeSvg(data.toString('utf8'));
    if (!clean) throw fieldError(options.field, options.messages.unreadable);
    data = Buffer.from(clean, 'utf8');
    extension = 'svg';
  }
  if (!extension) throw fieldError(options.field, options.messages.type);
  let image: { width: number | null; height: number | null; preview: Buffer | null };
  try {
    // sharp cannot read icons: a favicon .ico is kept without a preview.
    image = extension === 'ico' ? { width: null, height: null, preview: null } : await makePreview(data);
  } catch {
    throw fieldError(options.field, options.messages.unreadable);
  }
  const now = ctx.now();
  const keys = storageKeysFor(upload.name, extension, now, randomBytes(8).toString('hex'));
  const written: string[] = [];
  const discard = async () => {
    await Promise.allSettled(written.map((key) => ctx.storage.remove(key)));
  };
  try {
    written.push(keys.path);
    await ctx.storage.put(keys.path, data);
    if (image.preview) {
      written.push(keys.previewPath);
      await ctx.storage.put(keys.previewPath, image.preview);
    }
    const [row] = await db
      .insert(files)
      .values({
        name: upload.name,
        path: keys.path,
        previewPath: image.preview ? keys.previewPath : null,
        size: data.length,
        mimeType: mimeTypeFor(extension, detected?.mime ?? null),
        extension,
        context: options.context,
        width: image.width,
        height: image.height,
        uploadedBy: options.actorUserId,
        createdAt: now,
      })
      .returning();
    await audit(db, {
      actorUserId: options.actorUserId,
      action: 'files.uploaded',
      subjectType: 'file',
      data: { ids: [row!.id], context: options.context },
    });
    return { row: row!, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}
