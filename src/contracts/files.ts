import { z } from 'zod';
import { FILE_CONTEXTS, FILE_KINDS, NO_FILES_FOR_DELETION } from '../domain/files/file-rules';
import type { Paged } from '../domain/paging/paging';
import { pageParam, perPageParam, recordId, searchText } from './common';

/** spec 1 §3 File, as every file route answers it. */
export type FileReply = {
  id: number;
  name: string;
  size: number;
  formatted_size: string;
  mime_type: string;
  extension: string;
  is_image: boolean;
  is_document: boolean;
  url: string;
  path: string;
  preview_url: string | null;
  context: string;
  width: number | null;
  height: number | null;
  created_at: string;
};

export type FileContext = (typeof FILE_CONTEXTS)[number];

/** GET /admin/file-manager (spec 1 §7 Files). */
export type FileListReply = {
  files: FileReply[];
  pagination: Omit<Paged<FileReply>, 'data'>;
  /** Bytes of every file matching the filters, not only this page. */
  total_size: number;
};

export type FileUploadReply = { success: true; files: FileReply[]; message: string };
export type FileReplyOne = { success: true; data: FileReply };
export type FileReplyMany = { success: true; data: FileReply[] };
export type BulkDeleteReply = { success: true; deleted_count: number; message: string };

export const FILE_SORTS = ['name', 'size', 'created_at'] as const;
export type FileSort = (typeof FILE_SORTS)[number];
export const FILES_PER_PAGE = 24;
export const MAX_IDS_PER_REQUEST = 100;

export const FILE_MESSAGES = {
  contextInvalid: 'The selected context is invalid.',
  deleted: 'File deleted successfully.',
  uploaded: (count: number) => `${count} ${count === 1 ? 'file' : 'files'} uploaded successfully.`,
  bulkDeleted: (count: number) => `${count} ${count === 1 ? 'file' : 'files'} deleted successfully.`,
  /** The screen-reader note after an upload (spec 1 §2). */
  uploadedNote: (count: number) => `${count} ${count === 1 ? 'file' : 'files'} uploaded`,
  idsRequired: 'The ids field is required.',
  idsInvalid: 'The ids must be a comma-separated list of file ids.',
  idsTooMany: `At most ${MAX_IDS_PER_REQUEST} files can be fetched at once.`,
  /** spec 1 §8 Files titles. */
  loadTitle: 'Error loading files',
  uploadErrorTitle: 'Upload Error',
  uploadFailedTitle: 'Upload failed',
  deleteFailedTitle: 'Delete failed',
  bulkDeleteFailedTitle: 'Bulk Delete Failed',
  uploadStatus: (code: number) => `Upload failed with status: ${code}`,
  deleteStatus: (code: number) => `Delete failed with status: ${code}`,
} as const;

/** "" and "all" mean no filter: the screens send what their selects hold. */
const blankToUndefined = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

export const fileContextSchema = z.enum(FILE_CONTEXTS, { error: FILE_MESSAGES.contextInvalid });

export const fileListQuery = z.object({
  page: pageParam,
  per_page: perPageParam(FILES_PER_PAGE),
  context: z.preprocess(blankToUndefined, fileContextSchema.optional()),
  type: z.preprocess(blankToUndefined, z.enum(FILE_KINDS).optional()),
  sort_by: z.preprocess(blankToUndefined, z.enum(FILE_SORTS).default('created_at')),
  sort_order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('desc')),
  search: searchText,
});
export type FileListQuery = z.infer<typeof fileListQuery>;

/** The multipart fields of POST /admin/file/upload besides the files. */
export const fileUploadFields = z.object({
  context: z.preprocess(blankToUndefined, fileContextSchema.default('products')),
});

/** GET /admin/file/files?ids=3,1,2: the files in the order asked, each once. */
export const fileIdsQuery = z.object({
  ids: z
    .string({ error: FILE_MESSAGES.idsRequired })
    .trim()
    .min(1, FILE_MESSAGES.idsRequired)
    .regex(/^\d+(\s*,\s*\d+)*$/, FILE_MESSAGES.idsInvalid)
    .transform((text) => [...new Set(text.split(',').map((id) => Number(id.trim())))])
    .pipe(
      z
        .array(
          z.number().int().positive(FILE_MESSAGES.idsInvalid).max(2_147_483_647, FILE_MESSAGES.idsInvalid),
        )
        .max(MAX_IDS_PER_REQUEST, FILE_MESSAGES.idsTooMany),
    ),
});

export const bulkDeleteBody = z.object({
  file_ids: z.array(recordId, { error: NO_FILES_FOR_DELETION }).min(1, NO_FILES_FOR_DELETION).max(500),
});
export type BulkDeleteBody = z.infer<typeof bulkDeleteBody>;

/** A file id in a path; beyond the integer range it cannot exist (404, not a database error). */
export const fileIdParam = z.object({ id: recordId });
