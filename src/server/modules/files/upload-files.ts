import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { fileTypeFromFile } from 'file-type';
import { fileUploadFields } from '../../../contracts/files';
import { AppError, fieldError, validationError } from '../../../domain/errors';
import {
  acceptedExtension,
  extensionOf,
  fileContentNotAllowedMessage,
  fileTooLargeMessage,
  isPreviewable,
  MAX_FILES_PER_UPLOAD,
  maxFileBytes,
  mimeTypeFor,
  NO_FILES_SELECTED,
  parseAllowedTypes,
  storageKeysFor,
  TOO_MANY_FILES,
  TOTAL_UPLOAD_LIMIT_BYTES,
  totalTooLargeMessage,
  UPLOAD_UNREADABLE,
  unreadableImageMessage,
} from '../../../domain/files/file-rules';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { zodFieldErrors } from '../../platform/http/errors';
import { getSettings } from '../../platform/settings/settings-store';
import type { FileRow } from './files.queries';
import { files } from './files.tables';
import { makePreview } from './make-preview';

/** The multipart field names that carry files (`files[]` as the spec sends it). */
const FILE_FIELDS = ['files[]', 'files'];

/** Opens the request's multipart stream with a per-file byte limit. */
export type OpenParts = (limits: { fileSize: number; files: number }) => AsyncIterable<Multipart>;

type Received = { name: string; tempPath: string; size: number };

/** Reads and throws away the rest of a part, so the request body is consumed and the reply reaches the client. */
async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  await pipeline(stream, new Writable({ write: (_chunk, _enc, done) => done() }));
}

/** A display name: the base name the browser sent, without control characters, at most 255 characters. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, 255);
}

/**
 * Streams every file part into a temporary file while counting bytes: a file over the max size
 * is cut off by the parser (`truncated`), and once all files together pass the total limit the
 * rest is counted but no longer written. After the first problem the remaining parts are only
 * drained. Nothing is held in memory beyond a chunk.
 */
async function receiveParts(
  parts: AsyncIterable<Multipart>,
  tempDir: string,
  maxBytes: number,
): Promise<{ fields: Record<string, unknown>; received: Received[]; problem: string | null }> {
  const fields: Record<string, unknown> = {};
  const received: Received[] = [];
  let problem: string | null = null;
  let total = 0;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (problem || !FILE_FIELDS.includes(part.fieldname)) {
        await drain(part.file);
        continue;
      }
      const tempPath = path.join(tempDir, `upload-${received.length}`);
      const before = total;
      let size = 0;
      let overTotal = false;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (before + size > TOTAL_UPLOAD_LIMIT_BYTES) {
            overTotal = true;
            done();
          } else done(null, chunk);
        },
      });
      await pipeline(part.file, counter, fs.createWriteStream(tempPath));
      total += size;
      const name = displayName(part.filename);
      if (part.file.truncated) problem = fileTooLargeMessage(name, maxBytes);
      else if (overTotal) problem = totalTooLargeMessage();
      // A browser sends an empty, unnamed part for a file input left empty.
      if (!part.filename && size === 0) continue;
      received.push({ name, tempPath, size });
    }
  } catch (error) {
    throw unreadable(error);
  }
  return { fields, received, problem };
}

/**
 * What a failure while reading the body means: a broken or cut-off multipart body is the
 * client's mistake (422); too many files is named; the disk's own errors stay server errors.
 */
function unreadable(error: unknown): unknown {
  const e = error as { code?: string; statusCode?: number; syscall?: string };
  if (error instanceof AppError || e.syscall) return error;
  if (e.code === 'FST_FILES_LIMIT') return fieldError('files', TOO_MANY_FILES);
  if (
    typeof e.statusCode === 'number' &&
    e.statusCode >= 400 &&
    e.statusCode < 500 &&
    e.code !== 'FST_MP_PREMATURE_CLOSE'
  )
    return error;
  return fieldError('files', UPLOAD_UNREADABLE);
}

type Prepared = {
  name: string;
  tempPath: string;
  size: number;
  extension: string;
  mimeType: string;
  image: { width: number; height: number; preview: Buffer } | null;
};

/** Decides each file's type from its content (magic bytes) and reads images; the first refusal wins. */
async function prepare(received: Received[], allowed: string[]): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  for (const file of received) {
    const detected = await fileTypeFromFile(file.tempPath);
    const extension = acceptedExtension(detected?.ext ?? null, extensionOf(file.name), allowed);
    if (!extension) throw fieldError('files', fileContentNotAllowedMessage(file.name, allowed));
    let image: Prepared['image'] = null;
    if (isPreviewable(extension)) {
      try {
        image = await makePreview(file.tempPath);
      } catch {
        throw fieldError('files', unreadableImageMessage(file.name));
      }
    }
    prepared.push({
      ...file,
      extension,
      mimeType: mimeTypeFor(extension, detected?.mime ?? null),
      image,
    });
  }
  return prepared;
}

/**
 * Uploads files into the library (spec 1 §5, §7, §9): each file at most the max-size setting, all
 * together at most 50 MB, each of an allowed type judged by its content. All or nothing: when any
 * file is refused, nothing is stored, and temporary files are always removed.
 */
export async function uploadFiles(
  ctx: AppContext,
  openParts: OpenParts,
  actorUserId: number,
): Promise<FileRow[]> {
  const settings = await getSettings(ctx.db, ['file_upload_max_size', 'file_upload_allowed_types']);
  const maxBytes = maxFileBytes(settings.file_upload_max_size);
  const allowed = parseAllowedTypes(settings.file_upload_allowed_types);
  const tempRoot = path.join(ctx.config.dataDir, 'tmp');
  await fsp.mkdir(tempRoot, { recursive: true });
  const tempDir = await fsp.mkdtemp(path.join(tempRoot, 'upload-'));
  const stored: string[] = [];
  try {
    const { fields, received, problem } = await receiveParts(
      openParts({ fileSize: maxBytes, files: MAX_FILES_PER_UPLOAD }),
      tempDir,
      maxBytes,
    );
    if (problem) throw fieldError('files', problem);
    if (received.length === 0) throw fieldError('files', NO_FILES_SELECTED);
    const parsedFields = fileUploadFields.safeParse(fields);
    if (!parsedFields.success) throw validationError(zodFieldErrors(parsedFields.error));
    const { context } = parsedFields.data;
    const prepared = await prepare(received, allowed);

    const now = ctx.now();
    const rows: (typeof files.$inferInsert)[] = [];
    for (const file of prepared) {
      const keys = storageKeysFor(file.name, file.extension, now, randomBytes(8).toString('hex'));
      // Noted before writing, so a write that fails half-way is removed too.
      stored.push(keys.path);
      await ctx.storage.put(keys.path, fs.createReadStream(file.tempPath));
      if (file.image) {
        stored.push(keys.previewPath);
        await ctx.storage.put(keys.previewPath, file.image.preview);
      }
      rows.push({
        name: file.name,
        path: keys.path,
        previewPath: file.image ? keys.previewPath : null,
        size: file.size,
        mimeType: file.mimeType,
        extension: file.extension,
        context,
        width: file.image?.width ?? null,
        height: file.image?.height ?? null,
        uploadedBy: actorUserId,
        createdAt: now,
      });
    }
    return await ctx.db.transaction(async (tx) => {
      const inserted = await tx.insert(files).values(rows).returning();
      await audit(tx, {
        actorUserId,
        action: 'files.uploaded',
        subjectType: 'file',
        data: { ids: inserted.map((r) => r.id), context },
      });
      return inserted;
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => ctx.storage.remove(key)));
    throw error;
  } finally {
    await fsp.rm(tempDir, { recursive: true, force: true });
  }
}
