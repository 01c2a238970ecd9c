import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageReply } from '../../../contracts/common';
import {
  type BulkDeleteReply,
  FILE_MESSAGES,
  type FileListReply,
  type FileReply,
  type FileReplyMany,
  type FileUploadReply,
} from '../../../contracts/files';
import { HttpError, http } from '../../lib/http';
import { uploadWithProgress } from '../../lib/transfer';
import type { FileListParams } from './file-browser-state';

export type { FileReply };

const FILES = ['files'] as const;

/** One page of the library (spec 1 §7 Files), keeping the previous page on screen while the next loads. */
export function useFileList(query: FileListParams) {
  return useQuery({
    queryKey: [...FILES, 'list', query],
    queryFn: ({ signal }) => http.get<FileListReply>('/admin/file-manager', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Files by id, in the order asked: for screens that keep file ids (product images, slides, logo). */
export function useFilesByIds(ids: readonly number[]) {
  return useQuery({
    queryKey: [...FILES, 'ids', ids],
    queryFn: async ({ signal }) =>
      (await http.get<FileReplyMany>('/admin/file/files', { ids: ids.join(',') }, signal)).data,
    enabled: ids.length > 0,
  });
}

export function uploadFiles(
  files: readonly File[],
  context: string,
  onProgress: (percent: number) => void,
): Promise<FileUploadReply> {
  const form = new FormData();
  form.append('context', context);
  for (const file of files) form.append('files[]', file, file.name);
  return uploadWithProgress<FileUploadReply>('/admin/file/upload', form, onProgress);
}

export function useInvalidateFiles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: FILES });
}

export function useDeleteFile() {
  const invalidate = useInvalidateFiles();
  return useMutation({
    mutationFn: (id: number) => http.delete<MessageReply>(`/admin/file/${id}`),
    onSettled: invalidate,
  });
}

export function useBulkDeleteFiles() {
  const invalidate = useInvalidateFiles();
  return useMutation({
    mutationFn: (ids: number[]) =>
      http.post<BulkDeleteReply>('/admin/file-manager/bulk-delete', { file_ids: ids }),
    onSettled: invalidate,
  });
}

/**
 * What to say when a call failed: the server's words when it gave some, else "… failed with status:
 * {code}" (spec 1 §8 Files), or the network error.
 */
export function failureText(error: unknown, withStatus: (code: number) => string): string {
  if (error instanceof HttpError) {
    const said = (error.body as { message?: unknown } | null)?.message;
    return error.status < 500 && typeof said === 'string' && said ? said : withStatus(error.status);
  }
  return error instanceof Error && error.message ? error.message : 'Network error';
}

export const uploadFailureText = (error: unknown) => failureText(error, FILE_MESSAGES.uploadStatus);
export const deleteFailureText = (error: unknown) => failureText(error, FILE_MESSAGES.deleteStatus);
