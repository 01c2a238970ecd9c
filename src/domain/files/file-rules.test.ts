import { describe, expect, it } from 'vitest';
import {
  acceptedExtension,
  contentDisposition,
  DEFAULT_ALLOWED_TYPES,
  extensionOf,
  fileKindOf,
  fileTooLargeMessage,
  formatFileSize,
  isInlineSafe,
  maxFileBytes,
  mimeTypeFor,
  NO_FILES_SELECTED,
  parseAllowedTypes,
  safeBaseName,
  storageKeysFor,
  totalTooLargeMessage,
  uploadSizeProblem,
} from './file-rules';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [50 * 1024 * 1024, '50 MB'],
    [1234567, '1.18 MB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('messages', () => {
  it('speaks the spec words', () => {
    expect(fileTooLargeMessage('cat.png', 5 * 1024 * 1024)).toBe('File too large: cat.png (max 5 MB)');
    expect(totalTooLargeMessage()).toBe('Total file size exceeds 50 MB limit');
  });
});

describe('acceptedExtension', () => {
  it.each([
    ['png', 'png', DEFAULT_ALLOWED_TYPES, 'png'],
    ['png', 'jpg', DEFAULT_ALLOWED_TYPES, 'png'],
    ['jpg', 'jpeg', DEFAULT_ALLOWED_TYPES, 'jpeg'],
    ['jpg', 'jpg', ['jpeg'], 'jpeg'],
    ['exe', 'png', DEFAULT_ALLOWED_TYPES, null],
    [null, 'pdf', DEFAULT_ALLOWED_TYPES, null],
    ['cfb', 'doc', DEFAULT_ALLOWED_TYPES, 'doc'],
    ['cfb', 'xls', DEFAULT_ALLOWED_TYPES, 'xls'],
    ['cfb', 'msi', DEFAULT_ALLOWED_TYPES, null],
    ['cfb', 'doc', ['pdf'], null],
    ['pdf', 'pdf', ['png'], null],
  ] as const)('content %s named .%s', (detected, declared, allowed, expected) => {
    expect(acceptedExtension(detected, declared, allowed)).toBe(expected);
  });
});

describe('names', () => {
  it('parses the allowed-types setting', () => {
    expect(parseAllowedTypes(' JPG, .png ,,pdf,png')).toEqual(['jpg', 'png', 'pdf']);
  });

  it.each([
    ['Photo.JPG', 'jpg'],
    ['archive.tar.gz', 'gz'],
    ['.env', ''],
    ['README', ''],
  ])('extension of %s is %j', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });

  it.each([
    ['Été à Paris!.png', 'ete-a-paris'],
    ['../../etc/passwd', 'passwd'],
    ['???.pdf', 'file'],
  ])('safe name of %s is %s', (name, safe) => {
    expect(safeBaseName(name)).toBe(safe);
  });
});

describe('fileKindOf', () => {
  it.each([
    ['png', 'image'],
    ['jpeg', 'image'],
    ['pdf', 'document'],
    ['xlsx', 'document'],
    ['zip', 'other'],
    ['', 'other'],
  ])('.%s is %s', (ext, kind) => {
    expect(fileKindOf(ext)).toBe(kind);
  });
});

describe('uploadSizeProblem', () => {
  const MB = 1024 * 1024;
  it.each([
    ['none chosen', [], 5 * MB, NO_FILES_SELECTED],
    ['all fine', [{ name: 'a.png', size: 5 * MB }], 5 * MB, null],
    ['one byte over', [{ name: 'b.png', size: 5 * MB + 1 }], 5 * MB, 'File too large: b.png (max 5 MB)'],
    [
      'the first too large wins',
      [
        { name: 'ok.png', size: 1 },
        { name: 'big.pdf', size: 2 * MB },
        { name: 'bigger.pdf', size: 3 * MB },
      ],
      maxFileBytes(1.5),
      'File too large: big.pdf (max 1.5 MB)',
    ],
    [
      'eleven of 5 MB',
      Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.png`, size: 5 * MB })),
      6 * MB,
      'Total file size exceeds 50 MB limit',
    ],
    [
      'fifty-one files',
      Array.from({ length: 51 }, (_, i) => ({ name: `f${i}.png`, size: 1 })),
      5 * MB,
      'Too many files: at most 50 can be uploaded at once.',
    ],
    [
      'exactly 50 MB',
      Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.png`, size: 5 * MB })),
      5 * MB,
      null,
    ],
  ] as const)('%s', (_label, files, max, problem) => {
    expect(uploadSizeProblem(files, max)).toBe(problem);
  });
});

describe('serving rules', () => {
  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['application/pdf', true],
    ['image/svg+xml', false],
    ['text/html', false],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
  ])('%s inline: %s', (mime, inline) => {
    expect(isInlineSafe(mime)).toBe(inline);
  });

  it.each([
    ['photo.JPG', 'png', 'image/png', `inline; filename="photo.png"; filename*=UTF-8''photo.png`],
    [
      'Prix été.xlsx',
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      `attachment; filename="Prix ete.xlsx"; filename*=UTF-8''Prix%20%C3%A9t%C3%A9.xlsx`,
    ],
    ['a"b;\r\nc.pdf', 'pdf', 'application/pdf', `inline; filename="abc.pdf"; filename*=UTF-8''abc.pdf`],
    ['../../.pdf', 'pdf', 'application/pdf', `inline; filename="file.pdf"; filename*=UTF-8''file.pdf`],
  ])('Content-Disposition of %j', (name, ext, mime, header) => {
    expect(contentDisposition(name, ext, mime)).toBe(header);
  });

  it('stores the content type of the proven extension', () => {
    expect(mimeTypeFor('doc', 'application/x-cfb')).toBe('application/msword');
    expect(mimeTypeFor('png', 'image/png')).toBe('image/png');
    expect(mimeTypeFor('zip', 'application/zip')).toBe('application/zip');
    expect(mimeTypeFor('zip', null)).toBe('application/octet-stream');
  });

  it('chooses storage keys from the date, a random part and the safe name', () => {
    expect(storageKeysFor('Été à Paris!.PNG', 'png', new Date('2026-11-30T23:59:00Z'), 'ab12')).toEqual({
      path: 'files/2026/11/ab12-ete-a-paris.png',
      previewPath: 'previews/2026/11/ab12-ete-a-paris.webp',
    });
  });
});
