import type { FileListReply, FileReply } from '../../../contracts/files';
import { formatFileSize, isDocumentExtension, isImageExtension } from '../../../domain/files/file-rules';
import type { Paged } from '../../../domain/paging/paging';
import type { Storage } from '../../platform/files/storage';
import type { FileRow } from './files.queries';

/** A file row as spec 1 §3 names its fields; URLs come from the storage. */
export function presentFile(row: FileRow, storage: Pick<Storage, 'url'>): FileReply {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    formatted_size: formatFileSize(row.size),
    mime_type: row.mimeType,
    extension: row.extension,
    is_image: isImageExtension(row.extension),
    is_document: isDocumentExtension(row.extension),
    url: storage.url(row.path),
    path: row.path,
    preview_url: row.previewPath ? storage.url(row.previewPath) : null,
    context: row.context,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentFileList(
  page: Paged<FileRow>,
  totalSize: number,
  storage: Pick<Storage, 'url'>,
): FileListReply {
  return {
    files: page.data.map((row) => presentFile(row, storage)),
    pagination: {
      current_page: page.current_page,
      last_page: page.last_page,
      per_page: page.per_page,
      total: page.total,
      from: page.from,
      to: page.to,
    },
    total_size: totalSize,
  };
}
