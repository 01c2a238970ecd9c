import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageReply } from '../../../contracts/common';
import {
  type BulkDeleteReply,
  bulkDeleteBody,
  FILE_MESSAGES,
  type FileListReply,
  type FileReplyMany,
  type FileReplyOne,
  type FileUploadReply,
  fileIdParam,
  fileIdsQuery,
  fileListQuery,
} from '../../../contracts/files';
import { fieldError } from '../../../domain/errors';
import { NO_FILES_SELECTED } from '../../../domain/files/file-rules';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { deleteFile, deleteFiles } from './delete-files';
import { presentFile, presentFileList } from './files.presenter';
import { findFile, findFiles, listFiles } from './files.queries';
import { openStoredFile } from './open-stored-file';
import { uploadFiles } from './upload-files';

const manage = { permission: 'files.manage' } as const;

/** What a served upload may do once in the browser: nothing (DECISIONS 29). */
const UPLOAD_CSP = "default-src 'none'; sandbox";

/** The file library (spec 1 §2, §5, §7 Files) and the public serving of uploads. */
export const filesRoutes = [
  defineRoute({
    method: 'GET',
    url: '/admin/file-manager',
    auth: manage,
    page: 'admin',
    query: fileListQuery,
    handler: async ({ ctx, query }): Promise<FileListReply> => {
      const { page, totalSize } = await listFiles(ctx.db, query);
      return presentFileList(page, totalSize, ctx.storage);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/file/upload',
    auth: manage,
    multipart: true,
    handler: async ({ ctx, req, session }): Promise<FileUploadReply> => {
      if (!req.isMultipart()) throw fieldError('files', NO_FILES_SELECTED);
      const rows = await uploadFiles(
        ctx,
        // Over-size files are cut off and flagged `truncated` instead of failing the stream, so
        // the upload can name the file and still read the rest of the request.
        (limits) =>
          req.parts({ limits, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0]),
        session.user.id,
      );
      return {
        success: true,
        files: rows.map((row) => presentFile(row, ctx.storage)),
        message: FILE_MESSAGES.uploaded(rows.length),
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/file/files',
    auth: manage,
    query: fileIdsQuery,
    handler: async ({ ctx, query }): Promise<FileReplyMany> => {
      const rows = await findFiles(ctx.db, query.ids);
      return { success: true, data: rows.map((row) => presentFile(row, ctx.storage)) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/file/:id',
    auth: manage,
    params: fileIdParam,
    handler: async ({ ctx, params }): Promise<FileReplyOne> => {
      const row = await findFile(ctx.db, params.id);
      if (!row) throw notFound('File not found.');
      return { success: true, data: presentFile(row, ctx.storage) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/file/:id',
    auth: manage,
    params: fileIdParam,
    handler: async ({ ctx, req, params, session }): Promise<MessageReply> => {
      await deleteFile(ctx, params.id, session.user.id, (key, err) =>
        req.log.warn({ err, key }, 'stored file not removed'),
      );
      return { success: true, message: FILE_MESSAGES.deleted };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/file-manager/bulk-delete',
    auth: manage,
    body: bulkDeleteBody,
    handler: async ({ ctx, req, body, session }): Promise<BulkDeleteReply> => {
      const count = await deleteFiles(ctx, body.file_ids, session.user.id, (key, err) =>
        req.log.warn({ err, key }, 'stored file not removed'),
      );
      return { success: true, deleted_count: count, message: FILE_MESSAGES.bulkDeleted(count) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/uploads/*',
    auth: 'public',
    params: z.object({ '*': z.string() }),
    handler: async ({ ctx, params, reply }) => {
      const file = await openStoredFile(ctx, params['*']);
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', file.disposition)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', UPLOAD_CSP)
        // Keys are random and never rewritten: a stored file never changes under its URL.
        .header('Cache-Control', 'public, max-age=31536000, immutable');
      if (file.size !== null) reply.header('Content-Length', String(file.size));
      return reply.send(file.stream);
    },
  }),
];
