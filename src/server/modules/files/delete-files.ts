import { inArray } from 'drizzle-orm';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { files } from './files.tables';

const MAX_ID = 2_147_483_647;

export type RemovalFailure = (key: string, error: unknown) => void;

/**
 * Deletes files from the library: the rows in one transaction (with an audit row), then their
 * stored files and previews. A stored file that cannot be removed is reported, not fatal: the row
 * is gone, so nothing points at it any more.
 */
export async function deleteFiles(
  ctx: AppContext,
  ids: readonly number[],
  actorUserId: number,
  onRemovalFailure: RemovalFailure = () => {},
): Promise<number> {
  const wanted = [...new Set(ids)].filter((id) => id <= MAX_ID);
  if (wanted.length === 0) return 0;
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(files)
      .where(inArray(files.id, wanted))
      .returning({ id: files.id, name: files.name, path: files.path, previewPath: files.previewPath });
    if (rows.length > 0) {
      await audit(tx, {
        actorUserId,
        action: 'files.deleted',
        subjectType: 'file',
        data: { files: rows.map((r) => ({ id: r.id, name: r.name, path: r.path })) },
      });
    }
    return rows;
  });
  const keys = removed.flatMap((r) => (r.previewPath ? [r.path, r.previewPath] : [r.path]));
  await Promise.all(
    keys.map((key) => ctx.storage.remove(key).catch((error: unknown) => onRemovalFailure(key, error))),
  );
  return removed.length;
}

/** Deletes one file; a file that does not exist answers 404. */
export async function deleteFile(
  ctx: AppContext,
  id: number,
  actorUserId: number,
  onRemovalFailure?: RemovalFailure,
): Promise<void> {
  const count = await deleteFiles(ctx, [id], actorUserId, onRemovalFailure);
  if (count === 0) throw notFound('File not found.');
}
