/** Upload limits and their messages (spec 1 §5, §9; spec 2 §3). */
export const TOTAL_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;
export const DEFAULT_ALLOWED_TYPES = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
];
export const DEFAULT_MAX_FILE_SIZE_MB = 5;
export const FILE_CONTEXTS = [
  'products',
  'sliders',
  'settings',
  'payment-methods',
  'documents',
  'general',
] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'ico'];
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt'];

/** "1.5 MB", "512 KB", "20 B": binary units, at most two decimals, trailing zeros dropped. */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : String(Number(value.toFixed(2)));
  return `${shown} ${units[unit]}`;
}

export function fileTooLargeMessage(name: string, maxBytes: number): string {
  return `File too large: ${name} (max ${formatFileSize(maxBytes)})`;
}

export function totalTooLargeMessage(limitBytes = TOTAL_UPLOAD_LIMIT_BYTES): string {
  return `Total file size exceeds ${formatFileSize(limitBytes)} limit`;
}

export const NO_FILES_SELECTED = 'No files selected for upload.';
export const NO_FILES_FOR_DELETION = 'No files selected for deletion.';
/** One upload carries at most this many files (the multipart parser's limit says the same). */
export const MAX_FILES_PER_UPLOAD = 50;
export const TOO_MANY_FILES = `Too many files: at most ${MAX_FILES_PER_UPLOAD} can be uploaded at once.`;
export const UPLOAD_UNREADABLE = 'The upload could not be read. Please try again.';

export function fileTypeNotAllowedMessage(name: string, allowed: readonly string[]): string {
  return `File type not allowed: ${name} (allowed: ${allowed.join(', ')})`;
}

/** The allowed-types setting as a clean list: "JPG, png ,,pdf" → ["jpg","png","pdf"]. */
export function parseAllowedTypes(setting: string): string[] {
  return [
    ...new Set(
      setting
        .split(',')
        .map((t) => t.trim().toLowerCase().replace(/^\./, ''))
        .filter(Boolean),
    ),
  ];
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Decides a file's extension from its content (magic bytes), never from its name alone.
 * `detected` is what the content says (null when unknown). Old Office files (doc, xls) share one
 * container format ("cfb"), so there the name decides between the two.
 */
export function acceptedExtension(
  detected: string | null,
  declared: string,
  allowed: readonly string[],
): string | null {
  if (detected === null) return null;
  if (detected === 'cfb')
    return ['doc', 'xls'].includes(declared) && allowed.includes(declared) ? declared : null;
  const normalized = detected === 'jpg' && declared === 'jpeg' ? 'jpeg' : detected;
  if (allowed.includes(normalized)) return normalized;
  if (normalized === 'jpg' && allowed.includes('jpeg')) return 'jpeg';
  return null;
}

export function isImageExtension(ext: string): boolean {
  return IMAGE_EXTENSIONS.includes(ext);
}

export function isDocumentExtension(ext: string): boolean {
  return DOCUMENT_EXTENSIONS.includes(ext);
}

/** A safe stored name: lower-case words and digits joined by dashes, keeping the extension. */
export function safeBaseName(name: string): string {
  const file = name.split(/[\\/]/).pop() ?? '';
  const dot = file.lastIndexOf('.');
  const base = dot > 0 ? file.slice(0, dot) : file;
  const slug = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'file';
}

/** The type filter of the file library (spec 1 §2, §7): images, documents, everything else. */
export const FILE_KINDS = ['image', 'document', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export function fileKindOf(ext: string): FileKind {
  if (isImageExtension(ext)) return 'image';
  if (isDocumentExtension(ext)) return 'document';
  return 'other';
}

/** The max-size setting (MB, may be fractional) in bytes. */
export function maxFileBytes(megabytes: number): number {
  return Math.floor(megabytes * 1024 * 1024);
}

/**
 * The first size problem of a set of files in the spec's words (spec 1 §5), or null: none chosen,
 * one file over the max size, all together over the total limit. The upload form and the server
 * speak the same words.
 */
export function uploadSizeProblem(
  files: readonly { name: string; size: number }[],
  maxBytes: number,
  totalLimit = TOTAL_UPLOAD_LIMIT_BYTES,
): string | null {
  if (files.length === 0) return NO_FILES_SELECTED;
  if (files.length > MAX_FILES_PER_UPLOAD) return TOO_MANY_FILES;
  const tooLarge = files.find((f) => f.size > maxBytes);
  if (tooLarge) return fileTooLargeMessage(tooLarge.name, maxBytes);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > totalLimit) return totalTooLargeMessage(totalLimit);
  return null;
}

/** A file whose content is not one of the allowed types (decided from its bytes, not its name). */
export function fileContentNotAllowedMessage(name: string, allowed: readonly string[]): string {
  return `File content not allowed: ${name} (its content is not one of ${allowed.join(', ')})`;
}

export function unreadableImageMessage(name: string): string {
  return `The image could not be read: ${name}`;
}

/** Raster images sharp reads and makes a preview of. SVG is never stored (DECISIONS 29). */
export const PREVIEWABLE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'];

export function isPreviewable(ext: string): boolean {
  return PREVIEWABLE_EXTENSIONS.includes(ext);
}

/** The content type stored for an accepted extension (old Office files arrive as "cfb"). */
const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  // Only ever stored after sanitising, by the theme's logo and favicon (docs/decisions/0027).
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function mimeTypeFor(ext: string, detectedMime: string | null): string {
  return MIME_BY_EXTENSION[ext] ?? detectedMime ?? 'application/octet-stream';
}

/** Content types a browser may show inline; everything else downloads (DECISIONS 29). */
const INLINE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'];

export function isInlineSafe(mime: string): boolean {
  return INLINE_MIME_TYPES.includes(mime.toLowerCase());
}

/**
 * The storage key of an upload: "files/2026/11/<random>-<safe-name>.<ext>", and of its preview
 * "previews/2026/11/<random>-<safe-name>.webp". The server chooses every part; the name only
 * lends its safe words.
 */
export function storageKeysFor(
  name: string,
  ext: string,
  at: Date,
  random: string,
): { path: string; previewPath: string } {
  const folder = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  const base = `${random}-${safeBaseName(name)}`;
  return { path: `files/${folder}/${base}.${ext}`, previewPath: `previews/${folder}/${base}.webp` };
}

/**
 * The Content-Disposition of a served file: inline only for images and PDF, attachment for the
 * rest (DECISIONS 29). The name is the original one with the extension its content proved; quotes,
 * slashes and control characters never reach the header.
 */
export function contentDisposition(name: string, ext: string, mime: string): string {
  const file = name.split(/[\\/]/).pop() ?? '';
  const dot = file.lastIndexOf('.');
  const base =
    (dot >= 0 ? file.slice(0, dot) : file)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
      .replace(/[\u0000-\u001f\u007f"\\;]/g, '')
      .trim() || 'file';
  const full = `${base}.${ext}`;
  const ascii = full
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const kind = isInlineSafe(mime) ? 'inline' : 'attachment';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
